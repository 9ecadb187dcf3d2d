/**
 * The order state machine (spec §3 "Order status codes", docs/payments.md "Order lifecycle"). Only the server
 * moves an order, and only along these edges:
 *
 * ```
 * Pending(0) ──paid──▶ Processing(1) ──shipped (tracking number)──▶ Shipped(2) ──▶ Delivered(3)
 *    │                      │
 *    └────────cancel────────┴──▶ Cancelled(4)   (restocks the lines whose product still tracks stock)
 * ```
 *
 * Every transition runs in one transaction: the order row is locked, the move is checked, the status is
 * changed by a conditional `UPDATE … WHERE status = <from>`, and an `order_events` row records the time and
 * the cause. An illegal move throws a {@link ConflictError} and changes nothing. The routes (payments), the
 * shop owner's CLI and later the admin panel all move orders through {@link transition}.
 */
import { and, eq, sql } from 'drizzle-orm';
import { ORDER_STATUS, orderStatusLabel, type OrderStatusCode } from '@shared/orders/order-status';
import { rowsOf, type Db } from '../../db/database';
import { products } from '../../db/schema/catalog-tables';
import { orderEvents, orders } from '../../db/schema/order-tables';
import { BadRequestError, ConflictError, NotFoundError } from '../../errors';
import { ORDER_NOT_FOUND } from './order-queries';

/** The legal moves: from each status, the statuses it may go to. */
export const ORDER_TRANSITIONS: Readonly<Record<OrderStatusCode, readonly OrderStatusCode[]>> = {
  [ORDER_STATUS.pending]: [ORDER_STATUS.processing, ORDER_STATUS.cancelled],
  [ORDER_STATUS.processing]: [ORDER_STATUS.shipped, ORDER_STATUS.cancelled],
  [ORDER_STATUS.shipped]: [ORDER_STATUS.delivered],
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
};

export type TransitionResult = {
  orderId: string;
  orderNumber: string;
  from: OrderStatusCode;
  to: OrderStatusCode;
  /** Units put back on tracked stock (cancellations only). */
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
  if (!canTransition(from, to)) {
    throw new ConflictError(illegalTransitionMessage(current.orderNumber, from, to));
  }
  const trackingNumber =
    to === ORDER_STATUS.shipped ? checkedTrackingNumber(current.orderNumber, extra) : null;

  const updated = await tx
    .update(orders)
    .set({
      status: to,
      updatedAt: sql`now()`,
      ...(trackingNumber !== null ? { trackingNumber } : {}),
    })
    .where(and(eq(orders.storeId, storeId), eq(orders.id, orderId), eq(orders.status, from)))
    .returning({ id: orders.id });
  if (updated.length === 0) {
    // Unreachable while the row lock holds; kept so a changed status can never be overwritten.
    throw new ConflictError(illegalTransitionMessage(current.orderNumber, from, to));
  }
  await tx.insert(orderEvents).values({ storeId, orderId, fromStatus: from, toStatus: to, cause });

  let restockedUnits = 0;
  if (to === ORDER_STATUS.cancelled) {
    // Only lines whose product still exists in this store and still tracks stock (stock not null).
    const restocked = await tx.execute(sql`
      UPDATE ${products} AS p
      SET stock = p.stock + line.quantity
      FROM (
        SELECT product_id, sum(quantity)::integer AS quantity
        FROM order_lines
        WHERE order_id = ${orderId} AND store_id = ${storeId} AND product_id IS NOT NULL
        GROUP BY product_id
      ) AS line
      WHERE p.id = line.product_id AND p.store_id = ${storeId} AND p.stock IS NOT NULL
      RETURNING line.quantity
    `);
    restockedUnits = rowsOf<{ quantity: number }>(restocked).reduce(
      (sum, row) => sum + Number(row.quantity),
      0,
    );
  }
  return { orderId, orderNumber: current.orderNumber, from, to, restockedUnits };
}

/**
 * Moves order `orderId` (its uuid) of `storeId` to `to` in one transaction, recording `cause` (e.g.
 * `payment payu txnid RS-…-4K7Q2M`, `cli ship tracking=EE123456789IN`) in `order_events`. Shipping sets
 * `extra.trackingNumber`; cancelling restocks the lines whose product still tracks stock.
 * @throws {NotFoundError} for an unknown order (or one of another store).
 * @throws {ConflictError} (`Cannot move order RS-… from Delivered to Processing`) for an illegal move.
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
