/**
 * One page of the product list (docs/product.md §7 `GET /products`), mapped to the screen shape (docs/product.md §3): read by the
 * catalogue pages and by the home page's featured products. The response schema, and zod with it, load with
 * the first request: a server-rendered home page arrives with its featured products, so its JavaScript never
 * evaluates zod (docs/decisions/005-first-load-budget.md).
 */
import type { ProductFacets, ProductListParams } from '@shared/catalog/product-schema';
import { PRODUCT_LIST_DEFAULT_LIMIT } from '@shared/catalog/catalog-limits';
import { toProduct, type Product } from '@shared/catalog/product-mapping';
import { apiRequest, parseAnswer } from '@client/lib/api-client';
import { listingApiQuery, type ListingState } from './listing-state';

/** `GET /products` answers, parsed through the shared schema (loaded on the first call). */
async function productListAnswer(url: string, query: Parameters<typeof apiRequest>[1], call: string) {
  const [answer, { productListResponseSchema }] = await Promise.all([
    apiRequest(url, query),
    import('@shared/catalog/product-schema'),
  ]);
  return parseAnswer(productListResponseSchema, answer, call);
}

/** The products of one page and the total count of the list. */
export type ProductPage = { products: Product[]; total: number };

/** `GET /products` with `page` 1 and `limit` 12 unless `params` say otherwise. */
export async function fetchProductPage(
  params: ProductListParams,
  signal?: AbortSignal,
): Promise<ProductPage> {
  const response = await productListAnswer(
    '/products',
    { query: { page: 1, limit: PRODUCT_LIST_DEFAULT_LIMIT, ...params }, signal },
    'GET /products',
  );
  return { products: response.data.map(toProduct), total: response.pagination.total };
}

/**
 * One page of a listing with its facets (counts for size, colour, fabric and category; the price span in
 * rupees) and, for a search that found nothing, the server's 'Did you mean …?' text.
 */
export type ListingPage = ProductPage & { facets: ProductFacets | null; suggestion: string | null };

/** `GET /products?…&facets=1` for a listing state (12 a page). */
export async function fetchListingPage(state: ListingState, signal?: AbortSignal): Promise<ListingPage> {
  const response = await productListAnswer(
    `/products?${listingApiQuery(state, { facets: true })}`,
    { signal },
    'GET /products',
  );
  return {
    products: response.data.map(toProduct),
    total: response.pagination.total,
    facets: response.facets ?? null,
    suggestion: response.suggestion ?? null,
  };
}
