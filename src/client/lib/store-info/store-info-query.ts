/**
 * Store information (spec §3 "Store info", §7 `GET /storeInfo`) and the spec's fallbacks (§2, §8, §9).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StoreInfo } from '@shared/store-info/store-info-schema';
import { apiRequest } from '@client/lib/api-client';

/** The brand shown when store info names neither a store nor a company (spec §2 "Main layout"). */
export const DEFAULT_BRAND = 'Resham';
/** Header and listing fallback categories (spec §9). */
export const DEFAULT_CATEGORIES = ['men', 'women', 'accessories'];
/** Category list when store info fails to load (spec §8). */
export const STORE_INFO_FAILURE_CATEGORIES = ['Accessories'];
export const STORE_INFO_ERROR = 'Failed to load store information. Please refresh the page.';

/**
 * The store-info answer: the shared `StoreInfo` and `testMode`, true while payments are simulated (no gateway
 * set up). `testMode` is not in the shared schema yet; a missing value counts as false.
 */
export type StoreInfoAnswer = StoreInfo & { testMode?: boolean };

/**
 * `GET /storeInfo` (also the diagnostic page's connection test). The one answer the storefront does not parse
 * yet: it is read on the home page's first load, where zod (~25 KB gzipped) must not be, and its shared schema
 * is being moved to src/shared/store-info. Until then it is typed, unchecked, as {@link StoreInfoAnswer}.
 */
export function fetchStoreInfo(signal?: AbortSignal): Promise<StoreInfoAnswer> {
  return apiRequest('/storeInfo', { signal }) as Promise<StoreInfoAnswer>;
}

export const storeInfoQueryOptions = () =>
  queryOptions({
    queryKey: ['storeInfo'],
    queryFn: ({ signal }) => fetchStoreInfo(signal),
    staleTime: 5 * 60_000,
  });

/**
 * Store info with the spec's fallbacks applied; `headerCategories` is never empty, `testMode` is true only when
 * the answer says so.
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
    headerCategories: categories.slice(0, 3),
    testMode: info?.testMode === true,
  };
}
