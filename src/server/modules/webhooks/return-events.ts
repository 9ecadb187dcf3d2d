/**
 * The webhook events of returns and refunds (docs/webhooks.md "Events"): `return.requested` and
 * `refund.processed`, written in the transaction of the change; amounts in paise and rupees.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { orderLines, orders } from '../../db/schema/order-tables';
import { orderReturns, refunds, returnLines } from '../../db/schema/return-tables';
import { money } from './webhook-events';
import { enqueueWebhookEvent } from './webhook-outbox';

/** `return.requested` for the new return `returnId`; call it in the return's transaction. */
export function enqueueReturnRequestedEvent(tx: Db, storeId: number, returnId: string): Promise<number> {
  return enqueueWebhookEvent(tx, storeId, 'return.requested', async () => {
    const [request] = await tx
      .select({ request: orderReturns, orderNumber: orders.orderNumber })
      .from(orderReturns)
      .innerJoin(orders, eq(orders.id, orderReturns.orderId))
      .where(and(eq(orderReturns.storeId, storeId), eq(orderReturns.id, returnId)));
    if (!request) return null;
    const lines = await tx
      .select({
        line: returnLines,
        sku: orderLines.sku,
        title: orderLines.productTitle,
        unit: orderLines.unit,
      })
      .from(returnLines)
      .innerJoin(orderLines, eq(orderLines.id, returnLines.orderLineId))
      .where(and(eq(returnLines.storeId, storeId), eq(returnLines.returnId, returnId)))
      .orderBy(asc(returnLines.id));
    return {
      return_number: request.request.number,
      order_number: request.orderNumber,
      status: request.request.status,
      note: request.request.note,
      created_at: request.request.createdAt.toISOString(),
      ...money('pickup_fee', request.request.pickupFeePaise),
      lines: lines.map(({ line, sku, title, unit }) => ({
        sku,
        title,
        unit,
        quantity: line.quantity,
        reason: line.reason,
        exchange: line.exchangeVariantId ? { size: line.exchangeSize, color: line.exchangeColor } : null,
        ...money('refund', line.refundPaise),
      })),
    };
  });
}

/** `refund.processed` for refund `refundId` once processed; call it in the transaction that processes it. */
export function enqueueRefundProcessedEvent(tx: Db, storeId: number, refundId: string): Promise<number> {
  return enqueueWebhookEvent(tx, storeId, 'refund.processed', async () => {
    const [row] = await tx
      .select({
        refund: refunds,
        orderNumber: orders.orderNumber,
        returnNumber: orderReturns.number,
      })
      .from(refunds)
      .innerJoin(orders, eq(orders.id, refunds.orderId))
      .leftJoin(orderReturns, eq(orderReturns.id, refunds.returnId))
      .where(and(eq(refunds.storeId, storeId), eq(refunds.id, refundId)));
    if (!row) return null;
    const { refund } = row;
    return {
      refund_id: refund.id,
      order_number: row.orderNumber,
      return_number: row.returnNumber,
      ...money('amount', refund.amountPaise),
      currency: 'INR',
      method: refund.method,
      reason: refund.reason,
      reference: refund.reference,
      provider: refund.provider,
      gateway_refund_id: refund.gatewayRefundId,
      processed_at: (refund.processedAt ?? new Date()).toISOString(),
    };
  });
}
