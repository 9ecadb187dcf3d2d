/**
 * Pieces shared by the home page's first-load part and its lazily loaded lower part: the section heading and
 * the Featured Products frame with its 4 loading placeholders (docs/product.md §2 "Home", §9).
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowRightIcon } from '@client/components/icons/first-load-icons';
import { ProductCardSkeleton } from '@client/components/catalog/product-card-skeleton';

/** Featured default count: 4 cards, 4 skeletons while loading (docs/product.md §9). */
export const HOME_FEATURED_COUNT = 4;

export function SectionHeading({ id, title, children }: { id: string; title: string; children?: ReactNode }) {
  return (
    <div className="mb-6 flex items-end justify-between gap-4 sm:mb-8">
      <div>
        <h2 id={id} className="font-serif text-2xl font-bold text-brand-900 sm:text-3xl">
          {title}
        </h2>
        <span aria-hidden="true" className="mt-2 block h-1 w-16 rounded-full bg-zari-400" />
      </div>
      {children}
    </div>
  );
}

/** The Featured Products section around its content, with the 'View All' link to /products. */
export function HomeFeaturedFrame({ children }: { children: ReactNode }) {
  return (
    <section aria-labelledby="home-featured-title" className="bg-brand-50/60">
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
        <SectionHeading id="home-featured-title" title="Featured Products">
          <Link
            to="/products"
            className="inline-flex items-center gap-1 rounded-md text-sm font-semibold text-brand-700 hover:text-brand-900 hover:underline"
          >
            View All
            <ArrowRightIcon aria-hidden="true" className="size-4" />
          </Link>
        </SectionHeading>
        {children}
      </div>
    </section>
  );
}

/** The 4 placeholders shown while the featured products load (docs/product.md §2 "Home"). */
export function HomeFeaturedSkeletons() {
  return (
    <div
      className="grid grid-cols-2 gap-3 sm:gap-6 lg:grid-cols-4"
      aria-busy="true"
      aria-label="Loading featured products"
    >
      {Array.from({ length: HOME_FEATURED_COUNT }, (_, index) => (
        <ProductCardSkeleton key={index} />
      ))}
    </div>
  );
}
