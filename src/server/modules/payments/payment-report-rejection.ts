/**
 * The owner's "Reject report" (docs/payments.md "I have paid", docs/admin.md "Orders"): the shopper said they
 * paid a Pending order by UPI, the owner found no such payment in the bank account. The report is cleared, the
 * payment window — paused while the report waited — restarts for
 * {@link PAYMENT_WINDOW_AFTER_REJECTION_HOURS} hours from now, the shopper is mailed through the outbox, and
 * the order's history and the audit log record it, all in one transaction. The order stays Pending.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { AdminRejectReportBody } from '@shared/admin/admin-order-schemas';
import { ORDER_STATUS } from '@shared/orders/order-status';
import { PAYMENT_WINDOW_AFTER_REJECTION_HOURS } from '@shared/payments/payment-report-schema';
import type { Db } from '../../db/database';
import { orderEvents, orders } from '../../db/schema/order-tables';
import { ConflictError, NotFoundError } from '../../errors';
import { recordAudit } from '../audit/audit-log';
import type { AdminStepContext } from '../orders/admin-order-actions';
import { findAdminOrder } from '../orders/admin-orders';
import { enqueuePaymentReportRejectedMail, indiaTime } from '../orders/payment-report-mail';
import { ORDER_NOT_FOUND } from '../orders/order-queries';

/** The 409 of an order that has no report waiting: `Order RS-… has no payment report to reject`. */
export const noReportMessage = (orderNumber: string) =>
  `Order ${orderNumber} has no payment report to reject`;

/**
 * The `order_events` cause: `admin: payment report rejected (UTR 412345678901): <reason> (owner@…); pay by
 * 28 Nov 2026, 11:40 am India time` (the admin shows `admin:` as 'Shop:').
 */
export function rejectionCause(
  utr: string | null,
  reason: string | null,
  actor: string,
  payBy: Date,
): string {
  return `admin: payment report rejected${utr ? ` (UTR ${utr})` : ''}${reason ? `: ${reason}` : ''} (${actor}); pay by ${indiaTime(payBy)} India time`;
}

/**
 * Rejects the shopper's 'I have paid' of order `orderNumber` (as typed) of the context's store.
 * @returns the end of the new payment window.
 * @throws {NotFoundError} for an order number that is not this store's.
 * @throws {ConflictError} ({@link noReportMessage}) when the order is not Pending or has no report waiting.
 * Nothing changes when it throws.
 */
export async function rejectPaymentReport(
  db: Db,
  context: AdminStepContext,
  orderNumber: string,
  body: AdminRejectReportBody,
): Promise<{ payBy: Date }> {
  const found = await findAdminOrder(db, context.storeId, orderNumber);
  const reason = body.reason ?? null;
  return db.transaction(async (tx) => {
    const scope = and(eq(orders.storeId, context.storeId), eq(orders.id, found.id));
    const [row] = await tx
      .select({ status: orders.status, reportedAt: orders.shopperPaidAt, utr: orders.shopperUtr })
      .from(orders)
      .where(scope)
      .for('update');
    if (!row) throw new NotFoundError(ORDER_NOT_FOUND);
    if (row.status !== ORDER_STATUS.pending || row.reportedAt === null) {
      throw new ConflictError(noReportMessage(found.orderNumber));
    }
    const [updated] = await tx
      .update(orders)
      .set({
        shopperPaidAt: null,
        shopperUtr: null,
        paymentDueAt: sql`now() + make_interval(hours => ${PAYMENT_WINDOW_AFTER_REJECTION_HOURS})`,
        updatedAt: sql`now()`,
      })
      .where(scope)
      .returning({ paymentDueAt: orders.paymentDueAt });
    const payBy = updated!.paymentDueAt!;
    await tx.insert(orderEvents).values({
      storeId: context.storeId,
      orderId: found.id,
      fromStatus: ORDER_STATUS.pending,
      toStatus: ORDER_STATUS.pending,
      cause: rejectionCause(row.utr, reason, context.actor.label, payBy),
    });
    await enqueuePaymentReportRejectedMail(
      tx,
      context.storeId,
      found.id,
      { utr: row.utr, reason, payBy },
      context.mailFrom,
    );
    await recordAudit(tx, {
      storeId: context.storeId,
      actor: context.actor,
      entity: 'order',
      entityId: found.orderNumber,
      action: 'reject-report',
      before: { paymentReported: row.utr ? `UTR ${row.utr}` : 'no UTR given' },
      after: { paymentDueAt: payBy.toISOString(), ...(reason ? { reason } : {}) },
    });
    return { payBy };
  });
}
