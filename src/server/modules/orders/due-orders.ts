/**
 * The walk of a timed pass over orders whose deadline has passed (the payment window, the COD confirmation
 * window): the due orders of every store, oldest due first, a batch a query, each visited once. An order the
 * visit leaves as it was (skipped, or failed for the next pass) may still match: it is not read again by the
 * pass's later queries. Between batches the walk lets queued requests use the database.
 */
import { and, asc, lte, notInArray, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/database';
import { orders } from '../../db/schema/order-tables';

/** What a pass is given of a due order. */
export type DueOrder = { id: string; storeId: number; orderNumber: string };

export type DueOrdersQuery = {
  /** The deadline column, e.g. `orders.paymentDueAt`: due when at or before `now`. */
  dueAt: PgColumn;
  /** The pass's "now". */
  now: Date;
  /** What else a due order matches (its status, not flagged yet, …); served by the deadline's partial index. */
  where: SQL | undefined;
  /** Orders per query. */
  batchSize: number;
};

/**
 * Calls `visit` for every order matching `query`, one after another, in order of its deadline then id. `visit`
 * reports its own outcome; what it throws rejects the walk, so a pass catches per order.
 */
export async function forEachDueOrder(
  db: Db,
  query: DueOrdersQuery,
  visit: (order: DueOrder) => Promise<void>,
): Promise<void> {
  const visited: string[] = [];
  for (;;) {
    const batch = await db
      .select({ id: orders.id, storeId: orders.storeId, orderNumber: orders.orderNumber })
      .from(orders)
      .where(
        and(
          query.where,
          lte(query.dueAt, query.now),
          visited.length > 0 ? notInArray(orders.id, visited) : undefined,
        ),
      )
      .orderBy(asc(query.dueAt), asc(orders.id))
      .limit(query.batchSize);
    for (const order of batch) {
      await visit(order);
      visited.push(order.id);
    }
    if (batch.length < query.batchSize) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
}
