/**
 * Stock of tracked products (`products.stock` not null) at checkout: the order's statement takes each quantity
 * off stock with a conditional update (./place-order.ts), so concurrent checkouts never oversell; a line it
 * could not reserve is refused here, naming every short product with its stock as it is now.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { products } from '../../db/schema/catalog-tables';
import { ConflictError } from '../../errors';
import { productField, type WantedLine } from './order-lines';

/** The `fields` message of a line whose product has fewer units on hand than ordered. */
export const onlyLeft = (stock: number) => `only ${Math.max(0, stock)} left`;

/** The 409 message naming the first short product. */
export const notEnoughStock = (title: string) => `Not enough stock for ${title}`;

/**
 * The refusal of an order whose tracked products in `short` could not cover their quantities: 409 naming the
 * first one's title, with `fields["products.<id>"]: 'only N left'` for each, N read now (a concurrent order
 * may have changed it since the order's statement began).
 */
export async function shortStockError(
  tx: Db,
  storeId: number,
  short: WantedLine[],
  firstTitle: string,
): Promise<ConflictError> {
  const current = await tx
    .select({ id: products.id, stock: products.stock })
    .from(products)
    .where(
      and(
        eq(products.storeId, storeId),
        inArray(
          products.id,
          short.map((line) => line.id),
        ),
      ),
    );
  const stockNow = new Map(current.map((row) => [row.id, row.stock ?? 0]));
  return new ConflictError(
    notEnoughStock(firstTitle),
    Object.fromEntries(short.map((line) => [productField(line.key), onlyLeft(stockNow.get(line.id) ?? 0)])),
  );
}
