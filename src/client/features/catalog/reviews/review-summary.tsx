/**
 * The figures of a product's published reviews (docs/reviews.md "Reading reviews"): the average out of 5, how
 * many reviews, a bar per star with its count, and the fit summary ('Fits true to size (8 of 11)', the most
 * given answer: `fitSummary` of src/shared/reviews/review-rules.ts).
 */
import { Star } from 'lucide-react';
import { fitSummary } from '@shared/reviews/review-rules';
import type { ReviewList } from '@shared/reviews/review-schemas';

const STARS = ['5', '4', '3', '2', '1'] as const;

/** 'Rated 4.3 out of 5' as stars: the whole ones filled. */
export function RatingStars({ rating, label }: { rating: number; label: string }) {
  return (
    <span role="img" aria-label={label} className="flex text-zari-500">
      {[1, 2, 3, 4, 5].map((star) => (
        <Star
          key={star}
          aria-hidden="true"
          className={star <= Math.round(rating) ? 'size-4 fill-current' : 'size-4 text-stone-300'}
        />
      ))}
    </span>
  );
}

/** The summary of `list` (any page: the figures are the same on each). */
export function ReviewSummary({ list }: { list: ReviewList }) {
  const fit = fitSummary(list.fit);
  return (
    <div className="flex flex-col gap-3" data-testid="review-summary">
      <p className="flex items-center gap-2">
        <span className="text-3xl font-bold text-stone-900">{list.average.toFixed(1)}</span>
        <RatingStars rating={list.average} label={`Rated ${list.average.toFixed(1)} out of 5`} />
        <span className="text-sm text-stone-600">
          {list.total} {list.total === 1 ? 'review' : 'reviews'}
        </span>
      </p>
      <ul className="flex flex-col gap-1" aria-label="Ratings">
        {STARS.map((star) => {
          const count = list.distribution[star];
          const share = list.total === 0 ? 0 : Math.round((count / list.total) * 100);
          return (
            <li key={star} className="flex items-center gap-2 text-sm text-stone-700">
              <span className="w-12 shrink-0">{star} star</span>
              <span className="h-2 flex-1 overflow-hidden rounded-full bg-stone-200" aria-hidden="true">
                <span className="block h-full bg-zari-500" style={{ width: `${share}%` }} />
              </span>
              <span className="w-8 shrink-0 text-right tabular-nums">
                {count}
                <span className="sr-only"> {count === 1 ? 'review' : 'reviews'}</span>
              </span>
            </li>
          );
        })}
      </ul>
      {fit && (
        <p className="text-sm font-medium text-stone-900" data-testid="fit-summary">
          {fit}
        </p>
      )}
    </div>
  );
}
