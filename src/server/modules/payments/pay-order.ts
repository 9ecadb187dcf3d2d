/**
 * Paying an order: the one step every confirmed payment takes (gateway callback, UPI webhook, the owner's
 * `mark-paid`), inside the transaction that records the payment — the order moves Pending → Processing through
 * the state machine, and a payment the shop did not enter itself is announced to the shop by mail.
 */
import { ORDER_STATUS } from '@shared/orders/order-status';
import type { Db } from '../../db/database';
import { transitionInTransaction } from '../orders/order-lifecycle';
import { enqueuePaidOrderNotice, type PaidVia } from './paid-order-mail';

export type PayOrderInput = {
  storeId: number;
  /** The order's uuid. */
  orderId: string;
  /** The `order_events` cause, e.g. `payment: UPI webhook UTR 412345678901`. */
  cause: string;
  /** Announce the payment to the shop (not for the owner's own `mark-paid`). */
  notifyShop: { via: PaidVia; mailFrom: string | undefined } | null;
};

/**
 * Moves the order to Processing and, when asked, writes the shop's paid-order notice; call it in the
 * transaction of the payment row.
 * @throws {ConflictError} when the order is not Pending (nothing changes: the caller's transaction rolls back).
 */
export async function payOrderInTransaction(tx: Db, input: PayOrderInput): Promise<void> {
  await transitionInTransaction(tx, input.storeId, input.orderId, ORDER_STATUS.processing, input.cause);
  if (input.notifyShop) {
    await enqueuePaidOrderNotice(
      tx,
      input.storeId,
      input.orderId,
      input.notifyShop.via,
      input.notifyShop.mailFrom,
    );
  }
}
