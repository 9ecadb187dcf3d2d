/**
 * The lower part of the home page (docs/product.md §2 "Home", §4 "Featured list on home", "Newsletter"), loaded as its own
 * chunk: Featured Products, the promotional block with 'Explore Collection', and the newsletter.
 */
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery } from '@tanstack/react-query';
import { ArrowRight, Mail } from 'lucide-react';
import { buttonVariants } from '@client/components/ui/button-variants';
import { inputClassName } from '@client/components/ui/input';
import { ProductCard } from '@client/components/catalog/product-card';
import { STORE_INFO_FAILURE_CATEGORIES, useStoreInfo } from '@client/lib/store-info/store-info-query';
import { toast } from '@client/lib/notify';
import { ApiError, apiRequest } from '@client/lib/api-client';
import { errorText } from '@client/lib/error-text';
import { messageTexts } from '@shared/messages/message-texts';
import { useMarkHydrated } from '@client/lib/server-html';
import { cn } from '@client/lib/utils';
import { featuredProductsQueryOptions } from './featured-products-query';
import { HOME_FEATURED_COUNT, HomeFeaturedFrame, HomeFeaturedSkeletons } from './home-sections';

export function HomeBelowFold() {
  useMarkHydrated();
  return (
    <>
      <HomeFeaturedFrame>
        <HomeFeaturedProducts />
      </HomeFeaturedFrame>
      <HomePromo />
      <HomeNewsletter />
    </>
  );
}

function HomeFeaturedProducts() {
  const store = useStoreInfo();
  // Featured products of the first store category, lower-cased (docs/product.md §7); Accessories when store info fails (§8).
  const firstCategory = store.isError ? STORE_INFO_FAILURE_CATEGORIES[0] : store.info?.categories[0];
  const featured = useQuery({
    ...featuredProductsQueryOptions(firstCategory?.toLowerCase(), HOME_FEATURED_COUNT),
    enabled: !store.isPending,
  });
  const products = featured.data ?? [];

  if (store.isPending || featured.isPending) return <HomeFeaturedSkeletons />;
  // A failed featured list is logged by its query and shows as empty (docs/product.md §4, §8).
  if (products.length === 0) {
    return (
      <p className="rounded-lg border border-dashed border-stone-300 bg-white px-4 py-10 text-center text-stone-600">
        No featured products available at the moment.
      </p>
    );
  }
  return (
    <ul className="grid grid-cols-2 gap-3 sm:gap-6 lg:grid-cols-4">
      {products.map((product) => (
        <li key={product.id}>
          <ProductCard product={product} />
        </li>
      ))}
    </ul>
  );
}

function HomePromo() {
  return (
    <section
      aria-labelledby="home-promo-title"
      className="mx-auto max-w-7xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8"
    >
      <div className="relative overflow-hidden rounded-2xl bg-brand-800 px-6 py-12 text-center text-white sm:px-12 sm:py-16">
        <svg aria-hidden="true" className="absolute inset-0 size-full opacity-10" preserveAspectRatio="none">
          <defs>
            <pattern id="home-promo-pattern" width="40" height="40" patternUnits="userSpaceOnUse">
              <path d="M20 4l4 12 12 4-12 4-4 12-4-12-12-4 12-4z" fill="#e3b341" />
            </pattern>
          </defs>
          <rect width="100%" height="100%" fill="url(#home-promo-pattern)" />
        </svg>
        <div className="relative mx-auto max-w-2xl">
          <p className="text-sm font-semibold tracking-widest text-zari-400 uppercase">Woven with care</p>
          <h2 id="home-promo-title" className="mt-3 font-serif text-3xl font-bold sm:text-4xl">
            Crafted for every celebration
          </h2>
          <p className="mt-4 text-brand-100">
            From festive silks and brocades to everyday cottons, find fabrics and ethnic wear chosen for their
            weave, colour and comfort.
          </p>
          <Link to="/products" className={cn(buttonVariants({ variant: 'gold', size: 'lg' }), 'mt-8')}>
            Explore Collection
            <ArrowRight aria-hidden="true" />
          </Link>
        </div>
      </div>
    </section>
  );
}

/**
 * Newsletter (docs/product.md §2 "Home", §4, §5): a browser-checked e-mail signed up with `POST /newsletter`
 * (the server checks it with the shared schema and mails the welcome with its unsubscribe link), then a toast
 * and the field cleared. The server's refusal shows under the field. A plain form: zod and react-hook-form
 * are not loaded on the home page (docs/decisions/005-first-load-budget.md).
 */
function HomeNewsletter() {
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const [problem, setProblem] = useState<string | null>(null);
  const signUp = useMutation({
    mutationFn: (email: string) => apiRequest('/newsletter', { method: 'POST', body: { email } }),
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const email = String(new FormData(form).get('email') ?? '');
    setProblem(null);
    signUp.mutate(email, {
      onSuccess: () => {
        toast.success(messageTexts.subscribedTitle, { description: messageTexts.subscribedDescription });
        form.reset();
      },
      onError: (error) =>
        setProblem(error instanceof ApiError && error.fields.email ? error.fields.email : errorText(error)),
    });
  };

  return (
    <section aria-labelledby="home-newsletter-title" className="border-t border-stone-200 bg-white">
      <div className="mx-auto flex max-w-3xl flex-col items-center px-4 py-12 text-center sm:px-6 sm:py-16">
        <span className="flex size-12 items-center justify-center rounded-full bg-brand-100 text-brand-700">
          <Mail aria-hidden="true" className="size-6" />
        </span>
        <h2
          id="home-newsletter-title"
          className="mt-4 font-serif text-2xl font-bold text-brand-900 sm:text-3xl"
        >
          Join our newsletter
        </h2>
        <p className="mt-2 text-stone-600">Hear about new arrivals and collections first.</p>
        <form
          onSubmit={onSubmit}
          className="mt-6 flex w-full max-w-md flex-col gap-2 text-left sm:flex-row sm:items-end"
        >
          <div className="flex flex-1 flex-col gap-1.5">
            <label htmlFor={inputId} className="text-sm font-medium text-stone-800">
              Email address
            </label>
            <input
              id={inputId}
              name="email"
              type="email"
              required
              autoComplete="email"
              placeholder="you@example.com"
              className={inputClassName}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? errorId : undefined}
            />
            {problem && (
              <p id={errorId} role="alert" className="text-sm text-red-700">
                {problem}
              </p>
            )}
          </div>
          <button type="submit" className={buttonVariants()} disabled={signUp.isPending}>
            Subscribe
          </button>
        </form>
      </div>
    </section>
  );
}
