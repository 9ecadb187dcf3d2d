/**
 * RTO, return to origin (docs/returns.md "RTO: parcels that come back", docs/decisions/019-returns-and-refunds.md):
 * the courier brought a Shipped order back, refused at the door or undeliverable. It is a cancellation, not a
 * new status: the order moves Shipped → Cancelled through the one state machine (../orders/order-lifecycle.ts)
 * with the cause 'returned to origin', which returns the lines' stock, issues the credit note against the tax
 * invoice and mails the shopper; an order paid online (a succeeded UPI or gateway payment) is marked refund due,
 * a cash-on-delivery order owes nothing (its open `cod` payment was never collected and stays uncollected).
 * The audit entry is written in the same transaction.
 */
import { CANCELLATION_CAUSE } from '@shared/orders/cancellation-cause';
import { ORDER_STATUS, orderStatusLabel } from '@shared/orders/order-status';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { orders } from '../../db/schema/order-tables';
import { ConflictError } from '../../errors';
import { recordAudit } from '../audit/audit-log';
import type { AdminStepContext } from '../orders/admin-order-actions';
import { findAdminOrder } from '../orders/admin-orders';
import { transition, type TransitionResult } from '../orders/order-lifecycle';

/** 409 for an order that is not Shipped: 'Only a shipped order can be returned to origin: RS-… is Delivered'. */
export const rtoRefusal = (orderNumber: string, status: number) =>
  `Only a shipped order can be returned to origin: ${orderNumber} is ${orderStatusLabel(status)}`;

/**
 * Marks Shipped order `orderNumber` (as typed) of the context's store 'Returned to origin': Shipped →
 * Cancelled with the cause 'returned to origin' (stock back, credit note, the shopper's 'Cancelled' mail,
 * refund due when it was paid online), audited as `rto`.
 * @throws {NotFoundError} for another store's order; {@link ConflictError} (409) for an order that is not
 *   Shipped. Nothing changes when it throws.
 */
export async function markReturnedToOrigin(
  db: Db,
  context: AdminStepContext,
  orderNumber: string,
): Promise<TransitionResult> {
  const order = await findAdminOrder(db, context.storeId, orderNumber);
  if (order.status !== ORDER_STATUS.shipped)
    throw new ConflictError(rtoRefusal(order.orderNumber, order.status));
  return transition(
    db,
    context.storeId,
    order.id,
    ORDER_STATUS.cancelled,
    `admin: returned to origin (${context.actor.label})`,
    {
      cancellationCause: CANCELLATION_CAUSE.returnedToOrigin,
      onlyFrom: ORDER_STATUS.shipped,
      mailFrom: context.mailFrom,
      afterMove: async (tx, result) => {
        const [moved] = await tx
          .select({ refundDue: orders.refundDue })
          .from(orders)
          .where(and(eq(orders.storeId, context.storeId), eq(orders.id, result.orderId)));
        await recordAudit(tx, {
          storeId: context.storeId,
          actor: context.actor,
          entity: 'order',
          entityId: result.orderNumber,
          action: 'rto',
          before: { status: orderStatusLabel(result.from) },
          after: {
            status: orderStatusLabel(result.to),
            cancellationCause: CANCELLATION_CAUSE.returnedToOrigin,
            refundDue: moved?.refundDue ?? false,
          },
        });
      },
    },
  );
}
