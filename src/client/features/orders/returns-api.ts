/**
 * The shopper's return requests (docs/returns.md): `POST /orders/{orderId}/returns` and one photo at a time to
 * `POST /orders/{orderId}/returns/{returnId}/photos` (multipart, through lib/upload-file.ts). Both send the
 * bearer token; afterwards the cached orders are read again.
 */
import { apiRequest } from '@client/lib/api-client';
import { uploadFile } from '@client/lib/upload-file';
import { returnSchema, type CreateReturnBody, type OrderReturn } from '@shared/returns/return-schemas';

/**
 * Asks for the return.
 * @throws {ApiError} 400 with `fields` naming the refused lines (`lines.0.quantity`), 409 (window closed, not
 *   delivered), 404 for an order not the shopper's, 401 when the session expired, status 0 without a response.
 */
export function createReturn(orderId: string, body: CreateReturnBody): Promise<OrderReturn> {
  return apiRequest(`/orders/${encodeURIComponent(orderId)}/returns`, {
    method: 'POST',
    body,
    schema: returnSchema,
  });
}

/**
 * Adds one photo to the return.
 * @throws {ApiError} 400 for a refused file ('photo.gif is not a JPEG, PNG or WebP image') or past 3 photos.
 */
export function uploadReturnPhoto(orderId: string, returnId: string, file: File): Promise<OrderReturn> {
  return uploadFile(
    `/orders/${encodeURIComponent(orderId)}/returns/${encodeURIComponent(returnId)}/photos`,
    file,
    returnSchema,
    () => undefined,
  );
}
