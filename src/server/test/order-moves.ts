/**
 * Moves a test order through the order state machine (../modules/orders/order-lifecycle.ts) with everything
 * a real move does in its transaction: stock, tax documents (the tax invoice on shipping, the credit note on
 * cancelling a shipped order), the customer's mail. Tests of lower modules (gst, search) use these instead of
 * importing orders.
 */
import { ORDER_STATUS } from '@shared/orders/order-status';
import type { Db } from '../db/database';
import { transition, type TransitionResult } from '../modules/orders/order-lifecycle';
import { reserveOrderStockAgain } from '../modules/orders/order-stock-return';

/**
 * Moves order `orderId` (its uuid) of `storeId` from Pending to Processing, as a payment does.
 * @throws {ConflictError} when the order is not Pending.
 */
export function payTestOrder(db: Db, storeId: number, orderId: string): Promise<TransitionResult> {
  return transition(db, storeId, orderId, ORDER_STATUS.processing, 'test: paid');
}

/**
 * Ships order `orderId` of `storeId` (Processing → Shipped) with `trackingNumber`; issues its tax invoice.
 * @throws {ConflictError} when the order is not Processing.
 */
export function shipTestOrder(
  db: Db,
  storeId: number,
  orderId: string,
  trackingNumber: string,
): Promise<TransitionResult> {
  return transition(db, storeId, orderId, ORDER_STATUS.shipped, 'test: ship', { trackingNumber });
}

/**
 * Cancels order `orderId` of `storeId` as the shop does for a returned parcel: its stock goes back and, when
 * it was shipped, a credit note is issued. `cancellationCause` is what the shopper reads (default: the
 * shop's).
 * @throws {ConflictError} when the order can no longer be cancelled (Delivered or Cancelled).
 */
export function returnTestOrder(
  db: Db,
  storeId: number,
  orderId: string,
  cancellationCause?: string,
): Promise<TransitionResult> {
  return transition(db, storeId, orderId, ORDER_STATUS.cancelled, 'test: returned', { cancellationCause });
}

/**
 * Takes the stock of cancelled order `orderId` of `storeId` off again, all or nothing, as a payment arriving
 * after the cancellation does.
 * @returns true when every line is held again, false when nothing was taken.
 */
export function reserveTestOrderStockAgain(db: Db, storeId: number, orderId: string): Promise<boolean> {
  return db.transaction((tx) => reserveOrderStockAgain(tx as unknown as Db, storeId, orderId));
}
