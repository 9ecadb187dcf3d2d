/**
 * Pagination rules of the products page (docs/product.md §2 "Products page", §9): page size 12 and the window of page
 * numbers shown in the pagination bar (the `page` parameter is read with the rest of the URL state in
 * lib/catalog/listing-state.ts).
 */

/** Products page size (docs/product.md §9). */
export const PRODUCTS_PAGE_SIZE = 12;

/** Pages shown either side of the current page (docs/product.md §9 "Pagination window: 2 pages either side"). */
export const PAGINATION_WINDOW = 2;

/** One slot of the pagination bar: a page number, or an ellipsis standing for skipped pages. */
export type PaginationItem = number | 'ellipsis';

/** Number of pages for `total` items at `pageSize` per page (0 items → 0 pages). */
export function pageCount(total: number, pageSize: number = PRODUCTS_PAGE_SIZE): number {
  if (total <= 0 || pageSize <= 0) return 0;
  return Math.ceil(total / pageSize);
}

/**
 * The slots of the pagination bar (docs/product.md §2 "Products page", §9): always the first and the last page, the
 * current page with {@link PAGINATION_WINDOW} pages either side, and an `'ellipsis'` wherever pages are
 * skipped (even a single one). `current` is clamped into 1…`totalPages`.
 *
 * @example paginationItems(6, 20) → [1, 'ellipsis', 4, 5, 6, 7, 8, 'ellipsis', 20]
 */
export function paginationItems(current: number, totalPages: number): PaginationItem[] {
  if (totalPages <= 0) return [];
  const page = Math.min(Math.max(1, Math.trunc(current)), totalPages);
  const start = Math.max(2, page - PAGINATION_WINDOW);
  const end = Math.min(totalPages - 1, page + PAGINATION_WINDOW);

  const items: PaginationItem[] = [1];
  if (start > 2) items.push('ellipsis');
  for (let n = start; n <= end; n += 1) items.push(n);
  if (end < totalPages - 1) items.push('ellipsis');
  if (totalPages > 1) items.push(totalPages);
  return items;
}

/**
 * The range text under the pagination bar (docs/product.md §2 "Products page"): 'Showing X to Y of N items'.
 *
 * @example showingItemsText(2, 64) → 'Showing 13 to 24 of 64 items'
 */
export function showingItemsText(page: number, total: number, pageSize: number = PRODUCTS_PAGE_SIZE): string {
  const from = total === 0 ? 0 : Math.min((page - 1) * pageSize + 1, total);
  const to = Math.min(page * pageSize, total);
  return `Showing ${from} to ${to} of ${total} items`;
}
