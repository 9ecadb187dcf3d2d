/**
 * What the Payment page does with a payment answer (docs/product.md §4 "Payment flow", §8 "Orders and payment"), as a pure
 * decision: post a hidden form, follow a link, show the UPI QR screen, or go to the orders. The browser follows
 * only the destinations payment-destination.ts allows; anything else is refused with the storefront's unknown-error
 * text.
 */
import type { PaymentResponse } from '@shared/payments/payment-response';
import { allowedDestination } from './payment-destination';
import type { RedirectPostForm } from './redirect-post-form';
import { UNKNOWN_PAYMENT_ERROR } from './payment-texts';

/** The QR screen's content. `qrText` is encoded by the page; `qrImage` is a ready `data:image/…` URI. */
export type QrStep = {
  kind: 'qr';
  qrText: string | null;
  qrImage: string | null;
  /** The `upi:` URI an 'Open UPI app' button may follow (the qr text when it is one). */
  upiUri: string | null;
  amount: number | null;
  orderId: string | null;
  /** The UPI ID (VPA) paid: the server's `upiId`, else the `pa` of the `upi:` text; null when neither. */
  upiId: string | null;
  testMode: boolean;
};

/** The next step after a payment answer. */
export type PaymentStep =
  | ({ kind: 'post-form' } & RedirectPostForm)
  /** `qr`: for a `upi:` link, the screen that waits for the payment (and shows the same link as a QR). */
  | { kind: 'navigate'; url: string; qr?: QrStep }
  | QrStep
  | { kind: 'done' }
  | { kind: 'error'; message: string; refusedUrl?: string };

const nonEmpty = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** The payee's UPI ID (`pa`) of a `upi://pay?…` text, or null. `upiIdOf('upi://pay?pa=shop@okaxis&am=1')` → `'shop@okaxis'`. */
export function upiIdOf(qrText: string | null): string | null {
  if (!qrText || !/^upi:/i.test(qrText)) return null;
  const query = qrText.slice(qrText.indexOf('?') + 1);
  try {
    return nonEmpty(new URLSearchParams(query).get('pa'));
  } catch {
    return null;
  }
}

/**
 * A QR image as a `data:` URI: a bare base64 PNG gets `data:image/png;base64,` (docs/product.md §4); an image data URI is
 * kept; anything else (other data types, not base64) is null.
 */
export function qrImageSource(qrBase64: unknown): string | null {
  const value = nonEmpty(qrBase64);
  if (!value) return null;
  if (/^data:/i.test(value))
    return /^data:image\/(png|jpeg|gif|webp);base64,[A-Za-z0-9+/]+={0,2}$/i.test(value) ? value : null;
  const compact = value.replace(/\s+/g, '');
  return BASE64.test(compact) ? `data:image/png;base64,${compact}` : null;
}

const refused = (url: string): PaymentStep => ({
  kind: 'error',
  message: UNKNOWN_PAYMENT_ERROR,
  refusedUrl: url,
});
const unknown: PaymentStep = { kind: 'error', message: UNKNOWN_PAYMENT_ERROR };

/**
 * Decides what a payment answer, parsed through the shared `paymentResponseSchema`, leads to (docs/product.md §4): post
 * a hidden form (redirect_post), follow a deep link,
 * show a QR code, follow a top-level redirectUrl, or — on success with none of these — 'Payment initiated'
 * and /orders. A `upi:` link also brings the QR screen, which waits for the payment (and lets a desktop
 * browser, where no UPI app opens, pay by scanning the same link). `success: false` shows the server's error, else 'Unknown error occurred during payment
 * process'; a destination outside {@link allowedDestination} is refused with the same unknown-error text.
 * @param pageOrigin this page's origin (`location.origin`).
 */
export function decidePaymentStep(
  answer: PaymentResponse,
  allowedGatewayOrigins: readonly string[],
  pageOrigin: string = window.location.origin,
): PaymentStep {
  if (answer.success !== true) {
    const message = nonEmpty(answer.error);
    return { kind: 'error', message: message ?? UNKNOWN_PAYMENT_ERROR };
  }
  const follow = (url: string): string | null => allowedDestination(url, allowedGatewayOrigins, pageOrigin);
  const action = answer.action && typeof answer.action === 'object' ? answer.action : null;
  const qrStep = (qrText: string | null, qrImage: string | null): QrStep => ({
    kind: 'qr',
    qrText,
    qrImage,
    upiUri: qrText && /^upi:/i.test(qrText) ? follow(qrText) : null,
    amount: typeof answer.amount === 'number' && Number.isFinite(answer.amount) ? answer.amount : null,
    orderId: nonEmpty(answer.orderId),
    upiId: nonEmpty(answer.upiId) ?? upiIdOf(qrText),
    testMode: answer.testMode === true,
  });
  const navigate = (target: string): PaymentStep => {
    const url = follow(target);
    if (!url) return refused(target);
    return url.startsWith('upi:')
      ? { kind: 'navigate', url, qr: qrStep(url, null) }
      : { kind: 'navigate', url };
  };

  if (action) {
    switch (action.type) {
      case 'redirect_post': {
        const params = action.formParams && typeof action.formParams === 'object' ? action.formParams : null;
        const target = nonEmpty(action.redirectUrl) ?? nonEmpty(params?.url);
        if (!target) return unknown;
        const destination = follow(target);
        if (!destination || destination.startsWith('upi:')) return refused(target);
        const data: Record<string, string> = {};
        if (params?.data && typeof params.data === 'object') {
          for (const [key, value] of Object.entries(params.data)) {
            if (value !== undefined && value !== null) data[key] = String(value);
          }
        }
        return {
          kind: 'post-form',
          action: destination,
          params: { type: String(params?.type ?? ''), url: String(params?.url ?? ''), data },
        };
      }
      case 'deeplink': {
        const target = nonEmpty(action.redirectUrl);
        return target ? navigate(target) : unknown;
      }
      case 'qr': {
        const qrText = nonEmpty(action.qr);
        const qrImage = qrImageSource(action.qrBase64);
        return qrText || qrImage ? qrStep(qrText, qrImage) : unknown;
      }
      default:
        return unknown;
    }
  }
  const redirect = nonEmpty(answer.redirectUrl);
  return redirect ? navigate(redirect) : { kind: 'done' };
}
