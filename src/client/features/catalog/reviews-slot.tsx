/**
 * Where the product page's reviews go (docs/reviews.md "Reading reviews"): the heading, and the reviews section
 * (./reviews/reviews-section.tsx), a chunk of its own loaded only when the slot comes within a screen of the
 * viewport, or when the browser is idle, so neither the first load nor the product page's chunk carries it.
 */
import { lazy, Suspense, useEffect, useRef, useState } from 'react';

const ReviewsSection = lazy(() => import('./reviews/reviews-section'));

export function ReviewsSlot({ productId }: { productId: string }) {
  const slot = useRef<HTMLElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = slot.current;
    if (!element || near) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: '100% 0px' },
    );
    observer.observe(element);
    const idle = window.requestIdleCallback
      ? window.requestIdleCallback(() => setNear(true), { timeout: 4000 })
      : window.setTimeout(() => setNear(true), 2000);
    return () => {
      observer.disconnect();
      if (window.cancelIdleCallback) window.cancelIdleCallback(idle);
      else window.clearTimeout(idle);
    };
  }, [near]);
  return (
    <section ref={slot} id="reviews" aria-labelledby="product-reviews" className="flex flex-col gap-4">
      <h2 id="product-reviews" className="font-serif text-xl font-bold text-stone-900">
        Reviews
      </h2>
      {near && (
        <Suspense fallback={<p className="text-sm text-stone-600">Loading reviews…</p>}>
          <ReviewsSection productId={productId} />
        </Suspense>
      )}
    </section>
  );
}
