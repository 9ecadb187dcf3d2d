/**
 * The sign-in and register layout (docs/product.md §2 "Route table": centred card, no header or footer).
 */
import { Outlet } from 'react-router';
import { useStoreInfo } from '@client/lib/store-info/store-info-query';
import { useFallbackTitle } from '@client/lib/use-document-title';
import { useScrollToTop } from './scroll-to-top';

export function AuthLayout() {
  const { brand } = useStoreInfo();
  useFallbackTitle(brand);
  useScrollToTop();

  return (
    <main className="flex min-h-dvh items-center justify-center bg-gradient-to-br from-brand-50 via-white to-brand-100 px-4 py-10">
      <div className="w-full max-w-md rounded-xl border border-stone-200 bg-white p-6 shadow-lg sm:p-8">
        <Outlet />
      </div>
    </main>
  );
}
