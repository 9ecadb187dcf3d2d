/**
 * UPI (docs/payments.md "Methods and providers", "UPI webhook"): the NPCI UPI intent URI
 * `upi://pay?pa=<VPA>&pn=<payee>&am=<amount>&cu=INR&tr=<order number>&tn=<note>` shown as a QR code
 * (`upi_qr`) or followed as a deep link into a UPI app on the phone (`upi_intent`). The customer pays in
 * their app; the shop learns of it from its UPI provider's webhook (signed with HMAC-SHA256, verified here)
 * or marks the order paid by hand (`npm run orders -- mark-paid`).
 */
import { createHmac } from 'node:crypto';
import type { PaymentAction, PaymentMethod } from '@shared/payments/payment-response';
import type { PaymentSettings } from '../settings';
import { formatPaiseAmount } from './amount';
import { hexDigestsEqual } from './constant-time';
import type { PaymentAttempt, PaymentProvider } from './types';

/** The `payments.provider` of UPI payments (QR, intent, webhook and manual confirmations alike). */
export const UPI_PROVIDER = 'upi';

/**
 * Percent-encodes a UPI URI parameter value (RFC 3986 query component, spaces as `%20`), keeping `@` literal
 * as UPI IDs are written (`shop@okaxis`): `encodeUpiValue('Silk & Co (TEST)')` → `'Silk%20%26%20Co%20(TEST)'`.
 */
export function encodeUpiValue(value: string): string {
  return encodeURIComponent(value).replace(/%40/g, '@');
}

export type UpiUriInput = {
  vpa: string;
  payeeName: string;
  amountPaise: number;
  /** `tr`: the transaction reference, our order number. */
  reference: string;
  /** `tn`: the note the payer sees. */
  note: string;
};

/**
 * The NPCI UPI intent URI with its parameters in the order pa, pn, am, cu, tr, tn; the amount has exactly two
 * decimals and every value is percent-encoded.
 */
export function buildUpiUri(input: UpiUriInput): string {
  const parameters: [string, string][] = [
    ['pa', input.vpa],
    ['pn', input.payeeName],
    ['am', formatPaiseAmount(input.amountPaise)],
    ['cu', 'INR'],
    ['tr', input.reference],
    ['tn', input.note],
  ];
  return `upi://pay?${parameters.map(([name, value]) => `${name}=${encodeUpiValue(value)}`).join('&')}`;
}

/** The note of an order's UPI payment. */
export const upiNote = (orderNumber: string) => `Order ${orderNumber}`;

function upiProvider(method: Extract<PaymentMethod, 'upi_qr' | 'upi_intent'>): PaymentProvider {
  const upiOf = (settings: PaymentSettings) => {
    if (!settings.upi) throw new Error('UPI is not configured');
    return settings.upi;
  };
  return {
    method,
    codes: [UPI_PROVIDER],
    isConfigured: (settings) => settings.upi !== null,
    attempt(_orderNumber, _payer, { settings }): PaymentAttempt {
      const upi = upiOf(settings);
      return { provider: UPI_PROVIDER, gatewayId: null, testMode: upi.testMode, raw: { vpa: upi.vpa } };
    },
    createAction(order, _payer, { settings }): PaymentAction {
      const upi = upiOf(settings);
      const uri = buildUpiUri({
        vpa: upi.vpa,
        payeeName: upi.payeeName,
        amountPaise: order.totalPaise,
        reference: order.orderNumber,
        note: upiNote(order.orderNumber),
      });
      return method === 'upi_qr' ? { type: 'qr', qr: uri } : { type: 'deeplink', redirectUrl: uri };
    },
  };
}

export const upiQrProvider = upiProvider('upi_qr');
export const upiIntentProvider = upiProvider('upi_intent');

/** The webhook's signature header: `X-Signature: <hex HMAC-SHA256 of the raw body>`. */
export const UPI_SIGNATURE_HEADER = 'x-signature';

/** Hex HMAC-SHA256 of the raw request body with the shared secret. */
export function upiWebhookSignature(secret: string, rawBody: Buffer | string): string {
  return createHmac('sha256', secret).update(rawBody).digest('hex');
}

/** True when `signature` is the body's HMAC under `secret`, compared in constant time. */
export function verifyUpiWebhookSignature(
  secret: string,
  rawBody: Buffer | string,
  signature: unknown,
): boolean {
  return hexDigestsEqual(upiWebhookSignature(secret, rawBody), signature);
}
