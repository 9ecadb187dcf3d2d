/**
 * The results part of the listing (docs/product.md §2 "Products page"): 12 skeleton cards while loading, the failure
 * text with 'Try Again', the empty texts, or the grid with its pagination. A search that found nothing says
 * so with the search text, offers the server's spelling correction ('Did you mean …?') and links to the
 * shop's categories.
 */
import { Link } from 'react-router';
import { RotateCcw } from 'lucide-react';
import type { Product } from '@shared/catalog/product-mapping';
import { ProductCard } from '@client/components/catalog/product-card';

import { ProductCardSkeleton } from '@client/components/catalog/product-card-skeleton';
import { Alert } from '@client/components/ui/alert';
import { buttonVariants } from '@client/components/ui/button-variants';
import { capitaliseWords } from '@shared/text/capitalise-words';
import { withParentCategory } from '@client/lib/catalog/listing-changes';
import { listingHref, searchHref, EMPTY_LISTING, type ListingState } from '@client/lib/catalog/listing-state';
import { PaginationNav } from './pagination-nav';
import { pageCount, PRODUCTS_PAGE_SIZE } from './pagination';

/** Cards in the grid's first row on a phone (two columns): their pictures load first. */
const FIRST_ROW_ON_A_PHONE = 2;

/** docs/product.md §8 "Product list failure". */
export const PRODUCTS_LOAD_ERROR = 'Failed to load products. Please try again.';
/** docs/product.md §2 "Products page": the empty result. */
export const PRODUCTS_EMPTY = 'No products found with the selected filters.';

/** The empty result of a search: 'No products match "silk sari"'. */
export function noMatchText(q: string): string {
  return `No products match "${q}"`;
}

type ListingResultsProps = {
  state: ListingState;
  status: 'loading' | 'error' | 'ready';
  products: Product[];
  total: number;
  /** The server's correction of a search that found nothing. */
  suggestion: string | null;
  /** The shop's categories (store info), linked from an empty search. */
  categories: string[];
  gridClass: string;
  onChange(next: ListingState): void;
  onPageChange(page: number): void;
};

export function ListingResults(props: ListingResultsProps) {
  const { state, status, products, total, gridClass } = props;
  if (status === 'loading') {
    return (
      <div className={gridClass} role="status" aria-busy="true" aria-label="Loading products">
        {Array.from({ length: PRODUCTS_PAGE_SIZE }, (_, index) => (
          <ProductCardSkeleton key={index} />
        ))}
      </div>
    );
  }
  if (status === 'error') {
    return (
      <Alert className="items-center gap-4 rounded-lg px-4 py-12 text-center text-base">
        <p>{PRODUCTS_LOAD_ERROR}</p>
        <button
          type="button"
          className={buttonVariants({ variant: 'outline' })}
          onClick={() => window.location.reload()}
        >
          <RotateCcw aria-hidden="true" />
          Try Again
        </button>
      </Alert>
    );
  }
  if (products.length === 0) return state.q ? <NoMatch {...props} q={state.q} /> : <Empty {...props} />;
  return (
    <>
      <ul className={gridClass}>
        {products.map((product, index) => (
          <li key={product.id}>
            <ProductCard product={product} priority={index < FIRST_ROW_ON_A_PHONE} />
          </li>
        ))}
      </ul>
      <PaginationNav
        page={state.page}
        totalPages={pageCount(total, PRODUCTS_PAGE_SIZE)}
        total={total}
        pageSize={PRODUCTS_PAGE_SIZE}
        onPageChange={props.onPageChange}
      />
    </>
  );
}

/** docs/product.md §2: 'No products found with the selected filters.', with 'Clear Filters' when a sub-category is set. */
function Empty({ state, onChange }: ListingResultsProps) {
  return (
    <div className="flex flex-col items-center gap-4 rounded-lg border border-dashed border-stone-300 px-4 py-12 text-center">
      <p className="text-stone-600">{PRODUCTS_EMPTY}</p>
      {state.parentCategory && (
        <button
          type="button"
          className={buttonVariants({ variant: 'outline' })}
          onClick={() => onChange(withParentCategory(state, ''))}
        >
          Clear Filters
        </button>
      )}
    </div>
  );
}

function NoMatch({ q, suggestion, categories }: ListingResultsProps & { q: string }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-stone-300 px-4 py-12 text-center">
      <p className="text-lg font-medium text-stone-800">{noMatchText(q)}</p>
      {suggestion && (
        <p className="text-stone-700">
          Did you mean{' '}
          <Link
            to={searchHref(suggestion)}
            className="font-semibold text-brand-700 underline underline-offset-4"
          >
            {suggestion}
          </Link>
          ?
        </p>
      )}
      {categories.length > 0 && (
        <nav aria-label="Browse categories" className="mt-2 flex flex-col items-center gap-2">
          <p className="text-sm text-stone-600">Or browse a category:</p>
          <ul className="flex flex-wrap justify-center gap-2">
            {categories.map((category) => (
              <li key={category}>
                <Link
                  to={listingHref({ ...EMPTY_LISTING, category: category.toLowerCase() })}
                  className={buttonVariants({ variant: 'outline', size: 'sm' })}
                >
                  {capitaliseWords(category)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </div>
  );
}
