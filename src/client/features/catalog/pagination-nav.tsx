/**
 * The pagination bar of the products page (docs/product.md §2 "Products page"): previous/next controls disabled at the
 * ends, the page window from {@link paginationItems}, and 'Showing X to Y of N items'.
 */
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { buttonVariants } from '@client/components/ui/button-variants';
import { cn } from '@client/lib/utils';
import { paginationItems, showingItemsText } from './pagination';

type PaginationNavProps = {
  page: number;
  totalPages: number;
  total: number;
  pageSize: number;
  onPageChange(page: number): void;
};

export function PaginationNav({ page, totalPages, total, pageSize, onPageChange }: PaginationNavProps) {
  if (totalPages <= 1) return null;
  const items = paginationItems(page, totalPages);

  return (
    <div className="mt-10 flex flex-col items-center gap-3">
      <nav aria-label="Pagination">
        <ul className="flex flex-wrap items-center justify-center gap-1">
          <li>
            <button
              type="button"
              className={cn(buttonVariants({ variant: 'outline', size: 'sm' }), 'px-2.5')}
              disabled={page <= 1}
              onClick={() => onPageChange(page - 1)}
              aria-label="Previous page"
            >
              <ChevronLeft aria-hidden="true" />
              <span className="hidden sm:inline">Previous</span>
            </button>
          </li>
          {items.map((item, index) =>
            item === 'ellipsis' ? (
              <li key={`ellipsis-${index}`} aria-hidden="true" className="px-1 text-stone-500 select-none">
                …
              </li>
            ) : (
              <li key={item}>
                <button
                  type="button"
                  className={cn(
                    buttonVariants({ variant: item === page ? 'default' : 'ghost', size: 'sm' }),
                    'min-w-9 px-2',
                  )}
                  aria-current={item === page ? 'page' : undefined}
                  aria-label={`Page ${item}`}
                  onClick={() => item !== page && onPageChange(item)}
                >
                  {item}
                </button>
              </li>
            ),
          )}
          <li>
            <button
              type="button"
              className={cn(buttonVariants({ variant: 'outline', size: 'sm' }), 'px-2.5')}
              disabled={page >= totalPages}
              onClick={() => onPageChange(page + 1)}
              aria-label="Next page"
            >
              <span className="hidden sm:inline">Next</span>
              <ChevronRight aria-hidden="true" />
            </button>
          </li>
        </ul>
      </nav>
      <p className="text-sm text-stone-600">{showingItemsText(page, total, pageSize)}</p>
    </div>
  );
}
