/**
 * The order state machine (docs/product.md §3 "Order status codes", docs/payments.md "Order lifecycle"). Only the server
 * moves an order, and only along these edges:
 *
 * ```
 * Pending(0) ──paid──▶ Processing(1) ──shipped (tracking number)──▶ Shipped(2) ──▶ Delivered(3)
 *    │                      │                                             │
 *    └────────cancel────────┴──────────────────────────────────────────────┴──▶ Cancelled(4)
 *                                  (returns the lines' stock; stores the cause)
 * Pending(0) ──cash on delivery──▶ COD awaiting confirmation(5) ──confirm──▶ Processing(1)
 *                                                              └──cancel──▶ Cancelled(4)
 * ```
 *
 * Shipping issues the order's tax invoice (or bill of supply) in the same transaction, numbered from the
 * store's counter of the financial year, and attaches its PDF to the 'Shipped' mail; cancelling a shipped
 * order (the parcel came back: refused or undeliverable) issues a credit note referring to that invoice
 * (../gst/tax-documents.ts, docs/gst.md).
 *
 * Every transition runs in one transaction: the order row is locked, the move is checked, the status is
 * changed by a conditional `UPDATE … WHERE status = <from>`, an `order_events` row records the time and the
 * cause, a cancellation returns the lines' stock (./order-stock-return.ts), and the customer's e-mail of the
 * move ('Payment received', 'Shipped', 'Cancelled': ./lifecycle-mail.ts) is written to the outbox with its
 * phone message (./lifecycle-messages.ts). An
 * illegal move throws a {@link ConflictError} and changes nothing. The routes (payments, the shopper's
 * cancel), the payment window's expiry, the shop owner's CLI and later the admin panel all move orders
 * through {@link transition}. The one move outside this table — a Cancelled order whose payment window had
 * closed coming back to Processing when it is paid late — is ./late-payment.ts.
 */
import { and, eq, sql } from 'drizzle-orm';
import { CANCELLATION_CAUSE } from '@shared/orders/cancellation-cause';
import { ORDER_STATUS, orderStatusLabel, type OrderStatusCode } from '@shared/orders/order-status';
import type { Db } from '../../db/database';
import { orderEvents, orders } from '../../db/schema/order-tables';
import { payments } from '../../db/schema/payment-tables';
import { BadRequestError, ConflictError, NotFoundError } from '../../errors';
import { invoiceAttachment } from '../gst/invoice-attachment';
import { issueCreditNote, issueInvoice } from '../gst/tax-documents';
import { collectCashOnDelivery } from './cod-collection';
import { enqueueLifecycleMail } from './lifecycle-mail';
import { queueLifecycleMessages } from './lifecycle-messages';
import { ORDER_NOT_FOUND } from './order-queries';
import { returnOrderStock } from './order-stock-return';
import { enqueueOrderStatusEvent } from '../webhooks/webhook-events';
import { releaseCouponUse } from '../coupons/coupon-store';
import { sendStockAlerts } from '../stock-alerts/stock-alert-release';

/** The legal moves: from each status, the statuses it may go to. */
export const ORDER_TRANSITIONS: Readonly<Record<OrderStatusCode, readonly OrderStatusCode[]>> = {
  [ORDER_STATUS.pending]: [
    ORDER_STATUS.processing,
    ORDER_STATUS.cancelled,
    ORDER_STATUS.codAwaitingConfirmation,
  ],
  [ORDER_STATUS.codAwaitingConfirmation]: [ORDER_STATUS.processing, ORDER_STATUS.cancelled],
  [ORDER_STATUS.processing]: [ORDER_STATUS.shipped, ORDER_STATUS.cancelled],
  [ORDER_STATUS.shipped]: [ORDER_STATUS.delivered, ORDER_STATUS.cancelled],
  [ORDER_STATUS.delivered]: [],
  [ORDER_STATUS.cancelled]: [],
};

/** Longest tracking number accepted when shipping. */
export const MAX_TRACKING_NUMBER_LENGTH = 100;
// eslint-disable-next-line no-control-regex -- refusing control characters is the point.
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

/** True when an order may move from `from` to `to`. */
export function canTransition(from: number, to: number): boolean {
  const allowed = ORDER_TRANSITIONS[from as OrderStatusCode];
  return allowed !== undefined && allowed.includes(to as OrderStatusCode);
}

/** The refusal of an illegal move: `Cannot move order RS-… from Delivered to Processing`. */
export function illegalTransitionMessage(orderNumber: string, from: number, to: number): string {
  return `Cannot move order ${orderNumber} from ${orderStatusLabel(from)} to ${orderStatusLabel(to)}`;
}

export type TransitionExtra = {
  /** Required when shipping: stored as the order's tracking number. */
  trackingNumber?: string;
  /** Shipping: the courier's name, stored on the order (src/shared/orders/couriers.ts). */
  courier?: string;
  /**
   * Cancelling: why, as the shopper reads it (`orders.cancellation_cause`); default
   * {@link CANCELLATION_CAUSE.shop}.
   */
  cancellationCause?: string;
  /**
   * Move only from this status (e.g. the shopper cancels only a Pending order): from any other, the move is
   * refused like an illegal one.
   */
  onlyFrom?: OrderStatusCode;
  /** `MAIL_FROM`: the sender of the customer's mail when the store has no company e-mail. */
  mailFrom?: string | undefined;
  /**
   * Runs last, in the move's transaction (the admin's audit entry: ../audit/audit-log.ts), so the move and its
   * record commit together or not at all.
   */
  afterMove?: (tx: Db, result: TransitionResult) => Promise<void>;
};

export type TransitionResult = {
  orderId: string;
  orderNumber: string;
  from: OrderStatusCode;
  to: OrderStatusCode;
  /**
   * Quantity put back on tracked stock (cancellations only), pieces and metres added together (3 pieces +
   * 2.5 m → 5.5).
   */
  restockedUnits: number;
};

function checkedTrackingNumber(orderNumber: string, extra: TransitionExtra): string {
  const tracking = extra.trackingNumber?.trim() ?? '';
  if (!tracking) {
    throw new BadRequestError(`A tracking number is needed to ship order ${orderNumber}`, {
      trackingNumber: 'is required',
    });
  }
  if (tracking.length > MAX_TRACKING_NUMBER_LENGTH || CONTROL_CHARACTERS.test(tracking)) {
    throw new BadRequestError(`Invalid tracking number for order ${orderNumber}`, {
      trackingNumber: `must be 1 to ${MAX_TRACKING_NUMBER_LENGTH} characters without control characters`,
    });
  }
  return tracking;
}

/**
 * {@link transition} inside a transaction the caller already opened (e.g. the payment that pays the order,
 * so the payment row and the order move commit together).
 */
export async function transitionInTransaction(
  tx: Db,
  storeId: number,
  orderId: string,
  to: OrderStatusCode,
  cause: string,
  extra: TransitionExtra = {},
): Promise<TransitionResult> {
  const [current] = await tx
    .select({ id: orders.id, orderNumber: orders.orderNumber, status: orders.status })
    .from(orders)
    .where(and(eq(orders.storeId, storeId), eq(orders.id, orderId)))
    .for('update');
  if (!current) throw new NotFoundError(ORDER_NOT_FOUND);
  const from = current.status as OrderStatusCode;
  if (!canTransition(from, to) || (extra.onlyFrom !== undefined && extra.onlyFrom !== from)) {
    throw new ConflictError(illegalTransitionMessage(current.orderNumber, from, to));
  }
  const trackingNumber =
    to === ORDER_STATUS.shipped ? checkedTrackingNumber(current.orderNumber, extra) : null;
  const cancelling = to === ORDER_STATUS.cancelled;

  const updated = await tx
    .update(orders)
    .set({
      status: to,
      updatedAt: sql`now()`,
      ...(trackingNumber !== null ? { trackingNumber, courier: extra.courier?.trim() || null } : {}),
      ...(cancelling
        ? {
            cancellationCause: extra.cancellationCause ?? CANCELLATION_CAUSE.shop,
            // A paid order that is cancelled owes the customer their money back.
            refundDue: sql`${orders.refundDue} OR EXISTS (
              SELECT 1 FROM ${payments}
              WHERE ${payments.storeId} = ${storeId} AND ${payments.orderId} = ${orderId}
                AND ${payments.status} = 'succeeded'
            )`,
          }
        : {}),
    })
    .where(and(eq(orders.storeId, storeId), eq(orders.id, orderId), eq(orders.status, from)))
    .returning({ id: orders.id });
  if (updated.length === 0) {
    // Unreachable while the row lock holds; kept so a changed status can never be overwritten.
    throw new ConflictError(illegalTransitionMessage(current.orderNumber, from, to));
  }
  await tx.insert(orderEvents).values({ storeId, orderId, fromStatus: from, toStatus: to, cause });

  const restockedUnits = cancelling ? await returnOrderStock(tx, storeId, orderId) : 0;
  // Stock back on sale sends its waiting back-in-stock alerts (docs/messages.md).
  if (restockedUnits > 0) await sendStockAlerts(tx, storeId);
  // An unpaid order cancelled (by the shopper, the payment window or the shop) gives its coupon use back.
  if (cancelling && (from === ORDER_STATUS.pending || from === ORDER_STATUS.codAwaitingConfirmation)) {
    await releaseCouponUse(tx, storeId, orderId);
  }
  // Answered or cancelled: a COD confirmation link no longer works.
  if (from === ORDER_STATUS.codAwaitingConfirmation) {
    await tx
      .update(orders)
      .set({ codConfirmTokenHash: null })
      .where(and(eq(orders.storeId, storeId), eq(orders.id, orderId)));
  }
  // Cash on delivery is paid when the parcel is handed over.
  if (to === ORDER_STATUS.delivered) await collectCashOnDelivery(tx, storeId, orderId);
  const invoice = to === ORDER_STATUS.shipped ? await issueInvoice(tx, storeId, orderId) : null;
  if (cancelling && from === ORDER_STATUS.shipped) await issueCreditNote(tx, storeId, orderId);
  await enqueueLifecycleMail(
    tx,
    storeId,
    orderId,
    to,
    extra.mailFrom,
    invoice ? [await invoiceAttachment(invoice.content)] : undefined,
  );
  await queueLifecycleMessages(tx, storeId, orderId, to);
  await enqueueOrderStatusEvent(tx, storeId, orderId, to);
  const result = { orderId, orderNumber: current.orderNumber, from, to, restockedUnits };
  await extra.afterMove?.(tx, result);
  return result;
}

/**
 * Moves order `orderId` (its uuid) of `storeId` to `to` in one transaction, recording `cause` (e.g.
 * `payment: PayU txnid RS-…-4K7Q2M`, `cli: ship tracking EE123456789IN`) in `order_events`. Shipping sets
 * `extra.trackingNumber`; cancelling stores `extra.cancellationCause`, returns each line's quantity to its
 * variant's or product's tracked stock and, for an order that was paid, marks the refund due. The customer's
 * mail of the move is written to the outbox in the same transaction.
 * @throws {NotFoundError} for an unknown order (or one of another store).
 * @throws {ConflictError} (`Cannot move order RS-… from Delivered to Processing`) for an illegal move, or
 *   from another status than `extra.onlyFrom`.
 * @throws {BadRequestError} (`fields.trackingNumber`) when shipping without a usable tracking number.
 * Nothing changes when it throws.
 */
export function transition(
  db: Db,
  storeId: number,
  orderId: string,
  to: OrderStatusCode,
  cause: string,
  extra: TransitionExtra = {},
): Promise<TransitionResult> {
  return db.transaction((tx) => transitionInTransaction(tx, storeId, orderId, to, cause, extra));
}
