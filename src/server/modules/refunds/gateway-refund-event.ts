/**
 * A gateway's own word on a refund it had answered `pending` (docs/payments.md "Razorpay", Razorpay's
 * `refund.processed` / `refund.failed` webhooks): the shop's pending gateway refund with that gateway refund id
 * becomes processed (with its credit note, 'Refund due' and the shopper's mail: ./refund-settlement.ts) or
 * failed with the gateway's reason (the owner may retry). A refund that is not pending, or not known in this
 * store, is left as it is: an event repeated or sent late changes nothing. Amounts in paise.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { orders } from '../../db/schema/order-tables';
import { refunds } from '../../db/schema/return-tables';
import { recordAudit, type AuditActor } from '../audit/audit-log';
import type { GatewayRefundEvent } from '../payments/providers/provider-registry';
import { settleProcessedRefund } from './refund-settlement';

/** The audit log's actor of a gateway's webhook. */
export const GATEWAY_WEBHOOK_ACTOR: AuditActor = { accountId: null, label: 'gateway webhook' };

/**
 * Applies `event` to the store's pending refund of that gateway refund id, in one transaction.
 * @returns `updated` when a pending refund moved, `unchanged` otherwise (unknown, already settled, or the
 *   amount is not the refund's).
 */
export async function applyGatewayRefundEvent(
  db: Db,
  input: { storeId: number; event: GatewayRefundEvent; mailFrom?: string | undefined },
): Promise<'updated' | 'unchanged'> {
  const { storeId, event } = input;
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(refunds)
      .where(and(eq(refunds.storeId, storeId), eq(refunds.gatewayRefundId, event.gatewayRefundId)))
      .for('update');
    if (!current || current.status !== 'pending' || current.amountPaise !== event.amountPaise) {
      return 'unchanged';
    }
    const now = new Date();
    const processed = event.status === 'processed';
    const [updated] = await tx
      .update(refunds)
      .set({
        status: event.status,
        failureReason: processed ? null : event.reason,
        processedAt: processed ? now : null,
        updatedAt: sql`now()`,
      })
      .where(eq(refunds.id, current.id))
      .returning();
    const creditNote = processed ? await settleProcessedRefund(tx, updated!, input.mailFrom, now) : null;
    const [order] = await tx
      .select({ orderNumber: orders.orderNumber })
      .from(orders)
      .where(and(eq(orders.storeId, storeId), eq(orders.id, current.orderId)));
    await recordAudit(tx, {
      storeId,
      actor: GATEWAY_WEBHOOK_ACTOR,
      entity: 'order',
      entityId: order?.orderNumber ?? current.orderId,
      action: `refund-${event.status}`,
      before: { status: 'pending' },
      after: {
        status: event.status,
        amount: current.amountPaise / 100,
        gatewayRefundId: event.gatewayRefundId,
        ...(event.reason ? { reason: event.reason } : {}),
        ...(creditNote ? { creditNote } : {}),
      },
    });
    return 'updated';
  });
}
