/**
 * Photos of a return (`POST /orders/{orderId}/returns/{returnId}/photos`, docs/returns.md): one picture per
 * request, at most {@link MAX_RETURN_PHOTOS} per return, only by the order's shopper and only while the return
 * is requested. Each goes through the admin's image pipeline (../media/image-pipeline.ts: checked by content,
 * re-encoded as WebP, metadata such as GPS dropped), its files are written, then one transaction — with the
 * return row locked, so two uploads at once cannot pass the limit — records it in `uploaded_images` and
 * `return_photos`. When that transaction fails the files it wrote are removed.
 */
import { and, count, eq } from 'drizzle-orm';
import { MAX_RETURN_PHOTOS } from '@shared/returns/return-rules';
import type { Db } from '../../db/database';
import { orders } from '../../db/schema/order-tables';
import { orderReturns, returnPhotos } from '../../db/schema/return-tables';
import { BadRequestError, ConflictError, NotFoundError } from '../../errors';
import type { UploadedFile } from '../media/image-pipeline';
import type { MediaStorage } from '../media/media-storage';
import { saveOnePhoto } from '../media/save-uploads';
import { normalizeOrderNumber } from '../orders/order-number';
import { ORDER_NOT_FOUND } from '../orders/order-queries';

/** 404 for a return that is not one of the order's. */
export const RETURN_NOT_FOUND = 'Return not found';
/** 400 past the limit. */
export const TOO_MANY_PHOTOS_MESSAGE = `You can add at most ${MAX_RETURN_PHOTOS} photos to a return`;
/** 409 once the shop has answered the request. */
export const PHOTOS_CLOSED_MESSAGE = 'Photos can be added only while the return is requested';

/** Who adds the photo, and to which return. */
export type ReturnPhotoTarget = { storeId: number; userId: number; orderId: string; returnId: string };

/**
 * The return `target.returnId` of the shopper's order `target.orderId`, checked to take one more photo;
 * locked when `lock` (inside the recording transaction).
 * @throws {NotFoundError} `Order not found or access denied` (not the shopper's order), `Return not found`.
 * @throws {ConflictError} once the return is no longer requested. @throws {BadRequestError} past the limit.
 */
async function photoReturnOf(
  db: Db,
  target: ReturnPhotoTarget,
  lock = false,
): Promise<{ id: string; photos: number }> {
  const orderNumber = normalizeOrderNumber(target.orderId);
  if (!orderNumber) throw new NotFoundError(ORDER_NOT_FOUND);
  const [order] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.storeId, target.storeId),
        eq(orders.orderNumber, orderNumber),
        eq(orders.userId, target.userId),
      ),
    );
  if (!order) throw new NotFoundError(ORDER_NOT_FOUND);
  const query = db
    .select({ id: orderReturns.id, status: orderReturns.status })
    .from(orderReturns)
    .where(
      and(
        eq(orderReturns.storeId, target.storeId),
        eq(orderReturns.orderId, order.id),
        eq(orderReturns.id, target.returnId),
      ),
    );
  const [found] = lock ? await query.for('update') : await query;
  if (!found) throw new NotFoundError(RETURN_NOT_FOUND);
  if (found.status !== 'requested') throw new ConflictError(PHOTOS_CLOSED_MESSAGE);
  const [{ photos } = { photos: 0 }] = await db
    .select({ photos: count() })
    .from(returnPhotos)
    .where(and(eq(returnPhotos.storeId, target.storeId), eq(returnPhotos.returnId, found.id)));
  if (photos >= MAX_RETURN_PHOTOS) throw new BadRequestError(TOO_MANY_PHOTOS_MESSAGE);
  return { id: found.id, photos };
}

/**
 * Adds the one file `readFiles` reads from the request to the return, its files written to `storage`. The
 * checks run before the picture is decoded (no work for a refused request) and again under the lock.
 * @throws {BadRequestError} no file or more than one ('Upload one photo at a time': ../media/save-uploads.ts);
 *   the pipeline's refusal of the file (`photo.jpg is not a JPEG, PNG or WebP image`, …); past the limit.
 * @throws {NotFoundError} / {ConflictError} as {@link photoReturnOf}.
 */
export async function addReturnPhoto(
  db: Db,
  storage: MediaStorage,
  target: ReturnPhotoTarget,
  readFiles: () => Promise<UploadedFile[]>,
): Promise<void> {
  const { storeId } = target;
  await photoReturnOf(db, target);
  await saveOnePhoto(db, storage, storeId, readFiles, async (tx, imageId) => {
    const found = await photoReturnOf(tx, target, true);
    await tx.insert(returnPhotos).values({ storeId, returnId: found.id, imageId, position: found.photos });
  });
}
