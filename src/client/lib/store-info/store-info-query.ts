/**
 * Store information (docs/product.md §3 "Store info", §7 `GET /storeInfo`) and the storefront's fallbacks (§2, §8, §9).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StoreInfo } from '@shared/store-settings/store-info-schema';
import { apiRequest, parseAnswer } from '@client/lib/api-client';

/** The brand shown when store info names neither a store nor a company (docs/product.md §2 "Main layout"). */
export const DEFAULT_BRAND = 'Resham';
/** Header and listing fallback categories (docs/product.md §9). */
export const DEFAULT_CATEGORIES = ['men', 'women', 'accessories'];
/** Category list when store info fails to load (docs/product.md §8). */
export const STORE_INFO_FAILURE_CATEGORIES = ['Accessories'];
export const STORE_INFO_ERROR = 'Failed to load store information. Please refresh the page.';

/**
 * `GET /storeInfo` (also the diagnostic page's connection test), parsed through the shared `storeInfoSchema`.
 * The schema, and zod with it, load as their own chunk alongside the request: the home page reads store info on
 * its first load, whose JavaScript stays free of zod (docs/decisions/005-first-load-budget.md).
 * @throws {ApiError} on an error answer; {InvalidResponseError} for an answer outside the contract.
 */
export async function fetchStoreInfo(signal?: AbortSignal): Promise<StoreInfo> {
  const [answer, { storeInfoSchema }] = await Promise.all([
    apiRequest('/storeInfo', { signal }),
    import('@shared/store-settings/store-info-schema'),
  ]);
  return parseAnswer(storeInfoSchema, answer, 'GET /storeInfo');
}

export const storeInfoQueryOptions = () =>
  queryOptions({
    queryKey: ['storeInfo'],
    queryFn: ({ signal }) => fetchStoreInfo(signal),
    staleTime: 5 * 60_000,
  });

/**
 * Store info with the storefront's fallbacks applied: `categories` is every category (never empty),
 * `headerCategories` its first 3, and `testMode` is false until store info says otherwise.
 */
export function useStoreInfo() {
  const query = useQuery(storeInfoQueryOptions());
  const info = query.data;
  const brand = info?.storeName || info?.companyName || DEFAULT_BRAND;
  const categories = query.isError
    ? STORE_INFO_FAILURE_CATEGORIES
    : info?.categories.length
      ? info.categories
      : DEFAULT_CATEGORIES;
  return {
    ...query,
    info,
    brand,
    categories,
    headerCategories: categories.slice(0, 3),
    testMode: info?.testMode === true,
  };
}
