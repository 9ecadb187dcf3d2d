/**
 * The product page's reviews (docs/reviews.md "Reading reviews"), a chunk of its own the page loads when the
 * section nears the viewport: the figures (./review-summary.tsx), the published reviews ten at a time in the
 * chosen order with 'More reviews', and for a signed-in shopper who received the item 'Write a review'
 * (./review-form.tsx) or the status of the review they wrote.
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { REVIEW_SORTS, type ReviewSort } from '@shared/reviews/review-rules';
import { Alert } from '@client/components/ui/alert';
import { Button } from '@client/components/ui/button';
import { errorText } from '@client/lib/error-text';
import { myReviewQueryOptions, reviewsQueryOptions } from '@client/lib/reviews/review-queries';
import { useSession } from '@client/lib/session/session-context';
import { ReviewForm } from './review-form';
import { ReviewItem } from './review-item';
import { ReviewSummary } from './review-summary';

const SORT_LABELS: Record<ReviewSort, string> = {
  newest: 'Newest',
  highest: 'Highest rating',
  lowest: 'Lowest rating',
  photos: 'With photos',
};
const STATUS_TEXT = {
  published: 'Thank you: your review is published.',
  pending: 'Thank you: your review will show once the shop approves it.',
  hidden: 'Your review is hidden by the shop.',
} as const;

export default function ReviewsSection({ productId }: { productId: string }) {
  const [sort, setSort] = useState<ReviewSort>('newest');
  const [pages, setPages] = useState(1);
  const first = useQuery(reviewsQueryOptions(productId, sort, 1));
  const list = first.data;
  return (
    <div className="flex flex-col gap-4">
      <WriteReview productId={productId} />
      {first.isError && <Alert>{errorText(first.error)}</Alert>}
      {list && list.total === 0 && <p className="text-sm text-stone-600">No reviews yet.</p>}
      {list && list.total > 0 && (
        <>
          <ReviewSummary list={list} />
          <label className="flex items-center gap-2 text-sm">
            Sort by
            <select
              value={sort}
              onChange={(event) => {
                setSort(event.target.value as ReviewSort);
                setPages(1);
              }}
              className="rounded-md border border-stone-300 bg-white px-2 py-1.5"
            >
              {REVIEW_SORTS.map((option) => (
                <option key={option} value={option}>
                  {SORT_LABELS[option]}
                </option>
              ))}
            </select>
          </label>
          <ul className="flex flex-col">
            {Array.from({ length: pages }, (_, index) => (
              <ReviewPage key={index} productId={productId} sort={sort} page={index + 1} />
            ))}
          </ul>
          {pages * list.limit < list.total && (
            <Button variant="outline" className="self-start" onClick={() => setPages(pages + 1)}>
              More reviews
            </Button>
          )}
        </>
      )}
    </div>
  );
}

function ReviewPage({ productId, sort, page }: { productId: string; sort: ReviewSort; page: number }) {
  const query = useQuery(reviewsQueryOptions(productId, sort, page));
  if (query.isError)
    return (
      <li>
        <Alert>{errorText(query.error)}</Alert>
      </li>
    );
  return query.data?.data.map((review) => <ReviewItem key={review.id} review={review} />) ?? null;
}

function WriteReview({ productId }: { productId: string }) {
  const { isAuthenticated } = useSession();
  const mine = useQuery({ ...myReviewQueryOptions(productId), enabled: isAuthenticated });
  if (!mine.data) return null;
  if (mine.data.review)
    return (
      <p role="status" className="text-sm text-stone-700">
        {STATUS_TEXT[mine.data.review.status]}
      </p>
    );
  if (!mine.data.eligible) return null;
  return <ReviewForm productId={productId} mine={mine.data} />;
}
