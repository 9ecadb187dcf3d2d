/**
 * The shopper's phone message of a processed refund (docs/messages.md "Order updates"): 'refund-update' with
 * the refund's amount in rupees ('₹1,250'), the order's number and its state in words — 'on its way' for a
 * refund through the payment gateway (the bank takes days to show it), 'completed' for one paid by UPI, bank
 * transfer or cash. Queued in the refund's transaction beside its e-mail (./refund-mail.ts), on the channel the
 * order's messages use (WhatsApp where the number opted in, else SMS when the shop sends transactional SMS).
 */
import type { RefundMethod } from '@shared/returns/return-schemas';
import type { Db } from '../../db/database';
import { rupeesOf } from '../orders/order-mail-lines';
import { queueOrderMessage, readMessageOrder } from '../orders/order-messages';

/** A processed refund's state as the message says it, by how the money goes back. */
export function refundStatusWords(method: RefundMethod): string {
  return method === 'gateway' ? 'on its way' : 'completed';
}

/**
 * Queues 'refund-update' for a processed refund of `amountPaise` (paise) of order `orderId`; call it in the
 * refund's transaction. Does nothing for an order that no longer exists or when no phone message may go.
 * @returns the outbox row's id, or null when nothing was queued.
 */
export async function queueRefundUpdateMessage(
  tx: Db,
  storeId: number,
  orderId: string,
  refund: { amountPaise: number; method: RefundMethod },
): Promise<number | null> {
  const order = await readMessageOrder(tx, storeId, orderId);
  if (!order) return null;
  return queueOrderMessage(tx, storeId, order, 'refund-update', {
    amount: rupeesOf(refund.amountPaise),
    refundStatus: refundStatusWords(refund.method),
  });
}
