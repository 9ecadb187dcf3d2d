/**
 * Starting a payment (docs/payments.md "The flow"): the customer's pending order, the attempt recorded in
 * `payments` with the payer's details, and the browser's next step from the chosen provider. Every query is
 * scoped to the store and the customer.
 */
import { and, eq, sql } from 'drizzle-orm';
import { ORDER_STATUS, type OrderStatusCode } from '@shared/orders/order-status';
import type { PaymentMethod } from '@shared/payments/payment-response';
import { rowsOf, type Db } from '../../db/database';
import { orders } from '../../db/schema/order-tables';
import { payments, type PaymentPayer } from '../../db/schema/payment-tables';
import { ConflictError, NotFoundError } from '../../errors';
import { normalizeOrderNumber } from '../orders/order-number';
import { ORDER_NOT_FOUND } from '../orders/order-queries';
import type { PayableOrder, PaymentContext, PaymentProvider } from './providers/types';

/** The 409 text for an order that can no longer be paid. */
export function notPayableMessage(orderNumber: string, status: number): string {
  return status === ORDER_STATUS.cancelled
    ? `Order ${orderNumber} is cancelled and cannot be paid`
    : `Order ${orderNumber} is already paid`;
}

export type OrderForPayment = PayableOrder & { userId: number; status: OrderStatusCode };

/** The order of `storeId` whose number `input` names (as a customer may type it), or null. */
export async function findOrderForPayment(
  db: Db,
  storeId: number,
  input: string,
): Promise<OrderForPayment | null> {
  const orderNumber = normalizeOrderNumber(input);
  if (!orderNumber) return null;
  const [row] = await db
    .select({
      id: orders.id,
      storeId: orders.storeId,
      orderNumber: orders.orderNumber,
      totalPaise: orders.totalPaise,
      userId: orders.userId,
      status: orders.status,
    })
    .from(orders)
    .where(and(eq(orders.storeId, storeId), eq(orders.orderNumber, orderNumber)))
    .limit(1);
  return row ? { ...row, status: row.status as OrderStatusCode } : null;
}

export type StartPaymentInput = {
  storeId: number;
  userId: number;
  /** The order number as the client sent it. */
  orderId: string;
  provider: PaymentProvider;
  method: PaymentMethod;
  payer: PaymentPayer;
  context: PaymentContext;
};

type StartedRow = {
  id: string;
  order_number: string;
  total_paise: string | number;
  user_id: number;
  status: number;
  recorded: boolean;
};

/** The 409 text when the order's total changed while the gateway's order was being opened. */
export const ORDER_CHANGED_MESSAGE = 'The order changed while the payment was starting. Please try again.';

/**
 * Starts paying the user's pending order with `provider`: in one statement (PGlite runs every statement on
 * the event loop) it reads the order and — only when it is the user's and Pending — records the attempt
 * with the order's total: a PayU attempt is a new row per txnid; a UPI attempt is the order's one open UPI
 * row, updated on every repeat (so asking again for the QR code is idempotent). A provider that opens an
 * order of its own at the gateway first (Razorpay) gets the order as read on the server, and the attempt is
 * then recorded only while the order's total is still the one the gateway's order was opened for. Then the
 * provider builds the browser's next step from the order as read.
 * @throws {NotFoundError} for a missing order or one of another customer or store.
 * @throws {ConflictError} for a paid or cancelled order, or one whose total changed meanwhile; the gateway's
 *   refusal ({GatewayRefusedError}, its own description).
 * @throws {UnavailableError} when the gateway does not answer.
 * @throws {ValidationError} when the payer's details do not suit the provider.
 */
export async function startPayment(db: Db, input: StartPaymentInput) {
  const orderNumber = normalizeOrderNumber(input.orderId);
  if (!orderNumber) throw new NotFoundError(ORDER_NOT_FOUND);
  let attempt = input.provider.attempt(orderNumber, input.payer, input.context);
  let openedForPaise: number | null = null;
  if (input.provider.openGatewayOrder) {
    const found = await findOrderForPayment(db, input.storeId, orderNumber);
    if (!found || found.userId !== input.userId) throw new NotFoundError(ORDER_NOT_FOUND);
    if (found.status !== ORDER_STATUS.pending) {
      throw new ConflictError(notPayableMessage(found.orderNumber, found.status));
    }
    attempt = await input.provider.openGatewayOrder(found, attempt, input.context);
    openedForPaise = found.totalPaise;
  }
  const sameTotal = openedForPaise === null ? sql`` : sql` AND target.total_paise = ${openedForPaise}`;
  const result = await db.execute(sql`
    WITH target AS (
      SELECT id, order_number, total_paise, user_id, status
      FROM ${orders}
      WHERE store_id = ${input.storeId} AND order_number = ${orderNumber}
    ),
    recorded AS (
      INSERT INTO ${payments} (store_id, order_id, provider, method, gateway_id, amount_paise, status, test_mode,
        payer, raw)
      SELECT ${input.storeId}, target.id, ${attempt.provider}, ${input.method}, ${attempt.gatewayId}::text,
        target.total_paise, 'initiated', ${attempt.testMode}, ${JSON.stringify(input.payer)}::jsonb,
        ${JSON.stringify(attempt.raw)}::jsonb
      FROM target
      WHERE target.user_id = ${input.userId} AND target.status = ${ORDER_STATUS.pending}${sameTotal}
      ON CONFLICT (order_id, provider) WHERE gateway_id IS NULL DO UPDATE SET
        method = excluded.method, amount_paise = excluded.amount_paise, test_mode = excluded.test_mode,
        payer = excluded.payer, raw = excluded.raw, updated_at = now()
      RETURNING 1
    )
    SELECT target.*, EXISTS (SELECT 1 FROM recorded) AS recorded FROM target
  `);
  const [row] = rowsOf<StartedRow>(result);
  if (!row || row.user_id !== input.userId) throw new NotFoundError(ORDER_NOT_FOUND);
  if (!row.recorded) {
    throw new ConflictError(
      row.status === ORDER_STATUS.pending
        ? ORDER_CHANGED_MESSAGE
        : notPayableMessage(row.order_number, row.status),
    );
  }
  const order: PayableOrder = {
    id: row.id,
    storeId: input.storeId,
    orderNumber: row.order_number,
    totalPaise: Number(row.total_paise),
  };
  const action = input.provider.createAction(order, input.payer, input.context, attempt);
  return { order, attempt, action };
}
