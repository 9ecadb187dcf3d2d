/**
 * The Previous / Next pager under an admin list (orders, products, customers): lists are paged on the server,
 * which answers the page number and whether another page follows. Hidden while everything fits on page 1.
 */
import { Button } from '@client/components/ui/button';

export type PageNavProps = {
  /** The page shown, from 1. */
  page: number;
  /** The server has a page after this one. */
  hasMore: boolean;
  /** Asks for page `page` (1-based), e.g. by writing it into the URL. */
  onPage: (page: number) => void;
};

export function PageNav({ page, hasMore, onPage }: PageNavProps) {
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
