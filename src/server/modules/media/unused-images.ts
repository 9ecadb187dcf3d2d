/**
 * Removing an uploaded image once nothing names it (docs/admin.md "Images", docs/decisions/022-media-storage.md).
 * An uploaded picture is named by URL from many places — a product's images, its main image, a variant's
 * image, a category's image, the store logo, an order line's picture — and by id from a return's or a review's photos.
 * Any of its widths counts (an order line may carry the narrow file). When a change drops a URL,
 * {@link releaseUnusedImages} runs inside the change's transaction: a picture no longer named anywhere loses
 * its `uploaded_images` row, and the keys of its files are returned; {@link removeMediaFiles} deletes them
 * from the storage after the commit (a rolled-back change keeps its files).
 */
import { and, eq, like, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';
import { categories, productImages, products, productVariants } from '../../db/schema/catalog-tables';
import { uploadedImages } from '../../db/schema/media-tables';
import { orderLines } from '../../db/schema/order-tables';
import { returnPhotos } from '../../db/schema/return-tables';
import { reviewPhotos } from '../../db/schema/review-tables';
import { stores } from '../../db/schema/store-tables';
import { IMAGE_WIDTHS } from './image-pipeline';
import { MEDIA_URL_PREFIX, mediaKey, mediaKeyOfUrl } from './media-files';
import type { MediaStorage } from './media-storage';

/** Whether anything of store `storeId` still names a file whose URL starts with `prefix`. */
async function isNamed(tx: Db, storeId: number, prefix: string): Promise<boolean> {
  const pattern = `${prefix}%`;
  const uses = [
    tx
      .select({ one: sql`1` })
      .from(productImages)
      .where(and(eq(productImages.storeId, storeId), like(productImages.url, pattern))),
    tx
      .select({ one: sql`1` })
      .from(products)
      .where(and(eq(products.storeId, storeId), like(products.imgUrl, pattern))),
    tx
      .select({ one: sql`1` })
      .from(productVariants)
      .where(and(eq(productVariants.storeId, storeId), like(productVariants.imgUrl, pattern))),
    tx
      .select({ one: sql`1` })
      .from(categories)
      .where(and(eq(categories.storeId, storeId), like(categories.imageUrl, pattern))),
    tx
      .select({ one: sql`1` })
      .from(stores)
      .where(and(eq(stores.id, storeId), like(stores.companyLogoUrl, pattern))),
    tx
      .select({ one: sql`1` })
      .from(orderLines)
      .where(and(eq(orderLines.storeId, storeId), like(orderLines.imageUrl, pattern))),
    tx
      .select({ one: sql`1` })
      .from(returnPhotos)
      .innerJoin(uploadedImages, eq(uploadedImages.id, returnPhotos.imageId))
      .where(and(eq(returnPhotos.storeId, storeId), like(uploadedImages.url, pattern))),
    tx
      .select({ one: sql`1` })
      .from(reviewPhotos)
      .innerJoin(uploadedImages, eq(uploadedImages.id, reviewPhotos.imageId))
      .where(and(eq(reviewPhotos.storeId, storeId), like(uploadedImages.url, pattern))),
  ];
  for (const use of uses) {
    if ((await use.limit(1)).length > 0) return true;
  }
  return false;
}

/**
 * For each uploaded image among `urls` (other URLs are skipped) that nothing of store `storeId` names any
 * more: deletes its `uploaded_images` row and returns the storage keys of its files (every width it was
 * written at). Call inside the transaction that dropped the URLs, after the drop; pass the keys to
 * {@link removeMediaFiles} after the commit.
 */
export async function releaseUnusedImages(
  tx: Db,
  storeId: number,
  urls: readonly (string | null | undefined)[],
): Promise<string[]> {
  const keys = new Set<string>();
  for (const url of new Set(urls)) {
    const key = url ? mediaKeyOfUrl(url) : null;
    const match = key ? /^(\d+)\/([0-9a-f]{20})-(\d+)\.webp$/.exec(key) : null;
    if (!match || Number(match[1]) !== storeId) continue;
    const hash = match[2]!;
    const prefix = `${MEDIA_URL_PREFIX}${storeId}/${hash}-`;
    if (await isNamed(tx, storeId, prefix)) continue;
    const released = await tx
      .delete(uploadedImages)
      .where(and(eq(uploadedImages.storeId, storeId), like(uploadedImages.url, `${prefix}%`)))
      .returning({ widths: uploadedImages.widths });
    // The widths recorded, else every width the pipeline may have written (a missing file is no error).
    const widths = released.flatMap((row) => row.widths);
    for (const width of widths.length > 0 ? widths : [...IMAGE_WIDTHS, Number(match[3])]) {
      keys.add(mediaKey(storeId, hash, width));
    }
  }
  return [...keys];
}

/**
 * Deletes the files `keys` from `storage` after the commit that released them. A storage that fails is
 * logged, not thrown: the change is made, and a left-over file is only unused space.
 */
export async function removeMediaFiles(
  storage: MediaStorage,
  keys: readonly string[],
  log: FastifyBaseLogger,
): Promise<void> {
  const results = await Promise.allSettled(keys.map((key) => storage.delete(key)));
  results.forEach((result, index) => {
    if (result.status === 'rejected') {
      log.warn({ err: result.reason, key: keys[index] }, 'an unused image file could not be removed');
    }
  });
}
