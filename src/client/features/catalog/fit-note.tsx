/**
 * The fit summary beside the size choice (docs/reviews.md "Reading reviews"): 'Fit: Runs small (3 of 4)' with a
 * link down to the reviews, from the `fit` counts of the product's first reviews page — the same query the
 * reviews section reads (./reviews/reviews-section.tsx), so the page asks for it once. A chunk of its own
 * (React.lazy), so neither the first load nor the product page's chunk carries the reviews' schemas. It asks
 * only when the product answer says there are published reviews (`hasReviews`); otherwise it shows what the
 * reviews section loads, e.g. right after the shopper's own review.
 */
import { useQuery } from '@tanstack/react-query';
import { fitSummary } from '@shared/reviews/review-rules';
import { reviewsQueryOptions } from '@client/lib/reviews/review-queries';

export default function FitNote({ productId, hasReviews }: { productId: string; hasReviews: boolean }) {
  const { data } = useQuery({ ...reviewsQueryOptions(productId, 'newest', 1), enabled: hasReviews });
  const fit = data ? fitSummary(data.fit) : null;
  if (!fit) return null;
  return (
    <p className="text-sm text-stone-700" data-testid="size-fit-summary">
      <span className="font-medium text-stone-900">Fit: </span>
      {fit}{' '}
      <a href="#reviews" className="text-brand-700 underline underline-offset-2">
        from reviews
      </a>
    </p>
  );
}
