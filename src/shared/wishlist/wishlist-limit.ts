/**
 * The wishlist's size cap, kept free of zod so the storefront's first-load code (the browser's list) can
 * read it: one wishlist (per store and account, or per browser) holds at most {@link WISHLIST_LIMIT} products.
 */

/** The most products one wishlist holds. */
export const WISHLIST_LIMIT = 200;

/** The sentence when saving would take a wishlist past {@link WISHLIST_LIMIT} (the API's 400 and the toast). */
export const WISHLIST_FULL_MESSAGE = `Your wishlist is full: it holds at most ${WISHLIST_LIMIT} products. Remove some to save more.`;
