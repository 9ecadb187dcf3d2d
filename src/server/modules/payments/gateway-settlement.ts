/**
 * Settling a gateway attempt from a verified return or webhook event (docs/payments.md "The provider
 * interface"), the same for every gateway: the attempt is found by the gateway's id within the store and the
 * provider, the amount (and currency, when the gateway says it) checked against the attempt and the order,
 * then — in one transaction, once per attempt — the attempt is settled and a success settles the order
 * (./pay-order.ts: paid, reinstated after its payment window, or a refund due).
 */
import { and, eq, sql } from 'drizzle-orm';
import { ORDER_STATUS } from '@shared/orders/order-status';
import type { Db } from '../../db/database';
import { orders } from '../../db/schema/order-tables';
import { payments } from '../../db/schema/payment-tables';
import { BadRequestError } from '../../errors';
import { settleOrderPayment } from './pay-order';
import type { VerifiedPayment } from './providers/types';

/**
 * Where the browser goes after the gateway (docs/product.md §2 "Order success", "Payment"): the success page of
 * that order, which shows its number, amount and lines as after any other way of paying.
 */
export const orderSuccessPath = (orderNumber: string) =>
  `/order-success?orderId=${encodeURIComponent(orderNumber)}`;
export const paymentFailedPath = (orderNumber: string) =>
  `/payment?orderId=${encodeURIComponent(orderNumber)}&status=failed`;

/** The answer to a forged or mismatched return or event (400): nothing changes. */
export const UNKNOWN_TRANSACTION = 'Unknown transaction';
export const AMOUNT_MISMATCH = 'Amount does not match the order';
export const CURRENCY_MISMATCH = 'Currency does not match the order';

export type SettlementOutcome = {
  orderNumber: string;
  /**
   * `paid`: this paid the order; `reinstated`: it paid an order its payment window had cancelled, which came
   * back to Processing; `refund-due`: the order stays Cancelled and the shop owes a refund;
   * `paid-but-not-payable`: the order was already paid; `replayed`: the attempt was already settled, nothing
   * changed; `failed`, `pending`: the attempt failed or stays open.
   */
  result: 'paid' | 'reinstated' | 'refund-due' | 'failed' | 'pending' | 'replayed' | 'paid-but-not-payable';
  /** The page the browser goes to after a return (303). */
  redirect: string;
};

export type SettleInput = {
  storeId: number;
  /** The `payments.provider` value of the configured gateway (`payu`, `razorpay-sandbox`, …). */
  provider: string;
  payment: VerifiedPayment;
  /** `MAIL_FROM`, for the shop's paid-order notice. */
  mailFrom: string | undefined;
  log: { warn(details: object, message: string): void };
  /**
   * Leave the attempt open on `failure` (Razorpay: one gateway order takes several tries in its Checkout, and
   * a later try may still succeed); otherwise a failure closes the attempt (PayU: one txnid, one try).
   */
  keepOpenOnFailure?: boolean;
};

/** Only the currency the shop sells in. */
const SHOP_CURRENCY = 'INR';

/**
 * Applies a verified gateway payment (see the module comment). A success marks the attempt succeeded and
 * settles the order (Pending → Processing with the shop's notice, TEST-marked for a sandbox; a Cancelled
 * order comes back or gets a refund due); `failure` marks it failed (unless `keepOpenOnFailure`); `pending`
 * keeps it open. An attempt already settled changes nothing (a replay).
 * @throws {BadRequestError} for an unknown attempt (another store's, another gateway's, none), a wrong amount
 *   or a wrong currency; nothing changes then.
 */
export async function settleGatewayPayment(db: Db, input: SettleInput): Promise<SettlementOutcome> {
  const { storeId, payment, log } = input;
  const [attempt] = payment.gatewayId
    ? await db
        .select({
          id: payments.id,
          orderId: payments.orderId,
          amountPaise: payments.amountPaise,
          testMode: payments.testMode,
          orderNumber: orders.orderNumber,
          orderTotalPaise: orders.totalPaise,
          orderStatus: orders.status,
        })
        .from(payments)
        .innerJoin(orders, eq(orders.id, payments.orderId))
        .where(
          and(
            eq(payments.storeId, storeId),
            eq(payments.provider, input.provider),
            eq(payments.gatewayId, payment.gatewayId),
          ),
        )
        .limit(1)
    : [];
  if (!attempt) throw new BadRequestError(UNKNOWN_TRANSACTION);
  const paise = payment.amountPaise ?? attempt.amountPaise;
  if (paise !== attempt.amountPaise || paise !== attempt.orderTotalPaise) {
    throw new BadRequestError(AMOUNT_MISMATCH);
  }
  if (payment.currency !== null && payment.currency.toUpperCase() !== SHOP_CURRENCY) {
    throw new BadRequestError(CURRENCY_MISMATCH);
  }
  const orderNumber = attempt.orderNumber;
  const failed = paymentFailedPath(orderNumber);

  return db.transaction(async (tx): Promise<SettlementOutcome> => {
    const [locked] = await tx
      .select({ status: payments.status })
      .from(payments)
      .where(eq(payments.id, attempt.id))
      .for('update');
    if (!locked || locked.status !== 'initiated') {
      return {
        orderNumber,
        result: 'replayed',
        // As the first return did: a success for an order that stayed cancelled went to the payment page.
        redirect:
          locked?.status === 'succeeded' && attempt.orderStatus !== ORDER_STATUS.cancelled
            ? orderSuccessPath(orderNumber)
            : failed,
      };
    }
    const settle = (to: 'succeeded' | 'failed' | 'initiated') =>
      tx
        .update(payments)
        .set({
          status: to,
          raw: sql`${payments.raw} || ${JSON.stringify({ response: payment.kept })}::jsonb`,
          updatedAt: sql`now()`,
        })
        .where(eq(payments.id, attempt.id));

    if (payment.outcome !== 'success') {
      // `pending`: the gateway has not decided; the attempt stays open for a later success.
      const open = payment.outcome === 'pending' || input.keepOpenOnFailure === true;
      await settle(open ? 'initiated' : 'failed');
      return { orderNumber, result: payment.outcome === 'pending' ? 'pending' : 'failed', redirect: failed };
    }
    await settle('succeeded');
    const settlement = await settleOrderPayment(tx, {
      storeId,
      orderId: attempt.orderId,
      cause: `payment: ${payment.reference}`,
      amountPaise: paise,
      via: { description: payment.paidVia, testMode: attempt.testMode },
      notifyShop: true,
      mailFrom: input.mailFrom,
    });
    if (settlement === 'paid' || settlement === 'reinstated') {
      return { orderNumber, result: settlement, redirect: orderSuccessPath(orderNumber) };
    }
    // Money arrived for an order that is already paid or cancelled: the payment row keeps it; a cancelled
    // order has its refund marked due and the shop told by mail.
    log.warn(
      { orderNumber, gatewayId: payment.gatewayId, settlement },
      'payment succeeded for an order that is not pending: check it and refund if needed',
    );
    return settlement === 'refund-due'
      ? { orderNumber, result: 'refund-due', redirect: failed }
      : { orderNumber, result: 'paid-but-not-payable', redirect: orderSuccessPath(orderNumber) };
  });
}
