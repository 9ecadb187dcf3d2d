/**
 * The home page (docs/product.md §2 "Home", §4 "Featured list on home", "Newsletter"): hero, the 'Premium Fabrics &
 * Fashion' categories, featured products, a promotional block and the newsletter. In the first-load bundle,
 * so it imports no heavy library (no radix, no form or schema libraries) and loads its lower part lazily.
 */
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { ArrowRightIcon } from '@client/components/icons/first-load-icons';
import { buttonVariants } from '@client/components/ui/button-variants';
import { Skeleton } from '@client/components/ui/skeleton';
import { STORE_INFO_FAILURE_CATEGORIES, useStoreInfo } from '@client/lib/store-info/store-info-query';
import { cn } from '@client/lib/utils';
import { homeCategories, homeCategoryGridClass } from './home-categories';
import { HomeFeaturedFrame, HomeFeaturedSkeletons, SectionHeading } from './home-sections';

/**
 * Featured products, the promotional block and the newsletter sit below the fold: they load as their own
 * chunk so the home page's first-load JavaScript stays small (the product card, prices and cart rules).
 */
const HomeBelowFold = lazy(async () => ({ default: (await import('./home-below-fold')).HomeBelowFold }));

/** The hero's picture: a local illustration (no network beyond the shop's own host). */
const HERO_IMAGE = '/media/hero.svg';

export function HomePage() {
  return (
    <>
      <HomeHero />
      <HomeCategorySection />
      <Suspense
        fallback={
          <HomeFeaturedFrame>
            <HomeFeaturedSkeletons />
          </HomeFeaturedFrame>
        }
      >
        <HomeBelowFold />
      </Suspense>
    </>
  );
}

function HomeHero() {
  const { info, brand, isPending } = useStoreInfo();
  return (
    <section aria-labelledby="home-hero-title" className="relative isolate overflow-hidden bg-brand-50">
      <img
        src={HERO_IMAGE}
        alt=""
        width={1600}
        height={900}
        fetchPriority="high"
        className="absolute inset-0 -z-10 size-full object-cover object-right"
      />
      <div aria-hidden="true" className="home-hero-shade" />
      <div className="mx-auto flex min-h-[26rem] max-w-7xl flex-col justify-center px-4 py-14 sm:px-6 md:min-h-[32rem] lg:px-8">
        <div className="max-w-xl">
          <p className="home-hero-eyebrow">Fabrics &amp; ethnic wear</p>
          <h1
            id="home-hero-title"
            className="font-serif text-4xl leading-tight font-bold text-brand-900 sm:text-5xl lg:text-6xl"
          >
            {isPending ? <Skeleton className="h-12 w-64 bg-brand-100 sm:h-14" /> : brand}
          </h1>
          {info?.description && (
            <p className="mt-4 text-base text-stone-700 sm:text-lg">{info.description}</p>
          )}
          <div className="mt-8 flex flex-wrap gap-3">
            <Link to="/products" className={buttonVariants({ size: 'lg' })}>
              Shop Collection
              <ArrowRightIcon aria-hidden="true" />
            </Link>
            <Link to="/products?featured=true" className={buttonVariants({ size: 'lg', variant: 'outline' })}>
              Featured Items
            </Link>
          </div>
        </div>
      </div>
    </section>
  );
}

function HomeCategorySection() {
  const { info, isPending, isError } = useStoreInfo();
  // Store info failing: the category list falls back to Accessories (docs/product.md §8).
  const cards = homeCategories(
    isError ? STORE_INFO_FAILURE_CATEGORIES : info?.categories,
    info?.categoryImages,
  );

  return (
    <section
      aria-labelledby="home-categories-title"
      className="mx-auto max-w-7xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8"
    >
      <SectionHeading id="home-categories-title" title="Premium Fabrics & Fashion" />
      {isPending ? (
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-3 sm:gap-6">
          {[0, 1, 2].map((index) => (
            <Skeleton key={index} className="aspect-[4/3] w-full rounded-xl" />
          ))}
        </div>
      ) : (
        <ul className={cn('grid gap-4 sm:gap-6', homeCategoryGridClass(cards.length))}>
          {cards.map((card) => (
            <li key={card.name}>
              <Link to={card.href} className="home-category-card group">
                <img
                  src={card.image}
                  alt=""
                  width={800}
                  height={600}
                  loading="lazy"
                  decoding="async"
                  className={cn(
                    'w-full object-cover transition-transform duration-500 group-hover:scale-105',
                    cards.length === 1 ? 'aspect-[4/3] sm:aspect-[21/9]' : 'aspect-[4/3]',
                  )}
                />
                <span
                  aria-hidden="true"
                  className="absolute inset-0 bg-gradient-to-t from-brand-900/80 via-brand-900/20 to-transparent"
                />
                <span className="absolute inset-x-0 bottom-0 flex items-end justify-between gap-3 p-4 sm:p-5">
                  <span className="font-serif text-xl font-bold text-white sm:text-2xl">{card.name}</span>
                  <span
                    className="inline-flex shrink-0 items-center gap-1 text-sm font-medium text-zari-400"
                    aria-hidden="true"
                  >
                    Shop now
                    <ArrowRightIcon className="size-4 transition-transform group-hover:translate-x-0.5" />
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
