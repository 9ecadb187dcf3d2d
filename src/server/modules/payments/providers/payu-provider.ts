/**
 * A PayU-compatible hosted checkout (docs/payments.md "PayU request and callback"): the checkout form of an
 * attempt, the verified return, refunds and the status API behind the provider interface. The hashes that sign
 * the form and the post-back are in ./payu-hash.ts. The same code serves real PayU and the built-in sandbox
 * (./sandbox-payu.ts), which differ only in key, salt and URL.
 */
import { randomBytes } from 'node:crypto';
import { BadRequestError, ValidationError } from '../../../errors';
import type { PaymentAction } from '@shared/payments/payment-response';
import {
  PAYU_CALLBACK_PATH,
  REDIRECT_BRIDGE_PATH,
  gatewayUrl,
  isPayuGateway,
  payuRefundUrlFor,
  type GatewaySettings,
  type PayuGatewaySettings,
  type PaymentSettings,
} from '../settings';
import { formatPaiseAmount, parseAmountToPaise } from './amount';
import { payuRequestHash, readPayuCallback, verifyPayuCallbackHash } from './payu-hash';
import { payuRefundForm, postPayuRefund, readPayuRefundAnswer } from './payu-refund';
import { sandboxRefundAnswer } from './sandbox-payu-refund';
import { fetchPayuStatus } from './payu-verify-payment';
import type { PaymentAttempt, PaymentProvider, VerifiedPayment } from './types';

/** Crockford's base32 (as order numbers): digits and upper-case letters without I, L, O, U. */
const TXNID_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * A fresh txnid for one payment attempt of an order: the order number, a dash and 6 random characters
 * (`RS-7KQ29XD3-4K7Q2M`, 18 characters: PayU allows 25, letters, digits and dashes).
 */
export function newTxnId(orderNumber: string): string {
  const bytes = randomBytes(6);
  let suffix = '';
  for (const byte of bytes) suffix += TXNID_ALPHABET[byte & 31];
  return `${orderNumber}-${suffix}`;
}

// eslint-disable-next-line no-control-regex -- removing control characters is the point.
const UNSAFE_IN_HASH = /[|\u0000-\u001f\u007f]/g;

/**
 * A value for a hashed PayU field: without `|` (the hash separator) and control characters, spaces collapsed,
 * at most `max` characters.
 */
export function payuText(value: string, max: number): string {
  return value.replace(UNSAFE_IN_HASH, ' ').replace(/\s+/g, ' ').trim().slice(0, max).trim();
}

/** PayU's limits (its SDK's parameter checks): firstname 60, email 50, productinfo 100 characters. */
export const PAYU_EMAIL_MAX_LENGTH = 50;

/** The checkout form of one attempt: the fields posted to the gateway, hash included. */
export function payuFormData(input: {
  key: string;
  salt: string;
  txnid: string;
  amountPaise: number;
  orderNumber: string;
  name: string;
  email: string;
  phone: string;
  callbackUrl: string;
}): Record<string, string> {
  const fields = {
    key: input.key,
    txnid: input.txnid,
    // Built once: the same string goes into the hash and the form.
    amount: formatPaiseAmount(input.amountPaise),
    productinfo: payuText(`Order ${input.orderNumber}`, 100),
    firstname: payuText(input.name, 60) || 'Customer',
    email: payuText(input.email, PAYU_EMAIL_MAX_LENGTH),
    udf1: input.orderNumber,
    udf2: '',
    udf3: '',
    udf4: '',
    udf5: '',
  };
  return {
    ...fields,
    phone: input.phone.replace(/\D/g, '').slice(-10),
    surl: input.callbackUrl,
    furl: input.callbackUrl,
    hash: payuRequestHash(fields, input.salt),
  };
}

function gatewayOf(settings: PaymentSettings): PayuGatewaySettings {
  return payuGatewayOf(settings.gateway);
}

function payuGatewayOf(gateway: GatewaySettings | null): PayuGatewaySettings {
  if (!isPayuGateway(gateway)) throw new Error('PayU is not the configured payment gateway');
  return gateway;
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

/**
 * PayU's post-back read and checked (docs/payments.md "PayU request and callback"): the reverse hash in
 * constant time and the merchant key; the amount as PayU says it.
 * @throws {BadRequestError} 'Missing hash', 'Unknown merchant key', 'Invalid hash'.
 */
export function verifyPayuReturn(
  params: Record<string, string>,
  gateway: PayuGatewaySettings,
): VerifiedPayment {
  const callback = readPayuCallback(params);
  if (!callback.hash) throw new BadRequestError('Missing hash');
  if (callback.key !== gateway.key) throw new BadRequestError('Unknown merchant key');
  if (!verifyPayuCallbackHash(callback, gateway.salt)) throw new BadRequestError('Invalid hash');
  const kept = Object.fromEntries(
    KEPT_CALLBACK_FIELDS.filter((name) => params[name] !== undefined && name !== 'additionalCharges')
      .map((name) => [name, params[name]!.slice(0, 500)])
      .concat(
        callback.additionalCharges ? [['additionalCharges', callback.additionalCharges.slice(0, 50)]] : [],
      ),
  );
  const status = callback.status.toLowerCase();
  const gatewayName = gateway.provider === 'payu' ? 'PayU' : 'PayU sandbox (TEST)';
  const mihpayid = params.mihpayid ? ` (mihpayid ${params.mihpayid.slice(0, 40)})` : '';
  return {
    gatewayId: callback.txnid,
    outcome: status === 'success' ? 'success' : status === 'pending' ? 'pending' : 'failure',
    gatewayPaymentId: params.mihpayid || null,
    amountPaise: parseAmountToPaise(callback.amount) ?? Number.NaN,
    currency: null,
    kept,
    reference: `${gatewayName} txnid ${callback.txnid}${mihpayid}`,
    paidVia: `${gatewayName}, txnid ${callback.txnid}`,
  };
}

/** `gateway`: cards, net banking and wallets on PayU's hosted checkout (or the sandbox). */
export const payuProvider: PaymentProvider = {
  method: 'gateway',
  codes: ['payu', 'payu-sandbox'],
  isConfigured: (settings) => isPayuGateway(settings.gateway),
  attempt(orderNumber, payer, { settings, baseUrl }): PaymentAttempt {
    const gateway = gatewayOf(settings);
    if (payer.email.length > PAYU_EMAIL_MAX_LENGTH) {
      throw new ValidationError({
        email: `Must be no more than ${PAYU_EMAIL_MAX_LENGTH} characters for cards, net banking and wallets`,
      });
    }
    return {
      provider: gateway.provider,
      gatewayId: newTxnId(orderNumber),
      testMode: gateway.testMode,
      raw: { url: gatewayUrl(gateway, baseUrl) },
    };
  },
  createAction(order, payer, { settings, baseUrl }, attempt): PaymentAction {
    const gateway = gatewayOf(settings);
    if (!attempt.gatewayId) throw new Error('A gateway attempt needs its txnid');
    const data = payuFormData({
      key: gateway.key,
      salt: gateway.salt,
      txnid: attempt.gatewayId,
      amountPaise: order.totalPaise,
      orderNumber: order.orderNumber,
      name: payer.name,
      email: payer.email,
      phone: payer.phone,
      callbackUrl: `${baseUrl}${PAYU_CALLBACK_PATH}`,
    });
    return {
      type: 'redirect_post',
      // Our own bridge page (same origin as the storefront), which posts `data` on to `url` (docs/product.md §4).
      redirectUrl: REDIRECT_BRIDGE_PATH,
      formParams: { type: 'POST', url: gatewayUrl(gateway, baseUrl), data },
    };
  },
  verifyReturn: (params, gateway) => verifyPayuReturn(params, payuGatewayOf(gateway)),
  paymentIdOf(raw) {
    const mihpayid = (raw as { response?: { mihpayid?: unknown } } | null)?.response?.mihpayid;
    return typeof mihpayid === 'string' && mihpayid.trim() ? mihpayid.trim() : null;
  },
  /** PayU's `cancel_refund_transaction` (./payu-refund.ts); the sandbox answers it in process. */
  async refund(request, { settings }) {
    const gateway = gatewayOf(settings);
    const form = payuRefundForm(gateway, request);
    if (gateway.provider === 'payu-sandbox') return readPayuRefundAnswer(sandboxRefundAnswer(form));
    return postPayuRefund(gateway.refundUrl ?? payuRefundUrlFor(gateway.url ?? ''), form);
  },
  fetchStatus: (txnid, { settings }) => fetchPayuStatus(txnid, settings),
};
