/**
 * The admin panel's order steps (docs/admin.md "Orders"), each through the one order state machine
 * (./order-lifecycle.ts `transition`) with its audit entry written in the same transaction: ship (courier and
 * tracking number), mark delivered, cancel (the stock returns). An illegal step throws the state machine's
 * ConflictError and changes nothing. Marking an order paid records a payment: ../payments/admin-mark-paid.ts.
 */
import { ORDER_STATUS, orderStatusLabel, type OrderStatusCode } from '@shared/orders/order-status';
import type { AdminCancelBody, AdminShipBody } from '@shared/admin/admin-order-schemas';
import { courierDisplayName } from '@shared/orders/couriers';
import type { Db } from '../../db/database';
import { recordAudit, type AuditActor } from '../audit/audit-log';
import { findAdminOrder } from './admin-orders';
import { transition, type TransitionResult } from './order-lifecycle';

export type AdminStepContext = {
  storeId: number;
  actor: AuditActor;
  /** `MAIL_FROM`, for the shopper's mail of the move. */
  mailFrom?: string | undefined;
};

/** Moves order `orderNumber` to `to` through the state machine, recording `action` and `details`. */
async function move(
  db: Db,
  context: AdminStepContext,
  orderNumber: string,
  to: OrderStatusCode,
  action: string,
  cause: string,
  extra: {
    trackingNumber?: string;
    courier?: string;
    cancellationCause?: string;
    details?: Record<string, unknown>;
  } = {},
): Promise<TransitionResult> {
  const order = await findAdminOrder(db, context.storeId, orderNumber);
  return transition(db, context.storeId, order.id, to, cause, {
    trackingNumber: extra.trackingNumber,
    courier: extra.courier,
    cancellationCause: extra.cancellationCause,
    mailFrom: context.mailFrom,
    afterMove: (tx, result) =>
      recordAudit(tx, {
        storeId: context.storeId,
        actor: context.actor,
        entity: 'order',
        entityId: result.orderNumber,
        action,
        before: { status: orderStatusLabel(result.from) },
        after: { status: orderStatusLabel(result.to), ...extra.details },
      }),
  });
}

/**
 * Ships a Processing order: stores the courier (a known courier's own spelling, src/shared/orders/couriers.ts)
 * and the tracking number on the order (the shopper's Track order and shipped mail show both, with the
 * courier's tracking link when it is a known one) and mails the shopper; the audit entry keeps both too.
 * @throws {ConflictError} (409) from any other status; {@link NotFoundError} for another store's order.
 */
export function shipOrder(db: Db, context: AdminStepContext, orderNumber: string, body: AdminShipBody) {
  const courier = courierDisplayName(body.courier);
  return move(
    db,
    context,
    orderNumber,
    ORDER_STATUS.shipped,
    'ship',
    `admin: ship by ${courier} tracking ${body.trackingNumber} (${context.actor.label})`,
    {
      trackingNumber: body.trackingNumber,
      courier,
      details: { courier, trackingNumber: body.trackingNumber },
    },
  );
}

/** Shipped → Delivered. @throws {ConflictError} (409) from any other status. */
export function deliverOrder(db: Db, context: AdminStepContext, orderNumber: string) {
  return move(
    db,
    context,
    orderNumber,
    ORDER_STATUS.delivered,
    'deliver',
    `admin: deliver (${context.actor.label})`,
  );
}

/**
 * Pending, Processing or Shipped (the parcel came back) → Cancelled, as the state machine allows: the lines'
 * stock returns, a paid order is marked refund due and a shipped one gets a credit note.
 * `body.reason` is what the shopper reads (default: cancelled by the shop).
 * @throws {ConflictError} (409) from any other status.
 */
export function cancelOrder(db: Db, context: AdminStepContext, orderNumber: string, body: AdminCancelBody) {
  return move(
    db,
    context,
    orderNumber,
    ORDER_STATUS.cancelled,
    'cancel',
    `admin: cancel (${context.actor.label})`,
    body.reason ? { cancellationCause: body.reason, details: { reason: body.reason } } : {},
  );
}
