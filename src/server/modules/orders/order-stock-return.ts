/**
 * The stock an order holds, per line: a line of a variant (`order_lines.variant_id`) holds stock of that
 * variant (`product_variants.stock`), any other line holds stock of its product (`products.stock`); either
 * only while that stock is tracked (not null). Quantities are pieces or metres by the line's unit (numeric:
 * metres may be fractional, e.g. 2.5). Every statement is scoped to the store.
 *
 * Rows are changed with conditional updates — `stock = stock + q`, or `stock = stock - q … WHERE stock >= q`
 * — after locking them in id order, products first and then variants (as checkout does), so concurrent
 * orders and cancellations never deadlock and never oversell.
 */
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/database';
import { productVariants, products } from '../../db/schema/catalog-tables';
import { orderLines } from '../../db/schema/order-tables';

/** The order's product lines (no variant) summed per product, as a subquery. */
const productNeeds = (storeId: number, orderId: string) => sql`
  SELECT product_id AS id, sum(quantity) AS quantity
  FROM ${orderLines}
  WHERE store_id = ${storeId} AND order_id = ${orderId} AND product_id IS NOT NULL AND variant_id IS NULL
  GROUP BY product_id`;

/** The order's variant lines summed per variant, as a subquery. */
const variantNeeds = (storeId: number, orderId: string) => sql`
  SELECT variant_id AS id, sum(quantity) AS quantity
  FROM ${orderLines}
  WHERE store_id = ${storeId} AND order_id = ${orderId} AND variant_id IS NOT NULL
  GROUP BY variant_id`;

/**
 * Puts the quantities of order `orderId` back on the stock they came from: each variant line on its
 * variant, each other line on its product, where that stock is still tracked. Lines whose product or
 * variant was deleted, or no longer tracks stock, return nothing. Call it in the transaction that cancels
 * the order (once per order: the state machine's locked status change guarantees it).
 * @returns the quantity put back, pieces and metres added together (e.g. 3 pieces + 2.5 m → 5.5).
 */
export async function returnOrderStock(tx: Db, storeId: number, orderId: string): Promise<number> {
  let returned = 0;
  for (const [table, needs] of [
    [products, productNeeds(storeId, orderId)],
    [productVariants, variantNeeds(storeId, orderId)],
  ] as const) {
    const result = await tx.execute(sql`
      UPDATE ${table} AS target
      SET stock = target.stock + locked.quantity
      FROM (
        SELECT held.id, line.quantity
        FROM ${table} AS held JOIN (${needs}) AS line ON line.id = held.id
        WHERE held.store_id = ${storeId} AND held.stock IS NOT NULL
        ORDER BY held.id
        FOR NO KEY UPDATE OF held
      ) AS locked
      WHERE target.id = locked.id AND target.store_id = ${storeId} AND target.stock IS NOT NULL
      RETURNING locked.quantity
    `);
    for (const row of rowsOf<{ quantity: string | number }>(result)) returned += Number(row.quantity);
  }
  return Math.round(returned * 1000) / 1000;
}

/** Thrown inside the savepoint of {@link reserveOrderStockAgain} to undo a partial reservation. */
class NotReserved extends Error {}

/**
 * Takes the quantities of order `orderId` off stock again, all or nothing: for a payment that arrived after
 * the order was cancelled and its stock returned. Inside a savepoint of the caller's transaction, each
 * tracked product and variant is decremented with `… WHERE stock >= q`; when one of them is short, or a line's
 * product was deleted, the savepoint is rolled back and nothing changes. Lines whose stock is not tracked
 * need nothing.
 * @returns true when every line is held again, false when nothing was taken.
 */
export async function reserveOrderStockAgain(tx: Db, storeId: number, orderId: string): Promise<boolean> {
  try {
    await tx.transaction(async (savepoint) => {
      const [gone] = rowsOf<{ lines: string | number }>(
        await savepoint.execute(sql`
          SELECT count(*) AS lines FROM ${orderLines}
          WHERE store_id = ${storeId} AND order_id = ${orderId} AND product_id IS NULL`),
      );
      if (Number(gone?.lines ?? 0) > 0) throw new NotReserved();
      for (const [table, needs] of [
        [products, productNeeds(storeId, orderId)],
        [productVariants, variantNeeds(storeId, orderId)],
      ] as const) {
        const [counts] = rowsOf<Record<'needed' | 'found' | 'tracked' | 'taken', string | number>>(
          await savepoint.execute(sql`
            WITH line AS (${needs}),
            locked AS (
              SELECT held.id, line.quantity, held.stock
              FROM ${table} AS held JOIN line ON line.id = held.id
              WHERE held.store_id = ${storeId}
              ORDER BY held.id
              FOR NO KEY UPDATE OF held
            ),
            taken AS (
              UPDATE ${table} AS target
              SET stock = target.stock - locked.quantity
              FROM locked
              WHERE target.id = locked.id AND target.store_id = ${storeId} AND target.stock IS NOT NULL
                AND target.stock >= locked.quantity
              RETURNING target.id
            )
            SELECT
              (SELECT count(*) FROM line) AS needed,
              (SELECT count(*) FROM locked WHERE stock IS NOT NULL) AS tracked,
              (SELECT count(*) FROM taken) AS taken,
              (SELECT count(*) FROM locked) AS found
          `),
        );
        const count = (name: keyof NonNullable<typeof counts>) => Number(counts?.[name] ?? 0);
        // A line of a row that no longer exists in this store, or a tracked row that is short: give up.
        if (count('found') !== count('needed') || count('taken') !== count('tracked')) {
          throw new NotReserved();
        }
      }
    });
    return true;
  } catch (error) {
    if (error instanceof NotReserved) return false;
    throw error;
  }
}
