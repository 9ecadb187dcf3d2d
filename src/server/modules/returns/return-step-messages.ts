/**
 * The shopper's phone message of a return step (docs/messages.md "Order updates"): 'return-update' with the
 * return's number, its order's number and the step in words, queued in the step's transaction beside the
 * step's e-mail (./return-step-mail.ts), on the channel the order's messages use (WhatsApp where the order's
 * number opted in, else SMS when the shop sends transactional SMS, nothing for a number that opted out).
 */
import type { Db } from '../../db/database';
import { queueOrderMessage, readMessageOrder } from '../orders/order-messages';
import type { ReturnMailStep } from './return-step-mail';

/** Each step as the message says it: 'your return RT-… for order RS-… is {{returnStatus}}.' */
export const RETURN_STATUS_WORDS: Record<ReturnMailStep, string> = {
  approved: 'approved',
  rejected: 'rejected',
  received: 'received',
  'replacement-shipped': 'complete: your replacement has shipped',
};

/**
 * Queues 'return-update' for return `returnNumber` of order `orderId` after `step`; call it in the step's
 * transaction. Does nothing for an order that no longer exists or when no phone message may go.
 * @returns the outbox row's id, or null when nothing was queued.
 */
export async function queueReturnStepMessage(
  tx: Db,
  storeId: number,
  orderId: string,
  returnNumber: string,
  step: ReturnMailStep,
): Promise<number | null> {
  const order = await readMessageOrder(tx, storeId, orderId);
  if (!order) return null;
  return queueOrderMessage(tx, storeId, order, 'return-update', {
    returnNumber,
    returnStatus: RETURN_STATUS_WORDS[step],
  });
}
