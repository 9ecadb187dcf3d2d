/**
 * The main layout (docs/product.md §2 "Main layout"): sticky header, the page, footer and the mobile bottom bar. Sets
 * the page title from store info, scrolls to the top on route changes and reports a store-info failure.
 */
import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { STORE_INFO_ERROR, useStoreInfo } from '@client/lib/store-info/store-info-query';
import { useFallbackTitle } from '@client/lib/use-document-title';
import { Header } from './header';
import { MobileBottomBar } from './mobile-bottom-bar';
import { useScrollToTop } from './scroll-to-top';

/** The footer is below the fold: its own chunk keeps the home page's first-load JavaScript small. */
const Footer = lazy(async () => ({ default: (await import('./footer')).Footer }));

export function MainLayout() {
  const { brand, isError } = useStoreInfo();
  useFallbackTitle(brand);
  useScrollToTop();

  return (
    <div className="flex min-h-dvh flex-col pb-[calc(4rem+env(safe-area-inset-bottom))] md:pb-0">
      <a href="#main-content" className="skip-link">
        Skip to content
      </a>
      {/* Written out rather than <Alert>: this layout is in the home page's first load, which has no room for
          the component, and a lazy one would not load when the network is what failed. */}
      {isError && (
        <p role="alert" className="bg-amber-50 px-4 py-1.5 text-center text-xs text-amber-900 sm:text-sm">
          {STORE_INFO_ERROR}
        </p>
      )}
      <Header />
      <main id="main-content" tabIndex={-1} className="flex-1 focus:outline-none">
        <Outlet />
      </main>
      <Suspense fallback={<div className="min-h-64 bg-brand-900" />}>
        <Footer />
      </Suspense>
      <MobileBottomBar />
    </div>
  );
}
