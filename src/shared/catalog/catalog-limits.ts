/**
 * Listing limits (spec §7, §9), free of zod so the storefront's first-load bundle can import them:
 * page size 12 by default, at most 100 (the parent-category lookup).
 */
export const PRODUCT_LIST_DEFAULT_LIMIT = 12;
export const PRODUCT_LIST_MAX_LIMIT = 100;
