/**
 * The phone messages of an order's moves (docs/messages.md "Order updates"), queued beside the e-mails of
 * ./lifecycle-mail.ts in the same transaction: 'order-paid' (and the owner's 'owner-paid-order' WhatsApp when
 * the shop set a number), 'order-shipped' with the courier and its tracking link, 'order-out-for-delivery' and
 * 'order-delivered' as the courier reports them, and 'order-cancelled'. A COD order's move to Processing is its
 * confirmation, not a payment: it sends neither paid message.
 */
import { ORDER_STATUS, type OrderStatusCode } from '@shared/orders/order-status';
import { courierTrackingUrl } from '@shared/orders/couriers';
import type { Db } from '../../db/database';
import { queueMessage } from '../notifications/message-outbox';
import { e164IndianMobile } from '../notifications/phone-consent';
import { orders } from '../../db/schema/order-tables';
import { and, eq } from 'drizzle-orm';
import { orderVariables, queueOrderMessage, readMessageOrder, type MessageOrder } from './order-messages';
import { rupeesOf } from './order-mail-lines';

/** The tracking link of a shipped order: the known courier's page, else the tracking number itself. */
function trackingLinkOf(order: MessageOrder): string {
  return (
    courierTrackingUrl(order.courier, order.trackingNumber) ??
    `tracking number ${order.trackingNumber ?? '—'}`
  );
}

/** Queues the owner's 'owner-paid-order' WhatsApp for `order` when the shop set the owner's number. */
async function queueOwnerPaidMessage(tx: Db, storeId: number, order: MessageOrder): Promise<void> {
  const owner = e164IndianMobile(order.settings.ownerWhatsapp);
  if (!owner) return;
  await queueMessage(tx, storeId, {
    template: 'owner-paid-order',
    channel: 'whatsapp',
    to: owner,
    variables: orderVariables(order),
  });
}

/**
 * Queues the shopper's message of order `orderId` having moved to `to` (and the owner's for a
 * paid order); call it in the transaction of the move, after the order row changed. Nothing for a move
 * without a message (to COD awaiting confirmation: ./cod-confirmation.ts queues that one).
 */
export async function queueLifecycleMessages(
  tx: Db,
  storeId: number,
  orderId: string,
  to: OrderStatusCode,
): Promise<void> {
  const order = await readMessageOrder(tx, storeId, orderId);
  if (!order) return;
  switch (to) {
    case ORDER_STATUS.processing:
      if (order.cashOnDelivery) return;
      await queueOrderMessage(tx, storeId, order, 'order-paid');
      await queueOwnerPaidMessage(tx, storeId, order);
      return;
    case ORDER_STATUS.shipped:
      await queueOrderMessage(tx, storeId, order, 'order-shipped', {
        courier: order.courier ?? 'our courier',
        trackingLink: trackingLinkOf(order),
      });
      return;
    case ORDER_STATUS.delivered:
      await queueOrderMessage(tx, storeId, order, 'order-delivered');
      return;
    case ORDER_STATUS.cancelled: {
      const [row] = await tx
        .select({ refundDue: orders.refundDue })
        .from(orders)
        .where(and(eq(orders.storeId, storeId), eq(orders.id, orderId)));
      await queueOrderMessage(tx, storeId, order, 'order-cancelled', {
        refundLine: row?.refundDue ? `We will refund ${rupeesOf(order.totalPaise)} the way you paid.` : '',
      });
      return;
    }
    default:
      return;
  }
}

/**
 * Queues 'order-out-for-delivery' for order `orderId` (the courier's tracking update says so: ../couriers);
 * call it in the transaction that records the courier's status.
 */
export async function queueOutForDeliveryMessage(tx: Db, storeId: number, orderId: string): Promise<void> {
  const order = await readMessageOrder(tx, storeId, orderId);
  if (order) await queueOrderMessage(tx, storeId, order, 'order-out-for-delivery');
}
