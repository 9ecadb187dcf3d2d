/**
 * Back-in-stock alerts, asked for and ended (docs/messages.md "Back-in-stock alerts"): a shopper asks to hear
 * when a sold-out product, or one size of it, is back, by e-mail or WhatsApp; one tap on the link in the alert
 * ends it. Plain functions taking `db`; every query is scoped to the store. Sending is ./stock-alert-release.ts.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { stockAlertTexts, type StockAlertBody } from '@shared/stock-alerts/stock-alert-schemas';
import type { Db } from '../../db/database';
import { productVariants, products } from '../../db/schema/catalog-tables';
import { stockAlerts } from '../../db/schema/stock-alert-tables';
import { ConflictError, NotFoundError, ValidationError } from '../../errors';

/** The 404 sentence of a product that is not on sale in this store. */
export const PRODUCT_NOT_FOUND = 'Product not found';

/** A new unsubscribe token: 32 random bytes as 43 base64url characters. */
const newToken = () => randomBytes(32).toString('base64url');

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What a new alert needs: the store, the product's id, the checked body and the shop's trusted origin. */
export type NewStockAlert = {
  storeId: number;
  productId: string;
  body: StockAlertBody;
  /** The shop's origin for the alert's links (../accounts/reset-link-origin.ts), or null: paths only. */
  origin: string | null;
};

/**
 * Records a waiting alert for the product (and size) of `alert`, to its e-mail or WhatsApp number. Asking
 * again for the same product, size and recipient while one waits changes nothing (idempotent). The product
 * must be on sale and, with sizes, the size given; it (or the size) must be sold out: below the product's
 * smallest quantity (1 piece, or the shortest length of fabric).
 * @throws {NotFoundError} 404 'Product not found' for an unknown, archived or other store's product.
 * @throws {ValidationError} 400 `fields.variantId` 'Please choose a size' (a product with sizes) or 'Size not
 *   found' (not a size of this product).
 * @throws {ConflictError} 409 'This is in stock: you can order it now' when it is not sold out.
 */
export async function createStockAlert(db: Db, alert: NewStockAlert): Promise<void> {
  const { storeId, body } = alert;
  if (!UUID.test(alert.productId)) throw new NotFoundError(PRODUCT_NOT_FOUND);
  const productId = alert.productId.toLowerCase();
  const [product] = await db
    .select({
      stock: products.stock,
      minQuantity: products.minQuantity,
    })
    .from(products)
    .where(and(eq(products.storeId, storeId), eq(products.id, productId), isNull(products.archivedAt)));
  if (!product) throw new NotFoundError(PRODUCT_NOT_FOUND);
  let stock = product.stock;
  const variantId = body.variantId?.toLowerCase() ?? null;
  const [sized] = await db
    .select({ id: productVariants.id })
    .from(productVariants)
    .where(and(eq(productVariants.storeId, storeId), eq(productVariants.productId, productId)))
    .limit(1);
  if (variantId === null && sized) {
    throw new ValidationError({ variantId: stockAlertTexts.chooseSize });
  }
  if (variantId !== null) {
    const [variant] = await db
      .select({ stock: productVariants.stock })
      .from(productVariants)
      .where(
        and(
          eq(productVariants.storeId, storeId),
          eq(productVariants.productId, productId),
          eq(productVariants.id, variantId),
        ),
      );
    if (!variant) throw new ValidationError({ variantId: stockAlertTexts.variantNotFound });
    stock = variant.stock;
  }
  if (stock === null || Number(stock) >= Number(product.minQuantity)) {
    throw new ConflictError(stockAlertTexts.inStock);
  }
  const channel = body.email !== undefined ? 'email' : 'whatsapp';
  await db
    .insert(stockAlerts)
    .values({
      storeId,
      productId,
      variantId,
      targetKey: variantId ?? '',
      channel,
      recipient: (body.email ?? body.phone)!,
      unsubscribeToken: newToken(),
      linkOrigin: alert.origin,
    })
    .onConflictDoNothing();
}

/**
 * Ends the alert whose link carries `token` (waiting or already sent: no later alert goes to it); a second tap
 * changes nothing.
 * @returns the product's title, for the page's sentence.
 * @throws {NotFoundError} 404 'This unsubscribe link is not valid.' for a token of no alert of this store.
 */
export async function unsubscribeStockAlert(
  db: Db,
  storeId: number,
  token: string,
): Promise<{ productTitle: string }> {
  const [row] = await db
    .update(stockAlerts)
    .set({ unsubscribedAt: sql`coalesce(${stockAlerts.unsubscribedAt}, now())` })
    .where(and(eq(stockAlerts.storeId, storeId), eq(stockAlerts.unsubscribeToken, token)))
    .returning({ productId: stockAlerts.productId });
  if (!row) throw new NotFoundError(stockAlertTexts.linkInvalid);
  const [product] = await db
    .select({ title: products.title })
    .from(products)
    .where(and(eq(products.storeId, storeId), eq(products.id, row.productId)));
  return { productTitle: product?.title ?? '' };
}
