/**
 * Payments (issue #4, docs/payments.md): starting a payment for a customer's pending order, and applying the
 * gateway's verified callback or the UPI provider's confirmation. Plain functions taking `db`; every query is
 * scoped to the store. An order is paid only through the state machine (../orders/order-lifecycle.ts), in the
 * same transaction as the payment row that pays it; a gateway id (txnid, UTR) pays at most once.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { ORDER_STATUS, type OrderStatusCode } from '@shared/orders/order-status';
import type { PaymentMethod } from '@shared/payments/payment-response';
import type { Db } from '../../db/database';
import { orders, payments, type PaymentPayer } from '../../db/schema';
import { AppError } from '../../errors';
import { illegalTransitionMessage, transitionInTransaction } from '../orders/order-lifecycle';
import { normalizeOrderNumber } from '../orders/order-number';
import { ORDER_NOT_FOUND } from '../orders/service';
import { parseAmountToPaise } from './providers/amount';
import { readPayuCallback, verifyPayuCallbackHash } from './providers/payu-provider';
import type { PayableOrder, PaymentContext, PaymentProvider } from './providers/types';
import { UPI_PROVIDER } from './providers/upi-provider';
import type { GatewaySettings } from './settings';

/** Where the browser goes after the gateway (spec §2 "Order success", "Payment"). */
export const ORDER_SUCCESS_PATH = '/order-success';
export const paymentFailedPath = (orderNumber: string) =>
  `/payment?orderId=${encodeURIComponent(orderNumber)}&status=failed`;

/** The 409 text for an order that can no longer be paid. */
export function notPayableMessage(orderNumber: string, status: number): string {
  return status === ORDER_STATUS.cancelled
    ? `Order ${orderNumber} is cancelled and cannot be paid`
    : `Order ${orderNumber} is already paid`;
}

type OrderForPayment = PayableOrder & { userId: number; status: OrderStatusCode };

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

/** The rows of a raw `execute()`: both drivers (PGlite, node-postgres) answer `{ rows }`. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows?: T[] }).rows ?? [];
}

type StartedRow = {
  id: string;
  order_number: string;
  total_paise: string | number;
  user_id: number;
  status: number;
  recorded: boolean;
};

/**
 * Starts paying the user's pending order with `provider`: in one statement (PGlite runs every statement on
 * the event loop) it reads the order and — only when it is the user's and Pending — records the attempt
 * with the order's total: a PayU attempt is a new row per txnid; a UPI attempt is the order's one open UPI
 * row, updated on every repeat (so asking again for the QR code is idempotent). Then the provider builds the
 * browser's next step from the order as read.
 * @throws {AppError} `not_found` for a missing order or one of another customer or store; `conflict` for a
 *   paid or cancelled order; `bad_request` when the payer's details do not suit the provider.
 */
export async function startPayment(db: Db, input: StartPaymentInput) {
  const orderNumber = normalizeOrderNumber(input.orderId);
  if (!orderNumber) throw new AppError('not_found', ORDER_NOT_FOUND);
  const attempt = input.provider.attempt(orderNumber, input.payer, input.context);
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
      WHERE target.user_id = ${input.userId} AND target.status = ${ORDER_STATUS.pending}
      ON CONFLICT (order_id, provider) WHERE gateway_id IS NULL DO UPDATE SET
        method = excluded.method, amount_paise = excluded.amount_paise, test_mode = excluded.test_mode,
        payer = excluded.payer, raw = excluded.raw, updated_at = now()
      RETURNING 1
    )
    SELECT target.*, EXISTS (SELECT 1 FROM recorded) AS recorded FROM target
  `);
  const [row] = rowsOf<StartedRow>(result);
  if (!row || row.user_id !== input.userId) throw new AppError('not_found', ORDER_NOT_FOUND);
  if (!row.recorded) throw new AppError('conflict', notPayableMessage(row.order_number, row.status));
  const order: PayableOrder = {
    id: row.id,
    storeId: input.storeId,
    orderNumber: row.order_number,
    totalPaise: Number(row.total_paise),
  };
  const action = input.provider.createAction(order, input.payer, input.context, attempt);
  return { order, attempt, action };
}

/** PostgreSQL's unique_violation (a concurrent request recorded the same gateway id first). */
function isUniqueViolation(error: unknown): boolean {
  return [error, (error as { cause?: unknown } | null)?.cause].some(
    (candidate) => (candidate as { code?: unknown } | null)?.code === '23505',
  );
}

/** The post-back fields kept on the payment row (never the hash, the key or card details). */
const KEPT_CALLBACK_FIELDS = [
  'mihpayid',
  'mode',
  'status',
  'unmappedstatus',
  'bank_ref_num',
  'bankcode',
  'PG_TYPE',
  'error',
  'error_Message',
  'net_amount_debit',
  'additionalCharges',
  'addedon',
  'field9',
] as const;

export type CallbackOutcome = {
  orderNumber: string;
  /** `paid`: this callback paid the order; `replayed`: the txnid was already settled, nothing changed. */
  result: 'paid' | 'failed' | 'pending' | 'replayed' | 'paid-but-not-payable';
  /** The page the browser goes to (303). */
  redirect: string;
};

/**
 * Applies a gateway post-back (issue #4): verifies the reverse hash in constant time and the merchant key,
 * finds the attempt by txnid and checks the amount; then, in one transaction, settles the attempt —
 * `status=success` marks it succeeded and moves the order Pending → Processing; `failure` (or anything else
 * but `pending`) marks it failed. A txnid already settled changes nothing (a replay).
 * @throws {AppError} `bad_request` for a missing or wrong hash, another merchant key, an unknown txnid or a
 *   wrong amount; nothing changes then.
 */
export async function applyPayuCallback(
  db: Db,
  storeId: number,
  gateway: GatewaySettings,
  params: Record<string, string>,
  log: { warn(details: object, message: string): void },
): Promise<CallbackOutcome> {
  const callback = readPayuCallback(params);
  if (!callback.hash) throw new AppError('bad_request', 'Missing hash');
  if (callback.key !== gateway.key) throw new AppError('bad_request', 'Unknown merchant key');
  if (!verifyPayuCallbackHash(callback, gateway.salt)) throw new AppError('bad_request', 'Invalid hash');

  const [attempt] = await db
    .select({
      id: payments.id,
      orderId: payments.orderId,
      amountPaise: payments.amountPaise,
      orderNumber: orders.orderNumber,
      orderTotalPaise: orders.totalPaise,
    })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(
      and(
        eq(payments.storeId, storeId),
        eq(payments.provider, gateway.provider),
        eq(payments.gatewayId, callback.txnid),
      ),
    )
    .limit(1);
  if (!attempt || !callback.txnid) throw new AppError('bad_request', 'Unknown transaction');
  const paise = parseAmountToPaise(callback.amount);
  if (paise === null || paise !== attempt.amountPaise || paise !== attempt.orderTotalPaise) {
    throw new AppError('bad_request', 'Amount does not match the order');
  }

  const reported = Object.fromEntries(
    KEPT_CALLBACK_FIELDS.filter((name) => params[name] !== undefined && name !== 'additionalCharges')
      .map((name) => [name, params[name]!.slice(0, 500)])
      .concat(
        callback.additionalCharges ? [['additionalCharges', callback.additionalCharges.slice(0, 50)]] : [],
      ),
  );
  const orderNumber = attempt.orderNumber;
  const failed = paymentFailedPath(orderNumber);

  return db.transaction(async (tx): Promise<CallbackOutcome> => {
    const [locked] = await tx
      .select({ status: payments.status })
      .from(payments)
      .where(eq(payments.id, attempt.id))
      .for('update');
    if (!locked || locked.status !== 'initiated') {
      return {
        orderNumber,
        result: 'replayed',
        redirect: locked?.status === 'succeeded' ? ORDER_SUCCESS_PATH : failed,
      };
    }
    const status = callback.status.toLowerCase();
    const settle = (to: 'succeeded' | 'failed' | 'initiated') =>
      tx
        .update(payments)
        .set({
          status: to,
          raw: sql`${payments.raw} || ${JSON.stringify({ response: reported })}::jsonb`,
          updatedAt: sql`now()`,
        })
        .where(eq(payments.id, attempt.id));

    if (status !== 'success') {
      // `pending`: the gateway has not decided; the attempt stays open for a later success.
      await settle(status === 'pending' ? 'initiated' : 'failed');
      return { orderNumber, result: status === 'pending' ? 'pending' : 'failed', redirect: failed };
    }
    await settle('succeeded');
    const [order] = await tx
      .select({ status: orders.status })
      .from(orders)
      .where(and(eq(orders.storeId, storeId), eq(orders.id, attempt.orderId)))
      .for('update');
    if (order?.status !== ORDER_STATUS.pending) {
      // Money arrived for an order that is already paid or cancelled: keep the record, flag it for a refund.
      log.warn(
        { orderNumber, txnid: callback.txnid, orderStatus: order?.status },
        'payment succeeded for an order that is not pending: check it and refund if needed',
      );
      return {
        orderNumber,
        result: 'paid-but-not-payable',
        redirect: order?.status === ORDER_STATUS.cancelled ? failed : ORDER_SUCCESS_PATH,
      };
    }
    const mihpayid = params.mihpayid ? ` (mihpayid ${params.mihpayid.slice(0, 40)})` : '';
    await transitionInTransaction(
      tx,
      storeId,
      attempt.orderId,
      ORDER_STATUS.processing,
      `payment: ${gateway.provider === 'payu' ? 'PayU' : 'PayU sandbox (TEST)'} txnid ${callback.txnid}${mihpayid}`,
    );
    return { orderNumber, result: 'paid', redirect: ORDER_SUCCESS_PATH };
  });
}

/** A UPI transaction reference (UTR, usually 12 digits; providers' ids may add letters and dashes). */
export const UTR_PATTERN = /^[A-Za-z0-9-]{6,64}$/;

export type UpiConfirmation = {
  storeId: number;
  /** The order number as received. */
  orderId: string;
  utr: string;
  /** What the payer paid (paise); must equal the order's total. */
  amountPaise: number;
  /** `webhook` (the UPI provider) or `cli` (the shop owner's `mark-paid`). */
  source: 'webhook' | 'cli';
  /** Test mode of a row this confirmation inserts (an open attempt keeps its own). */
  testMode: boolean;
  /** What the provider sent (no secrets). */
  raw?: Record<string, unknown>;
};

export type UpiConfirmationResult = {
  orderNumber: string;
  /** The order's status afterwards. */
  orderStatus: OrderStatusCode;
  /** True when this UTR was already recorded for the order: nothing changed. */
  replayed: boolean;
  /** True when this confirmation moved the order to Processing. */
  paid: boolean;
};

/**
 * Records a confirmed UPI payment (webhook or `mark-paid`) and pays the order, in one transaction,
 * idempotently on the UTR: the order's open UPI attempt (with the payer's details) becomes the succeeded
 * payment, or a new row is written. From the webhook, money for an order that is no longer pending is still
 * recorded (and logged for a refund) without moving the order; from the CLI it is refused.
 * @throws {AppError} `not_found` (unknown order); `bad_request` (bad UTR, amount not the order's total);
 *   `conflict` (the UTR paid another order; from the CLI, an order that is not pending).
 */
export async function confirmUpiPayment(
  db: Db,
  input: UpiConfirmation,
  log?: { warn(details: object, message: string): void },
): Promise<UpiConfirmationResult> {
  if (!UTR_PATTERN.test(input.utr)) {
    throw new AppError('bad_request', 'Invalid UTR', { utr: 'must be 6 to 64 letters, digits or dashes' });
  }
  const order = await findOrderForPayment(db, input.storeId, input.orderId);
  if (!order) throw new AppError('not_found', ORDER_NOT_FOUND);
  if (input.amountPaise !== order.totalPaise) {
    throw new AppError('bad_request', `Amount does not match order ${order.orderNumber}`, {
      amount: 'must equal the order total',
    });
  }

  const replay = async (): Promise<UpiConfirmationResult | null> => {
    const [existing] = await db
      .select({ orderId: payments.orderId, orderNumber: orders.orderNumber, orderStatus: orders.status })
      .from(payments)
      .innerJoin(orders, eq(orders.id, payments.orderId))
      .where(
        and(
          eq(payments.storeId, input.storeId),
          eq(payments.provider, UPI_PROVIDER),
          eq(payments.gatewayId, input.utr),
        ),
      )
      .limit(1);
    if (!existing) return null;
    if (existing.orderId !== order.id) {
      throw new AppError('conflict', `UTR ${input.utr} already paid order ${existing.orderNumber}`);
    }
    return {
      orderNumber: order.orderNumber,
      orderStatus: existing.orderStatus as OrderStatusCode,
      replayed: true,
      paid: false,
    };
  };

  const earlier = await replay();
  if (earlier) return earlier;

  const cause =
    input.source === 'webhook' ? `payment: UPI webhook UTR ${input.utr}` : `cli: mark-paid UTR ${input.utr}`;
  const raw = { confirmation: { source: input.source, ...(input.raw ?? {}) } };
  try {
    return await db.transaction(async (tx): Promise<UpiConfirmationResult> => {
      const [locked] = await tx
        .select({ status: orders.status })
        .from(orders)
        .where(and(eq(orders.storeId, input.storeId), eq(orders.id, order.id)))
        .for('update');
      const status = (locked?.status ?? order.status) as OrderStatusCode;
      const payable = status === ORDER_STATUS.pending;
      if (!payable && input.source === 'cli') {
        throw new AppError(
          'conflict',
          illegalTransitionMessage(order.orderNumber, status, ORDER_STATUS.processing),
        );
      }
      const settled = await tx
        .update(payments)
        .set({
          gatewayId: input.utr,
          status: 'succeeded',
          raw: sql`${payments.raw} || ${JSON.stringify(raw)}::jsonb`,
          updatedAt: sql`now()`,
        })
        .where(
          and(
            eq(payments.storeId, input.storeId),
            eq(payments.orderId, order.id),
            eq(payments.provider, UPI_PROVIDER),
            isNull(payments.gatewayId),
          ),
        )
        .returning({ id: payments.id });
      if (settled.length === 0) {
        await tx.insert(payments).values({
          storeId: input.storeId,
          orderId: order.id,
          provider: UPI_PROVIDER,
          method: input.source === 'cli' ? 'manual' : 'upi',
          gatewayId: input.utr,
          amountPaise: input.amountPaise,
          status: 'succeeded',
          testMode: input.testMode,
          raw,
        });
      }
      if (!payable) {
        log?.warn(
          { orderNumber: order.orderNumber, utr: input.utr, orderStatus: status },
          'UPI payment received for an order that is not pending: check it and refund if needed',
        );
        return { orderNumber: order.orderNumber, orderStatus: status, replayed: false, paid: false };
      }
      await transitionInTransaction(tx, input.storeId, order.id, ORDER_STATUS.processing, cause);
      return {
        orderNumber: order.orderNumber,
        orderStatus: ORDER_STATUS.processing,
        replayed: false,
        paid: true,
      };
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      const again = await replay();
      if (again) return again;
    }
    throw error;
  }
}
