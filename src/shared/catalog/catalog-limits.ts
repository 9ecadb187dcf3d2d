/**
 * Listing limits (docs/product.md §7, §9), free of zod so the storefront's first-load bundle can import them:
 * page size 12 by default, at most 100 (the parent-category lookup).
 */
export const PRODUCT_LIST_DEFAULT_LIMIT = 12;
export const PRODUCT_LIST_MAX_LIMIT = 100;

/** Most values one facet parameter may list. */
export const MAX_FACET_VALUES = 30;
/** Highest price filter accepted, in rupees. */
export const MAX_PRICE_FILTER_RUPEES = 10_000_000;
/** The orders a list may be sorted in; `relevance` needs `q`. */
export const PRODUCT_SORTS = ['relevance', 'newest', 'price_asc', 'price_desc', 'discount'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];
