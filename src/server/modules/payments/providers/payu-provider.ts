/**
 * A PayU-compatible hosted checkout (docs/payments.md "PayU request and callback"): the browser posts a form with
 * `key, txnid, amount, productinfo, firstname, email, phone, surl, furl, udf1–udf5, hash` to the gateway,
 * where
 *
 * ```
 * hash = sha512(key|txnid|amount|productinfo|firstname|email|udf1|udf2|udf3|udf4|udf5||||||SALT)
 * ```
 *
 * and the gateway posts the result back to surl/furl (through the customer's browser) with the reverse hash
 *
 * ```
 * hash = sha512([additionalCharges|]SALT|status||||||udf5|udf4|udf3|udf2|udf1|email|firstname|productinfo|amount|txnid|key)
 * ```
 *
 * Digests are lower-case hex. The same code serves real PayU and the built-in sandbox (./sandbox-payu.ts),
 * which differ only in key, salt and URL.
 */
import { createHash, randomBytes } from 'node:crypto';
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
import { hexDigestsEqual } from './constant-time';
import { payuRefundForm, postPayuRefund, readPayuRefundAnswer } from './payu-refund';
import { sandboxRefundAnswer } from './sandbox-payu-refund';
import { fetchPayuStatus } from './payu-verify-payment';
import type { PaymentAttempt, PaymentProvider, VerifiedPayment } from './types';

/** The fields of the request hash, in the order of the hash string. */
export type PayuRequestHashFields = {
  key: string;
  txnid: string;
  amount: string;
  productinfo: string;
  firstname: string;
  email: string;
  udf1?: string;
  udf2?: string;
  udf3?: string;
  udf4?: string;
  udf5?: string;
};

/** The fields of the reverse (response) hash. */
export type PayuResponseHashFields = PayuRequestHashFields & {
  status: string;
  /** Present when the gateway added convenience fees; then it leads the hash string. */
  additionalCharges?: string;
};

const sha512 = (text: string) => createHash('sha512').update(text, 'utf8').digest('hex');
const udfs = (fields: PayuRequestHashFields) => [
  fields.udf1 ?? '',
  fields.udf2 ?? '',
  fields.udf3 ?? '',
  fields.udf4 ?? '',
  fields.udf5 ?? '',
];

/** `sha512(key|txnid|amount|productinfo|firstname|email|udf1|…|udf5||||||SALT)`, lower-case hex. */
export function payuRequestHash(fields: PayuRequestHashFields, salt: string): string {
  return sha512(
    [
      fields.key,
      fields.txnid,
      fields.amount,
      fields.productinfo,
      fields.firstname,
      fields.email,
      ...udfs(fields),
      '', // udf6–udf10 are empty: five empty fields, i.e. six separators before the salt
      '',
      '',
      '',
      '',
      salt,
    ].join('|'),
  );
}

/**
 * `sha512([additionalCharges|]SALT|status||||||udf5|…|udf1|email|firstname|productinfo|amount|txnid|key)`,
 * lower-case hex.
 */
export function payuResponseHash(fields: PayuResponseHashFields, salt: string): string {
  const parts = [
    salt,
    fields.status,
    '',
    '',
    '',
    '',
    '',
    ...udfs(fields).reverse(),
    fields.email,
    fields.firstname,
    fields.productinfo,
    fields.amount,
    fields.txnid,
    fields.key,
  ];
  if (fields.additionalCharges) parts.unshift(fields.additionalCharges);
  return sha512(parts.join('|'));
}

/** The fields the gateway posts back whose values the reverse hash covers (and `hash` itself). */
const RESPONSE_FIELDS = [
  'key',
  'txnid',
  'amount',
  'productinfo',
  'firstname',
  'email',
  'status',
  'udf1',
  'udf2',
  'udf3',
  'udf4',
  'udf5',
] as const;

export type PayuCallback = Record<(typeof RESPONSE_FIELDS)[number], string> & {
  additionalCharges: string;
  hash: string;
};

/** Reads the hashed fields of a gateway post-back (absent → ''); `additional_charges` is accepted too. */
export function readPayuCallback(params: Record<string, string>): PayuCallback {
  const read = (name: string) => params[name] ?? '';
  const callback = Object.fromEntries(RESPONSE_FIELDS.map((name) => [name, read(name)])) as PayuCallback;
  callback.additionalCharges = read('additionalCharges') || read('additional_charges');
  callback.hash = read('hash');
  return callback;
}

/** True when the post-back's `hash` is the reverse hash of its fields under `salt` (constant-time compare). */
export function verifyPayuCallbackHash(callback: PayuCallback, salt: string): boolean {
  return hexDigestsEqual(payuResponseHash(callback, salt), callback.hash);
}

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
