/**
 * The one list of the admin's list screens (orders, products, customers, members, a customer's orders): the
 * screen's filters above, then the load failure (an `<Alert>` with the text of lib/error-text.ts), the empty
 * state ('No orders match.'), the rows, and under them the Previous / Next pager of a list paged on the
 * server (which answers the page number and whether another page follows; hidden while everything fits on
 * page 1).
 */
import type { Key, ReactNode } from 'react';
import { Alert } from '@client/components/ui/alert';
import { Button } from '@client/components/ui/button';
import { errorText } from '@client/lib/error-text';

/** Where a paged list is: the page shown (from 1) and whether the server has a page after it. */
export type ListPage = { page: number; hasMore: boolean };

export type AdminListProps<Row> = {
  /** The list's accessible name ('Orders'). */
  label: string;
  /** The rows, or undefined while the first answer is on its way. */
  rows: readonly Row[] | undefined;
  rowKey: (row: Row) => Key;
  /** One row's content, inside its `<li>`. */
  renderRow: (row: Row) => ReactNode;
  /** What the list says when the answer has no rows ('No orders match.'). */
  empty: string;
  /** The failure of the last load, if any (a query's `error`). */
  error?: unknown;
  /** The screen's filters, shown above the list. */
  filters?: ReactNode;
  /** A newer answer is on its way (the old rows stay, marked busy). */
  busy?: boolean;
  /**
   * The pager of a paged list: where it is, and how to ask for another page (e.g. by writing it into the
   * URL).
   */
  paging?: ListPage & { onPage: (page: number) => void };
  /** Classes of each row's `<li>`. */
  rowClassName?: string;
};

/** The Previous / Next pager; nothing while everything fits on page 1. */
export function PageNav({ page, hasMore, onPage }: ListPage & { onPage: (page: number) => void }) {
  if (page <= 1 && !hasMore) return null;
  return (
    <nav aria-label="Pages" className="flex items-center justify-between">
      <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <span className="text-sm text-stone-600">Page {page}</span>
      <Button variant="outline" size="sm" disabled={!hasMore} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </nav>
  );
}

export function AdminList<Row>({
  label,
  rows,
  rowKey,
  renderRow,
  empty,
  error,
  filters,
  busy = false,
  paging,
  rowClassName,
}: AdminListProps<Row>) {
  return (
    <>
      {filters}
      {error != null && <Alert>{errorText(error)}</Alert>}
      {rows?.length === 0 && <p className="py-8 text-center text-stone-600">{empty}</p>}
      <ul className="flex flex-col gap-2" aria-label={label} aria-busy={busy}>
        {rows?.map((row) => (
          <li key={rowKey(row)} className={rowClassName}>
            {renderRow(row)}
          </li>
        ))}
      </ul>
      {paging && <PageNav {...paging} />}
    </>
  );
}
