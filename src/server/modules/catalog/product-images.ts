/**
 * A product's images in the admin (docs/admin.md "Images"): listed in display order with the `srcset` of the
 * uploaded ones, added after an upload, reordered, deleted, and chosen per colour (the image of every variant
 * of that colour, which the product page shows when a shopper picks the colour). After every change the
 * product's main image (`products.img_url`) is its first image. Every change writes its audit entry with
 * `tx`, the caller's transaction; every query is scoped to the store.
 */
import { releaseUnusedImages } from '../media/unused-images';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { AdminProductImages } from '@shared/admin/admin-image-schemas';
import type { Db } from '../../db/database';
import { rowsOf } from '../../db/database';
import { productImages, products, productVariants } from '../../db/schema/catalog-tables';
import { NotFoundError, ValidationError } from '../../errors';
import { recordAudit, type AuditActor } from '../audit/audit-log';
import { srcsetOf } from '../media/media-files';
import { isProductId } from './product-id';

export const PRODUCT_NOT_FOUND_MESSAGE = 'Product not found';
export const IMAGE_NOT_FOUND_MESSAGE = 'Image not found';

/** The product an image change is about. */
export type ImageProduct = { id: string; sku: string; title: string };

/**
 * The product `productId` of `storeId`, locked for the rest of `tx` when `lock` is set.
 * @throws {NotFoundError} (404) `Product not found` — also for another store's product or a malformed id.
 */
export async function imageProductOf(
  db: Db,
  storeId: number,
  productId: string,
  lock = false,
): Promise<ImageProduct> {
  if (!isProductId(productId)) throw new NotFoundError(PRODUCT_NOT_FOUND_MESSAGE);
  const query = db
    .select({ id: products.id, sku: products.sku, title: products.title })
    .from(products)
    .where(and(eq(products.storeId, storeId), eq(products.id, productId.toLowerCase())));
  const [product] = lock ? await query.for('update') : await query;
  if (!product) throw new NotFoundError(PRODUCT_NOT_FOUND_MESSAGE);
  return product;
}

type ImageRow = {
  id: number;
  url: string;
  widths: number[] | null;
  width: number | null;
  height: number | null;
};

async function imagesOf(db: Db, storeId: number, productId: string): Promise<ImageRow[]> {
  const result = await db.execute(sql`
    SELECT i.id, i.url, m.widths, m.width, m.height
    FROM product_images i
    LEFT JOIN uploaded_images m ON m.store_id = i.store_id AND m.url = i.url
    WHERE i.store_id = ${storeId} AND i.product_id = ${productId}
    ORDER BY i.position, i.id`);
  return rowsOf<ImageRow>(result).map((row) => ({ ...row, id: Number(row.id) }));
}

/** The product's variant colours (first spelling, variant order) with the image each variant of it shows. */
async function coloursOf(db: Db, storeId: number, productId: string) {
  const rows = await db
    .select({ color: productVariants.color, imgUrl: productVariants.imgUrl })
    .from(productVariants)
    .where(and(eq(productVariants.storeId, storeId), eq(productVariants.productId, productId)))
    .orderBy(asc(productVariants.position));
  const colours = new Map<string, { colour: string; url: string | null }>();
  for (const row of rows) {
    if (!row.color?.trim()) continue;
    const key = row.color.toLowerCase();
    const known = colours.get(key);
    if (!known) colours.set(key, { colour: row.color, url: row.imgUrl });
    else known.url ??= row.imgUrl;
  }
  return [...colours.values()];
}

/** `product`'s images and colours as the admin shows them. */
export async function productImagesView(
  db: Db,
  storeId: number,
  product: ImageProduct,
): Promise<AdminProductImages> {
  const [images, colours] = await Promise.all([
    imagesOf(db, storeId, product.id),
    coloursOf(db, storeId, product.id),
  ]);
  return {
    productId: product.id,
    sku: product.sku,
    title: product.title,
    images: images.map((image) => ({
      id: image.id,
      url: image.url,
      srcset: image.widths ? srcsetOf(image.url, image.widths) : null,
      width: image.width,
      height: image.height,
    })),
    colours: colours.map((colour) => ({
      colour: colour.colour,
      imageId: images.find((image) => image.url === colour.url)?.id ?? null,
      url: colour.url,
    })),
  };
}

/** Makes the product's first image its main image (`img_url`; null without images). */
async function syncMainImage(tx: Db, storeId: number, productId: string): Promise<void> {
  await tx.execute(sql`
    UPDATE products SET updated_at = now(), img_url = (
      SELECT url FROM product_images WHERE store_id = ${storeId} AND product_id = ${productId}
      ORDER BY position, id LIMIT 1)
    WHERE store_id = ${storeId} AND id = ${productId}`);
}

const audit = (
  tx: Db,
  storeId: number,
  actor: AuditActor,
  product: ImageProduct,
  action: string,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
) =>
  // A change that leaves every value as it was (the same order again) leaves no entry.
  JSON.stringify(before) === JSON.stringify(after)
    ? Promise.resolve()
    : recordAudit(tx, { storeId, actor, entity: 'product', entityId: product.sku, action, before, after });

/** Appends `urls` (uploaded images) after the product's images; a URL it already shows is not added twice. */
export async function addProductImages(
  tx: Db,
  storeId: number,
  actor: AuditActor,
  product: ImageProduct,
  urls: string[],
): Promise<void> {
  const before = await imagesOf(tx, storeId, product.id);
  const known = new Set(before.map((image) => image.url));
  const added = [...new Set(urls)].filter((url) => !known.has(url));
  const [last] = rowsOf<{ position: number | null }>(
    await tx.execute(sql`SELECT max(position) AS position FROM product_images
      WHERE store_id = ${storeId} AND product_id = ${product.id}`),
  );
  const start = last?.position === null || last?.position === undefined ? 0 : Number(last.position) + 1;
  if (added.length > 0) {
    await tx
      .insert(productImages)
      .values(added.map((url, index) => ({ storeId, productId: product.id, url, position: start + index })));
  }
  await syncMainImage(tx, storeId, product.id);
  await audit(
    tx,
    storeId,
    actor,
    product,
    'add-images',
    { images: before.map((image) => image.url) },
    {
      images: [...before.map((image) => image.url), ...added],
    },
  );
}

/**
 * Puts the product's images in the order of `imageIds`.
 * @throws {ValidationError} (400, `imageIds`) unless it lists every image of the product exactly once.
 */
export async function reorderProductImages(
  tx: Db,
  storeId: number,
  actor: AuditActor,
  product: ImageProduct,
  imageIds: number[],
): Promise<void> {
  const images = await imagesOf(tx, storeId, product.id);
  const ids = new Set(images.map((image) => image.id));
  if (
    imageIds.length !== ids.size ||
    new Set(imageIds).size !== ids.size ||
    !imageIds.every((id) => ids.has(id))
  ) {
    throw new ValidationError({ imageIds: 'must list every image of the product once' });
  }
  for (const [position, id] of imageIds.entries()) {
    await tx
      .update(productImages)
      .set({ position })
      .where(and(eq(productImages.storeId, storeId), eq(productImages.id, id)));
  }
  await syncMainImage(tx, storeId, product.id);
  const urlOf = new Map(images.map((image) => [image.id, image.url]));
  await audit(
    tx,
    storeId,
    actor,
    product,
    'reorder-images',
    { images: images.map((image) => image.url) },
    {
      images: imageIds.map((id) => urlOf.get(id)),
    },
  );
}

/**
 * Removes image `imageId` from the product; variants showing it go back to the product's image. An uploaded
 * image that nothing names any more (no product, variant, category, logo, order line or return photo: see
 * ../media/unused-images.ts) loses its `uploaded_images` row, and the storage keys of its files are
 * returned for removal after the commit; otherwise none.
 * @throws {NotFoundError} (404) `Image not found` when the product has no such image.
 */
export async function deleteProductImage(
  tx: Db,
  storeId: number,
  actor: AuditActor,
  product: ImageProduct,
  imageId: number,
): Promise<string[]> {
  const [deleted] = await tx
    .delete(productImages)
    .where(
      and(
        eq(productImages.storeId, storeId),
        eq(productImages.productId, product.id),
        eq(productImages.id, imageId),
      ),
    )
    .returning({ url: productImages.url });
  if (!deleted) throw new NotFoundError(IMAGE_NOT_FOUND_MESSAGE);
  await tx
    .update(productVariants)
    .set({ imgUrl: null, updatedAt: new Date() })
    .where(
      and(
        eq(productVariants.storeId, storeId),
        eq(productVariants.productId, product.id),
        eq(productVariants.imgUrl, deleted.url),
      ),
    );
  await syncMainImage(tx, storeId, product.id);
  await audit(tx, storeId, actor, product, 'delete-image', { url: deleted.url }, { url: null });
  return releaseUnusedImages(tx, storeId, [deleted.url]);
}

/**
 * Shows image `imageId` (null: none of its own) for every variant of colour `colour` (matched ignoring case).
 * @throws {ValidationError} (400) `colour` not a colour of the product's variants; `imageId` not its image.
 */
export async function setColourImage(
  tx: Db,
  storeId: number,
  actor: AuditActor,
  product: ImageProduct,
  body: { colour: string; imageId: number | null },
): Promise<void> {
  const colours = await coloursOf(tx, storeId, product.id);
  const colour = colours.find((candidate) => candidate.colour.toLowerCase() === body.colour.toLowerCase());
  if (!colour) throw new ValidationError({ colour: 'is not a colour of this product' });
  let url: string | null = null;
  if (body.imageId !== null) {
    const image = (await imagesOf(tx, storeId, product.id)).find(
      (candidate) => candidate.id === body.imageId,
    );
    if (!image) throw new ValidationError({ imageId: 'is not an image of this product' });
    url = image.url;
  }
  await tx
    .update(productVariants)
    .set({ imgUrl: url, updatedAt: new Date() })
    .where(
      and(
        eq(productVariants.storeId, storeId),
        eq(productVariants.productId, product.id),
        sql`lower(${productVariants.color}) = ${colour.colour.toLowerCase()}`,
      ),
    );
  await audit(
    tx,
    storeId,
    actor,
    product,
    'set-colour-image',
    { colour: colour.colour, url: colour.url },
    {
      colour: colour.colour,
      url,
    },
  );
}
