/**
 * `/admin/returns` (docs/admin.md "Returns"): the returns queue in four tabs with their counts — Requested and
 * Approved oldest first (the next to handle on top), Received, and Closed (closed and rejected) — kept in the
 * address (read with the server's own query schema), so Back returns to the same tab. Each return shows in
 * full with the steps it may take (./return-card.tsx).
 */
import { useQuery } from '@tanstack/react-query';
import { RETURN_QUEUE_TABS, type ReturnQueueTab } from '@shared/returns/return-rules';
import { adminReturnListQuerySchema } from '@shared/returns/return-schemas';
import { cn } from '@client/lib/utils';
import { AdminList } from '../lib/admin-list';
import { useUrlFilters } from '../lib/url-filters';
import { ReturnCard } from './return-card';
import { returnsQuery } from './return-queries';
import { EMPTY_TAB, RETURN_TAB_LABELS } from './return-step-texts';

const TABS = Object.keys(RETURN_QUEUE_TABS) as ReturnQueueTab[];

export function ReturnsPage() {
  const [query, update] = useUrlFilters(adminReturnListQuerySchema);
  const list = useQuery(returnsQuery(query));
  const counts = list.data?.counts;
  return (
    <section aria-labelledby="returns-title" className="flex flex-col gap-3">
      <h1 id="returns-title" className="text-lg font-semibold">
        Returns
      </h1>
      <AdminList
        label="Returns"
        filters={
          <div role="tablist" aria-label="Status" className="-mx-3 flex gap-1 overflow-x-auto px-3 pb-1">
            {TABS.map((tab) => {
              const active = query.status === tab;
              return (
                <button
                  key={tab}
                  type="button"
                  role="tab"
                  aria-selected={active}
                  onClick={() => update({ status: tab })}
                  className={cn(
                    'shrink-0 rounded-full border px-3 py-1.5 text-sm',
                    active
                      ? 'border-brand-700 bg-brand-700 text-white'
                      : 'border-stone-300 bg-white text-stone-700',
                  )}
                >
                  {RETURN_TAB_LABELS[tab]} {counts && <span className="tabular-nums">{counts[tab]}</span>}
                </button>
              );
            })}
          </div>
        }
        rows={list.data?.data}
        rowKey={(item) => item.id}
        empty={EMPTY_TAB[query.status]}
        error={list.error}
        busy={list.isFetching}
        paging={
          list.data && {
            page: list.data.page,
            hasMore: list.data.page * query.limit < list.data.total,
            onPage: (page) => update({ page: String(page) }),
          }
        }
        renderRow={(item) => <ReturnCard item={item} />}
      />
    </section>
  );
}
