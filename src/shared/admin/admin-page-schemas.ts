/**
 * The paging every admin list shares (orders, products, customers, contact messages): the query's `page` and
 * `limit`, and the answer's `page`, `limit` and `hasMore`. Spread into a list's own `z.object({...})`, where
 * the fields stood, so the answers keep their key order.
 */
import { z } from 'zod';

/** Rows per page: default and most. */
export const ADMIN_PAGE_SIZE = 25;
export const ADMIN_MAX_PAGE_SIZE = 100;

/** A list's query: `page` (from 1, at most 10000; default 1) and `limit` (1–100; default 25). */
export const adminPageQueryShape = {
  page: z.coerce
    .number({ error: 'must be a whole number from 1' })
    .int('must be a whole number from 1')
    .min(1, 'must be a whole number from 1')
    .max(10_000, 'must be at most 10000')
    .default(1),
  limit: z.coerce
    .number({ error: `must be a whole number from 1 to ${ADMIN_MAX_PAGE_SIZE}` })
    .int(`must be a whole number from 1 to ${ADMIN_MAX_PAGE_SIZE}`)
    .min(1, `must be a whole number from 1 to ${ADMIN_MAX_PAGE_SIZE}`)
    .max(ADMIN_MAX_PAGE_SIZE, `must be a whole number from 1 to ${ADMIN_MAX_PAGE_SIZE}`)
    .default(ADMIN_PAGE_SIZE),
};

/** A list's answer: the page and limit used, and `hasMore` when a next page has rows. */
export const adminPageShape = {
  page: z.number().int(),
  limit: z.number().int(),
  hasMore: z.boolean(),
};
