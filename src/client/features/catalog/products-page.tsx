/**
 * The product listing, /products (docs/product.md §2 "Products page", §5 "Other", §7 "Product list filters", §9), with
 * search and filters. The URL holds the whole view (lib/catalog/listing-state.ts): the storefront's `category`,
 * `page`, `parentCategory` and `featured`, plus `q`, `size`, `color`, `fabric`, `gender`, `minPrice`,
 * `maxPrice` and `sort`; every change is a new history entry, so Back and Forward step through them. Page
 * size 12. Filters sit in a side panel from 1024 px and in a bottom sheet below.
 */
import { useEffect, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PRODUCT_SORTS, type ProductSort } from '@shared/catalog/catalog-limits';
import { inputClassName } from '@client/components/ui/input';
import {
  clearFilters,
  listingChips,
  withPage,
  withParentCategory,
  withSort,
} from '@client/lib/catalog/listing-changes';
import { listingSearch, parseListingState, type ListingState } from '@client/lib/catalog/listing-state';
import { useStoreInfo } from '@client/lib/store-info/store-info-query';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { cn } from '@client/lib/utils';
import { ActiveFilterChips } from './active-filter-chips';
import { parentCategoriesQueryOptions, productListQueryOptions } from './catalog-api';
import { FilterSheet } from './filter-sheet';
import { ListingFilters } from './listing-filters';
import { ListingResults } from './listing-results';
import { pageCount } from './pagination';
import {
  DEFAULT_GRID_COLUMNS,
  GRID_CLASSES,
  ProductsGridToggle,
  type GridColumns,
} from './products-grid-toggle';
import { collectionHeading, productsHeadline } from '@shared/catalog/products-headline';

/** The sort choices: '' is the server's default (relevance for a search, else the catalogue's order). */
export const SORT_LABELS: Record<ProductSort, string> = {
  relevance: 'Relevance',
  newest: 'Newest first',
  price_asc: 'Price: low to high',
  price_desc: 'Price: high to low',
  discount: 'Biggest discount',
};

/** 'Results for "silk"' for a search, else the storefront's headline. */
export function listingHeadline(state: ListingState): string {
  return state.q ? `Results for "${state.q}"` : productsHeadline(state);
}

/** '1 product', '20 products'. */
export function productCountText(total: number): string {
  return `${total} ${total === 1 ? 'product' : 'products'}`;
}

export function ProductsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const state = parseListingState(searchParams);
  const [columns, setColumns] = useState<GridColumns>(DEFAULT_GRID_COLUMNS);
  const parentId = useId();
  const sortId = useId();
  const { brand, info, headerCategories } = useStoreInfo();

  const headline = listingHeadline(state);
  useDocumentTitle(`${headline} | ${brand}`);

  // While the next view loads, the previous answer keeps the filter panel in place (no layout shift); the
  // grid shows skeletons as on a first load.
  const list = useQuery({ ...productListQueryOptions(state), placeholderData: keepPreviousData });
  const parents = useQuery(parentCategoriesQueryOptions(state.category));

  const parentOptions = [...(parents.data ?? [])];
  if (state.parentCategory && !parentOptions.includes(state.parentCategory))
    parentOptions.unshift(state.parentCategory);

  const go = (next: ListingState) => setSearchParams(listingSearch(next));
  // Changing page is a route change (the query string), so the main layout scrolls to the top (docs/product.md §2).
  const changePage = (page: number) =>
    setSearchParams(listingSearch(withPage(state, page), { explicitPage: true }));

  const loading = list.isPending || list.isPlaceholderData;
  const total = list.data?.total ?? 0;
  const totalPages = pageCount(total);
  const gridClass = cn('grid gap-3 sm:gap-6', GRID_CLASSES[columns]);
  const chosenCount = listingChips(state).length;
  const facets = list.data?.facets ?? null;

  // A page past the end (an old link, a shrunken catalogue) goes to the last page instead of a dead end.
  const beyondLastPage = list.isSuccess && !list.isPlaceholderData && total > 0 && state.page > totalPages;
  const lastPageSearch = beyondLastPage ? listingSearch(withPage(state, totalPages)) : null;
  useEffect(() => {
    if (lastPageSearch !== null) setSearchParams(lastPageSearch, { replace: true });
  }, [lastPageSearch, setSearchParams]);

  const sortOptions = PRODUCT_SORTS.filter((sort) => sort !== 'relevance');
  return (
    <>
      <div className="border-b border-brand-100 bg-brand-50">
        <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
          <h1 className="font-serif text-3xl font-bold break-words text-brand-900 sm:text-4xl">{headline}</h1>
          <span aria-hidden="true" className="mt-3 block h-1 w-16 rounded-full bg-zari-400" />
        </div>
      </div>

      <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
        <div className="mb-5 flex flex-col gap-4 md:flex-row md:items-end md:justify-between">
          <div>
            <h2 className="text-xl font-semibold text-stone-900 sm:text-2xl">{collectionHeading(state)}</h2>
            <p role="status" className="mt-1 h-5 text-sm text-stone-600">
              {list.isSuccess && !list.isPlaceholderData ? productCountText(total) : ''}
            </p>
          </div>
          <div className="grid grid-cols-2 items-end gap-3 sm:flex">
            <div className="col-span-2 flex flex-col gap-1.5">
              <label htmlFor={parentId} className="text-sm font-medium text-stone-800">
                Category
              </label>
              <select
                id={parentId}
                name="parentCategory"
                value={state.parentCategory ?? ''}
                onChange={(event) => go(withParentCategory(state, event.target.value))}
                className={cn(inputClassName, 'cursor-pointer pr-8 sm:min-w-48')}
              >
                <option value="">All</option>
                {parentOptions.map((name) => (
                  <option key={name} value={name}>
                    {name}
                  </option>
                ))}
              </select>
            </div>
            <FilterSheet
              className="lg:hidden"
              chosenCount={chosenCount}
              total={loading ? null : total}
              onClearAll={chosenCount > 0 ? () => go(clearFilters(state)) : undefined}
            >
              <ListingFilters state={state} facets={facets} onChange={go} />
            </FilterSheet>
            <div className="flex flex-col gap-1.5">
              <label htmlFor={sortId} className="text-sm font-medium text-stone-800">
                Sort by
              </label>
              <select
                id={sortId}
                name="sort"
                value={state.sort ?? ''}
                onChange={(event) => go(withSort(state, (event.target.value || undefined) as ProductSort))}
                className={cn(inputClassName, 'cursor-pointer sm:min-w-44')}
              >
                <option value="">{state.q ? SORT_LABELS.relevance : 'Recommended'}</option>
                {sortOptions.map((sort) => (
                  <option key={sort} value={sort}>
                    {SORT_LABELS[sort]}
                  </option>
                ))}
              </select>
            </div>
            <ProductsGridToggle value={columns} onChange={setColumns} />
          </div>
        </div>

        <ActiveFilterChips state={state} onChange={go} />

        <div className="lg:flex lg:items-start lg:gap-8">
          <aside
            aria-label="Filters"
            aria-busy={loading}
            className="hidden w-60 shrink-0 lg:sticky lg:top-20 lg:block lg:max-h-[calc(100dvh-6rem)] lg:overflow-y-auto lg:pr-2"
          >
            <ListingFilters state={state} facets={facets} onChange={go} />
          </aside>
          <section aria-label="Products" aria-busy={loading} className="min-w-0 flex-1">
            <ListingResults
              state={state}
              status={loading ? 'loading' : list.isError ? 'error' : 'ready'}
              products={list.data?.products ?? []}
              total={total}
              suggestion={list.data?.suggestion ?? null}
              categories={info?.categories.length ? info.categories : headerCategories}
              gridClass={gridClass}
              onChange={go}
              onPageChange={changePage}
            />
          </section>
        </div>
      </div>
    </>
  );
}
