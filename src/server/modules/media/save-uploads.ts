/**
 * One upload from request to database, shared by product images and the store logo: every file is checked
 * and re-encoded first (./image-pipeline.ts; the first refusal answers 400 and nothing is written), then the
 * files are written to the media storage (./media-files.ts, ./media-storage.ts), then one transaction
 * records them in `uploaded_images` and runs the caller's change (with its audit entry) and announces a
 * catalogue change; when that transaction fails, the files it wrote are removed. After the commit this server's
 * catalogue caches are cleared. A shopper's photo (a review's, a return's) goes the same way one file at a time
 * ({@link saveOnePhoto}).
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import { uploadedImages } from '../../db/schema/media-tables';
import { BadRequestError } from '../../errors';
import { announceCatalogChange } from '../stores/catalog-version';
import { processImage, type ProcessedImage, type UploadedFile } from './image-pipeline';
import { mediaUrl, srcsetOf, writeImageFiles } from './media-files';
import type { MediaStorage } from './media-storage';

/** An uploaded picture as recorded: its public URL (widest file), `srcset`, widths and pixel size. */
export type StoredImage = {
  url: string;
  /** The first 20 hex digits of the SHA-256 of the uploaded bytes. */
  hash: string;
  srcset: string;
  widths: number[];
  width: number;
  height: number;
};

/** Checks and re-encodes every file, in order. @throws {BadRequestError} for the first refused file. */
export async function processAll(files: UploadedFile[]): Promise<ProcessedImage[]> {
  const processed: ProcessedImage[] = [];
  for (const file of files) processed.push(await processImage(file));
  return processed;
}

/**
 * Writes `images` of `storeId` and, in one transaction, records them and runs `change(tx, stored)`; the
 * result of `change` is returned after the commit and the cache clear.
 * @throws whatever `change` throws (the files are then removed), or a file-system error.
 */
export async function saveUploads<T>(
  app: FastifyInstance,
  storeId: number,
  images: ProcessedImage[],
  change: (tx: Db, stored: StoredImage[]) => Promise<T>,
): Promise<T> {
  const stored: StoredImage[] = images.map((image) => {
    const widths = image.files.map((file) => file.width);
    const url = mediaUrl(storeId, image.hash, image.width);
    return {
      url,
      hash: image.hash,
      srcset: srcsetOf(url, widths)!,
      widths,
      width: image.width,
      height: image.height,
    };
  });
  const written = await writeImageFiles(app.mediaStorage, storeId, images);
  let result: T;
  try {
    result = await app.db.transaction(async (tx) => {
      await tx
        .insert(uploadedImages)
        .values(
          stored.map((image) => ({
            storeId,
            url: image.url,
            hash: image.hash,
            width: image.width,
            height: image.height,
            widths: image.widths,
          })),
        )
        .onConflictDoNothing();
      const answer = await change(tx, stored);
      await announceCatalogChange(tx, storeId);
      return answer;
    });
  } catch (error) {
    await written.remove();
    throw error;
  }
  await app.catalogChanged();
  return result;
}

/** 400 for a shopper's photo request with no file or more than one (review and return photos). */
export const ONE_PHOTO_MESSAGE = 'Upload one photo at a time';

/**
 * One photo of a shopper's request (a review's, a return's): the one file `readFiles` reads is checked and
 * re-encoded, its files are written to `storage`, then one transaction records it in `uploaded_images` (once
 * per URL) and runs `attach(tx, imageId)`, which checks its owner again under its locks and links the picture;
 * when that transaction fails, the written files are removed.
 * @throws {BadRequestError} no file or more than one ({@link ONE_PHOTO_MESSAGE}); the pipeline's refusal of the
 *   file (`photo.jpg is not a JPEG, PNG or WebP image`, …); whatever `attach` throws.
 */
export async function saveOnePhoto(
  db: Db,
  storage: MediaStorage,
  storeId: number,
  readFiles: () => Promise<UploadedFile[]>,
  attach: (tx: Db, imageId: number) => Promise<void>,
): Promise<void> {
  const files = await readFiles();
  if (files.length !== 1) throw new BadRequestError(ONE_PHOTO_MESSAGE);
  const image = await processImage(files[0]!);
  const url = mediaUrl(storeId, image.hash, image.width);
  const written = await writeImageFiles(storage, storeId, [image]);
  try {
    await db.transaction(async (tx) => {
      await tx
        .insert(uploadedImages)
        .values({
          storeId,
          url,
          hash: image.hash,
          width: image.width,
          height: image.height,
          widths: image.files.map((file) => file.width),
        })
        .onConflictDoNothing();
      const [stored] = await tx
        .select({ id: uploadedImages.id })
        .from(uploadedImages)
        .where(and(eq(uploadedImages.storeId, storeId), eq(uploadedImages.url, url)));
      await attach(tx, stored!.id);
    });
  } catch (error) {
    await written.remove();
    throw error;
  }
}
