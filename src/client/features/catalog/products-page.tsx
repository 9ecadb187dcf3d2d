/**
 * The product listing, /products (spec §2 "Products page", §5 "Other", §7 "Product list filters", §9).
 * Query parameters: `category`, `page` (integer, default 1), `parentCategory` and `featured` (the home page's
 * 'Featured Items'). Page size 12.
 */
import { useEffect, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { RotateCcw } from 'lucide-react';
import { buttonVariants } from '@client/components/ui/button-variants';
import { inputClassName } from '@client/components/ui/input';
import { useStoreInfo } from '@client/lib/store-info/store-info-query';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { cn } from '@client/lib/utils';
import { PaginationNav } from './pagination-nav';
import { pageCount, parsePageParam, PRODUCTS_PAGE_SIZE } from './pagination';
import { ProductCard } from '@client/components/catalog/product-card';
import { ProductCardSkeleton } from '@client/components/catalog/product-card-skeleton';
import { categoryFilters, parentCategoriesQueryOptions, productListQueryOptions } from './catalog-api';
import {
  DEFAULT_GRID_COLUMNS,
  GRID_CLASSES,
  ProductsGridToggle,
  type GridColumns,
} from './products-grid-toggle';
import { collectionHeading, productsHeadline } from './products-headline';

/** Spec §8 "Product list failure". */
export const PRODUCTS_LOAD_ERROR = 'Failed to load products. Please try again.';
/** Spec §2 "Products page": the empty result. */
export const PRODUCTS_EMPTY = 'No products found with the selected filters.';

function textParam(params: URLSearchParams, name: string): string | undefined {
  return params.get(name)?.trim() || undefined;
}

export function ProductsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const category = textParam(searchParams, 'category');
  const parentCategory = textParam(searchParams, 'parentCategory');
  const featured = searchParams.get('featured') === 'true';
  const page = parsePageParam(searchParams.get('page'));
  const [columns, setColumns] = useState<GridColumns>(DEFAULT_GRID_COLUMNS);
  const filterId = useId();
  const { brand } = useStoreInfo();

  const headline = productsHeadline({ category, parentCategory, featured });
  useDocumentTitle(`${headline} | ${brand}`);

  const list = useQuery(
    productListQueryOptions({
      page,
      limit: PRODUCTS_PAGE_SIZE,
      category,
      parentCategory,
      featured: featured || undefined,
      ...categoryFilters(category),
    }),
  );
  const parents = useQuery(parentCategoriesQueryOptions(category));

  const parentOptions = [...(parents.data ?? [])];
  if (parentCategory && !parentOptions.some((name) => name === parentCategory))
    parentOptions.unshift(parentCategory);

  const updateParams = (changes: Record<string, string | null>) => {
    setSearchParams((previous) => {
      const next = new URLSearchParams(previous);
      for (const [key, value] of Object.entries(changes)) {
        if (value === null) next.delete(key);
        else next.set(key, value);
      }
      return next;
    });
  };

  // Choosing a parent category resets the page to 1; choosing All removes the parameter (spec §2).
  const selectParentCategory = (value: string) => updateParams({ parentCategory: value || null, page: null });
  const changePage = (next: number) => {
    updateParams({ page: String(next) });
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };

  const products = list.data?.products ?? [];
  const total = list.data?.total ?? 0;
  const totalPages = pageCount(total, PRODUCTS_PAGE_SIZE);
  const gridClass = cn('grid gap-3 sm:gap-6', GRID_CLASSES[columns]);

  // A page past the end (an old link, a shrunken catalogue) goes to the last page instead of a dead end.
  const beyondLastPage = list.isSuccess && total > 0 && page > totalPages;
  useEffect(() => {
    if (beyondLastPage) {
      setSearchParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          next.set('page', String(totalPages));
          return next;
        },
        { replace: true },
      );
    }
  }, [beyondLastPage, totalPages, setSearchParams]);

  return (
    <>
      <div className="border-b border-brand-100 bg-brand-50">
        <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
          <h1 className="font-serif text-3xl font-bold text-brand-900 sm:text-4xl">{headline}</h1>
          <span aria-hidden="true" className="mt-3 block h-1 w-16 rounded-full bg-zari-400" />
        </div>
      </div>

      <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
        <div className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
          <h2 className="text-xl font-semibold text-stone-900 sm:text-2xl">
            {collectionHeading({ category, featured })}
          </h2>
          <div className="flex items-end gap-3">
            <div className="flex flex-1 flex-col gap-1.5 sm:flex-none">
              <label htmlFor={filterId} className="text-sm font-medium text-stone-800">
                Category
              </label>
              <select
                id={filterId}
                name="parentCategory"
                value={parentCategory ?? ''}
                onChange={(event) => selectParentCategory(event.target.value)}
                className={cn(inputClassName, 'min-w-48 cursor-pointer pr-8')}
              >
                <option value="">All</option>
                {parentOptions.map((name) => (
                  <option key={name} value={name}>
                    {name}
                  </option>
                ))}
              </select>
            </div>
            <ProductsGridToggle value={columns} onChange={setColumns} />
          </div>
        </div>

        {list.isPending ? (
          <div className={gridClass} aria-busy="true" aria-label="Loading products">
            {Array.from({ length: PRODUCTS_PAGE_SIZE }, (_, index) => (
              <ProductCardSkeleton key={index} />
            ))}
          </div>
        ) : list.isError ? (
          <div
            role="alert"
            className="flex flex-col items-center gap-4 rounded-lg border border-red-200 bg-red-50 px-4 py-12 text-center"
          >
            <p className="text-red-800">{PRODUCTS_LOAD_ERROR}</p>
            <button
              type="button"
              className={buttonVariants({ variant: 'outline' })}
              onClick={() => window.location.reload()}
            >
              <RotateCcw aria-hidden="true" />
              Try Again
            </button>
          </div>
        ) : products.length === 0 ? (
          <div className="flex flex-col items-center gap-4 rounded-lg border border-dashed border-stone-300 px-4 py-12 text-center">
            <p className="text-stone-600">{PRODUCTS_EMPTY}</p>
            {parentCategory && (
              <button
                type="button"
                className={buttonVariants({ variant: 'outline' })}
                onClick={() => updateParams({ parentCategory: null, page: null })}
              >
                Clear Filters
              </button>
            )}
          </div>
        ) : (
          <>
            <ul className={gridClass}>
              {products.map((product) => (
                <li key={product.id}>
                  <ProductCard product={product} />
                </li>
              ))}
            </ul>
            <PaginationNav
              page={page}
              totalPages={totalPages}
              total={total}
              pageSize={PRODUCTS_PAGE_SIZE}
              onPageChange={changePage}
            />
          </>
        )}
      </div>
    </>
  );
}
