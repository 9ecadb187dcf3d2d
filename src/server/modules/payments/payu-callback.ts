/**
 * The gateway's post-back (docs/payments.md "PayU request and callback"): verified against the reverse hash
 * and the recorded attempt, then settled once per txnid; a success settles the order in the same transaction
 * (./pay-order.ts: paid, reinstated after its payment window, or a refund due).
 */
import { and, eq, sql } from 'drizzle-orm';
import { ORDER_STATUS } from '@shared/orders/order-status';
import type { Db } from '../../db/database';
import { orders } from '../../db/schema/order-tables';
import { payments } from '../../db/schema/payment-tables';
import { BadRequestError } from '../../errors';
import { settleOrderPayment } from './pay-order';
import { parseAmountToPaise } from './providers/amount';
import { readPayuCallback, verifyPayuCallbackHash } from './providers/payu-provider';
import type { GatewaySettings } from './settings';

/**
 * Where the browser goes after the gateway (docs/product.md §2 "Order success", "Payment"): the success page of
 * that order, which shows its number, amount and lines as after any other way of paying.
 */
export const orderSuccessPath = (orderNumber: string) =>
  `/order-success?orderId=${encodeURIComponent(orderNumber)}`;
export const paymentFailedPath = (orderNumber: string) =>
  `/payment?orderId=${encodeURIComponent(orderNumber)}&status=failed`;

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
  /**
   * `paid`: this callback paid the order; `reinstated`: it paid an order its payment window had cancelled,
   * which came back to Processing; `refund-due`: the order stays Cancelled and the shop owes a refund;
   * `paid-but-not-payable`: the order was already paid; `replayed`: the txnid was already settled, nothing
   * changed.
   */
  result: 'paid' | 'reinstated' | 'refund-due' | 'failed' | 'pending' | 'replayed' | 'paid-but-not-payable';
  /** The page the browser goes to (303). */
  redirect: string;
};

export type PayuCallbackInput = {
  storeId: number;
  gateway: GatewaySettings;
  /** The post-back's form fields. */
  params: Record<string, string>;
  /** `MAIL_FROM`, for the shop's paid-order notice. */
  mailFrom: string | undefined;
  log: { warn(details: object, message: string): void };
};

/**
 * Applies a gateway post-back: verifies the reverse hash in constant time and the merchant key, finds the
 * attempt by txnid and checks the amount; then, in one transaction, settles the attempt — `status=success`
 * marks it succeeded and settles the order (Pending → Processing with the shop's notice, TEST-marked for the
 * sandbox; a Cancelled order comes back or gets a refund due); `failure` (or anything else but `pending`)
 * marks it failed. A txnid already settled changes nothing (a replay).
 * @throws {BadRequestError} for a missing or wrong hash, another merchant key, an unknown txnid or a wrong
 *   amount; nothing changes then.
 */
export async function applyPayuCallback(db: Db, input: PayuCallbackInput): Promise<CallbackOutcome> {
  const { storeId, gateway, params, log } = input;
  const callback = readPayuCallback(params);
  if (!callback.hash) throw new BadRequestError('Missing hash');
  if (callback.key !== gateway.key) throw new BadRequestError('Unknown merchant key');
  if (!verifyPayuCallbackHash(callback, gateway.salt)) throw new BadRequestError('Invalid hash');

  const [attempt] = await db
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
        eq(payments.provider, gateway.provider),
        eq(payments.gatewayId, callback.txnid),
      ),
    )
    .limit(1);
  if (!attempt || !callback.txnid) throw new BadRequestError('Unknown transaction');
  const paise = parseAmountToPaise(callback.amount);
  if (paise === null || paise !== attempt.amountPaise || paise !== attempt.orderTotalPaise) {
    throw new BadRequestError('Amount does not match the order');
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
        // As the first callback did: a success for an order that stayed cancelled went to the payment page.
        redirect:
          locked?.status === 'succeeded' && attempt.orderStatus !== ORDER_STATUS.cancelled
            ? orderSuccessPath(orderNumber)
            : failed,
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
    const mihpayid = params.mihpayid ? ` (mihpayid ${params.mihpayid.slice(0, 40)})` : '';
    const gatewayName = gateway.provider === 'payu' ? 'PayU' : 'PayU sandbox (TEST)';
    const settlement = await settleOrderPayment(tx, {
      storeId,
      orderId: attempt.orderId,
      cause: `payment: ${gatewayName} txnid ${callback.txnid}${mihpayid}`,
      amountPaise: paise,
      via: { description: `${gatewayName}, txnid ${callback.txnid}`, testMode: attempt.testMode },
      notifyShop: true,
      mailFrom: input.mailFrom,
    });
    if (settlement === 'paid' || settlement === 'reinstated') {
      return { orderNumber, result: settlement, redirect: orderSuccessPath(orderNumber) };
    }
    // Money arrived for an order that is already paid or cancelled: the payment row keeps it; a cancelled
    // order has its refund marked due and the shop told by mail.
    log.warn(
      { orderNumber, txnid: callback.txnid, settlement },
      'payment succeeded for an order that is not pending: check it and refund if needed',
    );
    return settlement === 'refund-due'
      ? { orderNumber, result: 'refund-due', redirect: failed }
      : { orderNumber, result: 'paid-but-not-payable', redirect: orderSuccessPath(orderNumber) };
  });
}
