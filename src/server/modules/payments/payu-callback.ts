/**
 * The gateway's post-back (docs/payments.md "PayU request and callback"): verified against the reverse hash
 * and the recorded attempt, then settled once per txnid; a success pays the order in the same transaction.
 */
import { and, eq, sql } from 'drizzle-orm';
import { ORDER_STATUS } from '@shared/orders/order-status';
import type { Db } from '../../db/database';
import { orders } from '../../db/schema/order-tables';
import { payments } from '../../db/schema/payment-tables';
import { BadRequestError } from '../../errors';
import { payOrderInTransaction } from './pay-order';
import { parseAmountToPaise } from './providers/amount';
import { readPayuCallback, verifyPayuCallbackHash } from './providers/payu-provider';
import type { GatewaySettings } from './settings';

/** Where the browser goes after the gateway (spec §2 "Order success", "Payment"). */
export const ORDER_SUCCESS_PATH = '/order-success';
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
  /** `paid`: this callback paid the order; `replayed`: the txnid was already settled, nothing changed. */
  result: 'paid' | 'failed' | 'pending' | 'replayed' | 'paid-but-not-payable';
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
 * marks it succeeded and pays the order (Pending → Processing, with the shop's notice, TEST-marked for the
 * sandbox); `failure` (or anything else but `pending`) marks it failed. A txnid already settled changes
 * nothing (a replay).
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
    const gatewayName = gateway.provider === 'payu' ? 'PayU' : 'PayU sandbox (TEST)';
    await payOrderInTransaction(tx, {
      storeId,
      orderId: attempt.orderId,
      cause: `payment: ${gatewayName} txnid ${callback.txnid}${mihpayid}`,
      notifyShop: {
        via: { description: `${gatewayName}, txnid ${callback.txnid}`, testMode: attempt.testMode },
        mailFrom: input.mailFrom,
      },
    });
    return { orderNumber, result: 'paid', redirect: ORDER_SUCCESS_PATH };
  });
}
