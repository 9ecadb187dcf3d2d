/**
 * `/admin/reviews` (docs/reviews.md "Moderation"): the reviews newest first, filtered by status (kept in the
 * address, read with the server's own query schema), 20 a page, each with its steps (./review-card.tsx); for the
 * owner, the 'Hold new reviews for approval' setting.
 */
import { useQuery } from '@tanstack/react-query';
import { REVIEW_STATUSES } from '@shared/reviews/review-rules';
import { adminReviewListQuerySchema } from '@shared/reviews/review-schemas';
import { AdminList } from '../lib/admin-list';
import { useAdminSession } from '../lib/admin-session';
import { useUrlFilters } from '../lib/url-filters';
import { ReviewCard } from './review-card';
import { adminReviewsQuery, reviewSettingsQuery, useSaveReviewSettings } from './review-queries';

const FILTER_LABELS = { published: 'Published', pending: 'Waiting for approval', hidden: 'Hidden' } as const;
const PAGE_SIZE = 20;

export function ReviewsPage() {
  const [query, update] = useUrlFilters(adminReviewListQuerySchema);
  const list = useQuery(adminReviewsQuery(query));
  const { me } = useAdminSession();
  return (
    <section aria-labelledby="reviews-title" className="flex flex-col gap-3">
      <h1 id="reviews-title" className="text-lg font-semibold">
        Reviews
      </h1>
      {me?.role === 'owner' && <HoldSetting />}
      <AdminList
        label="Reviews"
        filters={
          <label className="flex items-center gap-2 text-sm">
            Status
            <select
              value={query.status ?? ''}
              onChange={(event) => update({ status: event.target.value || undefined, page: undefined })}
              className="rounded-md border border-stone-300 bg-white px-2 py-1.5"
            >
              <option value="">All</option>
              {REVIEW_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {FILTER_LABELS[status]}
                </option>
              ))}
            </select>
          </label>
        }
        rows={list.data?.data}
        rowKey={(review) => review.id}
        empty="No reviews here."
        error={list.error}
        busy={list.isFetching}
        paging={
          list.data && {
            page: list.data.page,
            hasMore: list.data.page * PAGE_SIZE < list.data.total,
            onPage: (page) => update({ page: String(page) }),
          }
        }
        renderRow={(review) => <ReviewCard review={review} />}
      />
    </section>
  );
}

function HoldSetting() {
  const settings = useQuery(reviewSettingsQuery());
  const save = useSaveReviewSettings();
  if (!settings.data) return null;
  return (
    <label className="flex items-center gap-2 rounded-md border border-stone-200 bg-white p-3 text-sm">
      <input
        type="checkbox"
        className="size-4"
        checked={settings.data.holdForApproval}
        disabled={save.isPending}
        onChange={(event) => save.mutate({ holdForApproval: event.target.checked })}
      />
      Hold new reviews for approval
    </label>
  );
}
