/**
 * Applying the gateway's answer about one open attempt (docs/payments.md "Reconciliation"): a `captured`
 * payment pays the order exactly as the gateway's callback does (./payu-callback.ts): in one transaction,
 * under the attempt's row lock and only while the attempt is still `initiated`, the attempt becomes `succeeded`
 * and ./pay-order.ts settles the order (Pending → Processing with the shop's notice; a Cancelled order comes
 * back or gets a refund due). The captured amount and currency must equal the attempt's and the order's
 * (`INR`): otherwise nothing is paid and the mismatch is logged. `failed` and `pending` change nothing but
 * the attempt's record of its last check (`raw.statusCheck`).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { orders } from '../../db/schema/order-tables';
import { payments } from '../../db/schema/payment-tables';
import { settleOrderPayment } from './pay-order';
import type { AttemptStatus } from './providers/types';

/** The currency of every order (docs/decisions/004-money-in-paise.md: rupees, kept in paise). */
export const ORDER_CURRENCY = 'INR';

/**
 * What reconciliation did with one attempt: `paid` (Pending → Processing), `reinstated` (Cancelled by its
 * payment window → Processing), `refund-due` (stays Cancelled, the shop owes a refund), `already-paid` (the
 * order had been paid another way: the payment is kept, check and refund), `already-settled` (its callback
 * came first: nothing changed), `amount-mismatch` (captured, but not the order's amount or currency: nothing
 * paid, logged), `failed` and `pending` (the gateway's answer; nothing changed).
 */
export type ReconcileAction =
  | 'paid'
  | 'reinstated'
  | 'refund-due'
  | 'already-paid'
  | 'already-settled'
  | 'amount-mismatch'
  | 'failed'
  | 'pending';

/** Where reconciliation reports (pino's `log.warn/error(object, message)`). */
export type ReconcileLogger = {
  info(object: Record<string, unknown>, message: string): void;
  warn(object: Record<string, unknown>, message: string): void;
  error(object: Record<string, unknown>, message: string): void;
};

export type AttemptStatusInput = {
  paymentId: number;
  storeId: number;
  status: AttemptStatus;
  checkedAt: Date;
  /** `MAIL_FROM`, for the mails of a payment. */
  mailFrom: string | undefined;
  log: ReconcileLogger | undefined;
};

/** The gateway's name in order events and mails: `PayU`, `Razorpay`, their sandboxes `(TEST)`, else the provider value. */
export function gatewayDisplayName(provider: string): string {
  const names: Record<string, string> = {
    payu: 'PayU',
    'payu-sandbox': 'PayU sandbox (TEST)',
    razorpay: 'Razorpay',
    'razorpay-sandbox': 'Razorpay sandbox (TEST)',
  };
  return names[provider] ?? provider;
}

/**
 * The attempt's and the payment's ids in each gateway's own words, as its return names them: PayU's
 * `txnid …` and `mihpayid …`, Razorpay's `order order_…` and `payment pay_…`.
 */
export function gatewayIdWords(
  provider: string,
  gatewayId: string | null,
  gatewayPaymentId: string | null,
): { attempt: string; payment: string | null } {
  const paymentId = gatewayPaymentId?.slice(0, 40) ?? null;
  const razorpay = provider.startsWith('razorpay');
  return {
    attempt: `${razorpay ? 'order' : 'txnid'} ${gatewayId}`,
    payment: paymentId ? `${razorpay ? 'payment' : 'mihpayid'} ${paymentId}` : null,
  };
}

/** How the order's history (`reference`) and the mails (`paidVia`) name a payment found by reconciliation. */
export function reconciledPaymentWords(
  provider: string,
  gatewayId: string | null,
  gatewayPaymentId: string | null,
): { reference: string; paidVia: string } {
  const name = gatewayDisplayName(provider);
  const ids = gatewayIdWords(provider, gatewayId, gatewayPaymentId);
  return {
    reference: `${name} ${ids.attempt}${ids.payment ? ` (${ids.payment})` : ''}`,
    paidVia: `${name}, ${provider.startsWith('razorpay') && ids.payment ? ids.payment : ids.attempt}`,
  };
}

/**
 * Applies `input.status` to open attempt `input.paymentId` of store `input.storeId` (see the module comment).
 * @returns what it did and the order's total (**paise**).
 * @throws only for database failures (the transaction rolls back; the next pass asks again).
 */
export async function applyAttemptStatus(
  db: Db,
  input: AttemptStatusInput,
): Promise<{ action: ReconcileAction; orderTotalPaise: number }> {
  const { status } = input;
  return db.transaction(async (tx) => {
    const [attempt] = await tx
      .select({
        status: payments.status,
        provider: payments.provider,
        gatewayId: payments.gatewayId,
        orderId: payments.orderId,
        amountPaise: payments.amountPaise,
        testMode: payments.testMode,
        orderNumber: orders.orderNumber,
        orderTotalPaise: orders.totalPaise,
      })
      .from(payments)
      .innerJoin(orders, and(eq(orders.id, payments.orderId), eq(orders.storeId, payments.storeId)))
      .where(and(eq(payments.storeId, input.storeId), eq(payments.id, input.paymentId)))
      .for('update', { of: payments });
    if (!attempt) throw new Error(`Payment attempt ${input.paymentId} not found`);
    const orderTotalPaise = attempt.orderTotalPaise;
    // Settled meanwhile (its callback or another pass): one payment, one order event.
    if (attempt.status !== 'initiated') return { action: 'already-settled', orderTotalPaise };

    const check = {
      at: input.checkedAt.toISOString(),
      answer: status.status,
      ...(status.gatewayPaymentId ? { gatewayPaymentId: status.gatewayPaymentId.slice(0, 40) } : {}),
      ...(status.amountPaise !== null ? { amountPaise: status.amountPaise } : {}),
      ...(status.currency ? { currency: status.currency.slice(0, 8) } : {}),
      gateway: status.raw,
    };
    const record = (to: 'initiated' | 'succeeded') =>
      tx
        .update(payments)
        .set({
          status: to,
          raw: sql`${payments.raw} || ${JSON.stringify({ statusCheck: check })}::jsonb`,
          updatedAt: input.checkedAt,
        })
        .where(eq(payments.id, input.paymentId));

    if (status.status !== 'captured') {
      await record('initiated');
      return { action: status.status, orderTotalPaise };
    }
    if (
      status.amountPaise !== attempt.amountPaise ||
      status.amountPaise !== orderTotalPaise ||
      status.currency !== ORDER_CURRENCY
    ) {
      await record('initiated');
      input.log?.warn(
        {
          orderNumber: attempt.orderNumber,
          gatewayId: attempt.gatewayId,
          capturedPaise: status.amountPaise,
          currency: status.currency,
          orderTotalPaise,
        },
        'the gateway captured another amount or currency than the order’s: not paid; check it with the gateway',
      );
      return { action: 'amount-mismatch', orderTotalPaise };
    }

    await record('succeeded');
    const words = reconciledPaymentWords(attempt.provider, attempt.gatewayId, status.gatewayPaymentId);
    const settlement = await settleOrderPayment(tx, {
      storeId: input.storeId,
      orderId: attempt.orderId,
      cause: `payment: ${words.reference}, found by reconciliation`,
      amountPaise: status.amountPaise,
      via: { description: words.paidVia, testMode: attempt.testMode },
      notifyShop: true,
      mailFrom: input.mailFrom,
    });
    if (settlement === 'paid' || settlement === 'reinstated') {
      input.log?.info(
        { orderNumber: attempt.orderNumber, gatewayId: attempt.gatewayId, settlement },
        'reconciliation found a captured payment whose callback never came: order paid',
      );
      return { action: settlement, orderTotalPaise };
    }
    input.log?.warn(
      { orderNumber: attempt.orderNumber, gatewayId: attempt.gatewayId, settlement },
      'payment succeeded for an order that is not pending: check it and refund if needed',
    );
    return { action: settlement === 'refund-due' ? 'refund-due' : 'already-paid', orderTotalPaise };
  });
}
