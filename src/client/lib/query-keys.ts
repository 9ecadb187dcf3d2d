/**
 * Query keys that more than one feature reads or invalidates. Whatever belongs to the signed-in user lives
 * under {@link SESSION_QUERY_KEY}, so signing in or out drops it in one call.
 */

/** Prefix of every query that belongs to the signed-in user (the session removes them when the user changes). */
export const SESSION_QUERY_KEY = ['session'] as const;

/** The signed-in user's orders and order lookups: placing or paying an order makes them stale. */
export const ORDERS_QUERY_KEY = [...SESSION_QUERY_KEY, 'orders'] as const;
