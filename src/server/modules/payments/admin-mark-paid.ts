/**
 * The admin panel's "Mark paid" (docs/admin.md "Orders"): a UPI payment the owner saw in the bank app, recorded
 * through the UPI confirmation the webhook uses (./upi-confirmation.ts), with its audit entry in the same
 * transaction.
 */
import { orderStatusLabel } from '@shared/orders/order-status';
import type { Db } from '../../db/database';
import { recordAudit } from '../audit/audit-log';
import type { AdminStepContext } from '../orders/admin-order-actions';
import { findAdminOrder } from '../orders/admin-orders';
import { confirmUpiPayment } from './upi-confirmation';

/**
 * Records a UPI payment the owner saw in the bank app (its UTR) for the order's total and moves the order
 * Pending → Processing (or back from Cancelled when its payment window had closed and its stock is still
 * there), through the UPI confirmation the webhook uses, with the audit entry in the same transaction.
 * @throws {ConflictError} (409) for an order it cannot pay (already paid, shipped, …) or a UTR that paid
 *   another order; {@link NotFoundError} for another store's order.
 */
export async function markOrderPaid(
  db: Db,
  context: AdminStepContext,
  orderNumber: string,
  utr: string,
): Promise<void> {
  const order = await findAdminOrder(db, context.storeId, orderNumber);
  await db.transaction(async (tx) => {
    const result = await confirmUpiPayment(tx, {
      storeId: context.storeId,
      orderId: order.orderNumber,
      utr,
      amountPaise: order.totalPaise,
      source: 'admin',
      testMode: false,
    });
    if (result.replayed) return;
    await recordAudit(tx, {
      storeId: context.storeId,
      actor: context.actor,
      entity: 'order',
      entityId: order.orderNumber,
      action: 'mark-paid',
      before: { status: orderStatusLabel(order.status) },
      after: { status: orderStatusLabel(result.orderStatus), utr },
    });
  });
}
