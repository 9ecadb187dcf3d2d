/**
 * The webhook event of the catalogue (docs/webhooks.md "Events"): `product.updated`, one per product created or
 * changed by the editor, an archive or the catalogue import, written in the transaction of the change.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { products, productVariants } from '../../db/schema/catalog-tables';
import { money } from './webhook-events';
import { enqueueWebhookEvent, storeReceives } from './webhook-outbox';

/**
 * `product.updated` for each of `productIds` (created or changed: the editor, an archive, the catalogue
 * import); call it in the transaction of the change.
 */
export async function enqueueProductUpdatedEvents(
  tx: Db,
  storeId: number,
  productIds: string[],
): Promise<void> {
  if (productIds.length === 0) return;
  if (!(await storeReceives(tx, storeId, 'product.updated'))) return;
  const found = await tx
    .select()
    .from(products)
    .where(and(eq(products.storeId, storeId), inArray(products.id, productIds)))
    .orderBy(asc(products.sortOrder), asc(products.sku));
  if (found.length === 0) return;
  const variants = await tx
    .select()
    .from(productVariants)
    .where(and(eq(productVariants.storeId, storeId), inArray(productVariants.productId, productIds)))
    .orderBy(asc(productVariants.position));
  for (const product of found) {
    await enqueueWebhookEvent(tx, storeId, 'product.updated', async () => ({
      id: product.id,
      sku: product.sku,
      title: product.title,
      unit: product.unit,
      ...money('regular_price', product.regularPricePaise),
      ...(product.discountedPricePaise !== null
        ? money('discounted_price', product.discountedPricePaise)
        : {}),
      stock: product.stock,
      archived: product.archivedAt !== null,
      updated_at: product.updatedAt.toISOString(),
      variants: variants
        .filter((variant) => variant.productId === product.id)
        .map((variant) => ({
          id: variant.id,
          sku: variant.sku,
          size: variant.size,
          color: variant.color,
          stock: variant.stock,
          ...(variant.regularPricePaise !== null ? money('regular_price', variant.regularPricePaise) : {}),
          ...(variant.discountedPricePaise !== null
            ? money('discounted_price', variant.discountedPricePaise)
            : {}),
        })),
    }));
  }
}

/**
 * `product.updated` for each product the catalogue import created or rewrote (`skus`: their SKUs as the file
 * spells them, matched without letter case); call it in the import's transaction.
 */
export async function enqueueImportedProductEvents(tx: Db, storeId: number, skus: string[]): Promise<void> {
  if (skus.length === 0 || !(await storeReceives(tx, storeId, 'product.updated'))) return;
  const lowered = skus.map((sku) => sku.toLowerCase());
  const found = await tx
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.storeId, storeId), inArray(sql`lower(${products.sku})`, lowered)));
  await enqueueProductUpdatedEvents(
    tx,
    storeId,
    found.map((row) => row.id),
  );
}
