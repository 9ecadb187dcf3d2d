/**
 * Who may review a product (docs/reviews.md "Who may review"): a signed-in shopper of the store with a line of
 * the product in one of their Delivered orders. The product must be on sale in the store; it is clothing
 * (a fit may be given) unless sold by the metre.
 */
import { and, desc, eq, isNull } from 'drizzle-orm';
import { ORDER_STATUS } from '@shared/orders/order-status';
import type { Db } from '../../db/database';
import { products } from '../../db/schema/catalog-tables';
import { orderLines, orders } from '../../db/schema/order-tables';
import { NotFoundError } from '../../errors';
import { isProductId } from '../catalog/product-id';

/** 404 for a product the store does not sell (unknown, malformed id, another store's, archived). */
export const PRODUCT_NOT_FOUND = 'Product not found';

/** A product that may be reviewed: its id (lower case) and whether a fit may be given. */
export type ReviewedProduct = { id: string; clothing: boolean };

/**
 * The store's product `id` on sale. Clothing: sold by the piece (fabric by the metre has no fit).
 * @throws {NotFoundError} {@link PRODUCT_NOT_FOUND}.
 */
export async function reviewedProduct(db: Db, storeId: number, id: string): Promise<ReviewedProduct> {
  if (!isProductId(id)) throw new NotFoundError(PRODUCT_NOT_FOUND);
  const [found] = await db
    .select({ id: products.id, unit: products.unit })
    .from(products)
    .where(
      and(eq(products.storeId, storeId), eq(products.id, id.toLowerCase()), isNull(products.archivedAt)),
    );
  if (!found) throw new NotFoundError(PRODUCT_NOT_FOUND);
  return { id: found.id, clothing: found.unit !== 'm' };
}

/** The shopper's latest Delivered line of the product: its order and size (null: none). */
export type DeliveredLine = { orderId: string; size: string | null };

/**
 * The latest line of product `productId` in a Delivered order of shopper `userId` of store `storeId`, or null
 * when they have none (the product was never delivered to them).
 */
export async function deliveredLineOf(
  db: Db,
  storeId: number,
  userId: number,
  productId: string,
): Promise<DeliveredLine | null> {
  const [line] = await db
    .select({ orderId: orders.id, size: orderLines.size })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(
      and(
        eq(orderLines.storeId, storeId),
        eq(orderLines.productId, productId),
        eq(orders.storeId, storeId),
        eq(orders.userId, userId),
        eq(orders.status, ORDER_STATUS.delivered),
      ),
    )
    .orderBy(desc(orders.createdAt))
    .limit(1);
  return line ?? null;
}
