/**
 * What the Payment page does with a payment answer (spec §4 "Payment flow", §8 "Orders and payment"), as pure
 * functions: unit-tested in payment-actions.test.ts. The browser follows only `upi:` URIs, same-origin URLs and
 * the gateway origins the server announces; anything else is refused with the spec's unknown-error text.
 */
import type { PaymentFieldDefinition, PaymentFieldValues } from '@shared/payments/payment-fields';
import { isFieldVisible, isFilled, isPhoneField } from '@shared/payments/payment-fields';
import type { PaymentAction, PaymentResponse } from '@shared/payments/payment-response';
import { ORDER_STATUS } from '@shared/orders/order-status';
import { ApiError } from '@client/lib/api-client';

/** Spec §2 "Payment" and §8 texts. */
export const PAYMENT_TITLE = 'Complete Your Payment';
export const QR_TITLE = 'Scan QR Code to Complete Payment';
export const ORDER_ID_MISSING = 'Order ID is missing. Please return to checkout.';
export const FIELDS_LOAD_ERROR = 'Failed to load payment form. Please try again later.';
export const PAYMENT_CALL_FAILED = 'Failed to process payment. Please try again later.';
export const UNKNOWN_PAYMENT_ERROR = 'Unknown error occurred during payment process';
export const RETURN_TO_CHECKOUT = 'Return to checkout';
export const PAYMENT_INITIATED_TITLE = 'Payment initiated';
export const PAYMENT_INITIATED_DESCRIPTION = 'Your payment is being processed';
export const VALIDATION_ERROR_TITLE = 'Validation Error';
export const VALIDATION_ERROR_DESCRIPTION = 'Please correct the errors in the form';
export const PAY_LABEL = 'Pay Now';
export const PROCESSING_LABEL = 'Processing...';
/** The gateway's failure return (`/payment?orderId=…&status=failed`): the order is still Pending. */
export const PAYMENT_FAILED_NOTICE = 'Payment failed or was cancelled. You can try again.';
export const SCAN_HINT = 'Scan with any UPI app (Google Pay, PhonePe, Paytm, BHIM)';
export const OPEN_UPI_APP = 'Open UPI app';

/** The hidden form of a redirect_post action: where it posts and its `type`, `url` and `data[key]` fields. */
export type RedirectPostForm = {
  action: string;
  params: { type: string; url: string; data: Record<string, string> };
};

/** The QR screen's content. `qrText` is encoded by the page; `qrImage` is a ready `data:image/…` URI. */
export type QrStep = {
  kind: 'qr';
  qrText: string | null;
  qrImage: string | null;
  /** The `upi:` URI an 'Open UPI app' button may follow (the qr text when it is one). */
  upiUri: string | null;
  amount: number | null;
  orderId: string | null;
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

/** The answer as it may arrive: the contract plus the test-mode flag, every field untrusted. */
type LooseResponse = Partial<PaymentResponse> & {
  testMode?: unknown;
  action?: Partial<PaymentAction> & { testMode?: unknown };
};

const nonEmpty = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;

/** The origin of an http(s) URL, or null for anything else. */
export function httpOrigin(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.origin : null;
  } catch {
    return null;
  }
}

/**
 * The URL the browser may follow, resolved against the page, or null when refused: `upi:` URIs, relative
 * paths and URLs of the page's origin, and URLs of an allowed gateway origin. `javascript:`, `data:`, other
 * schemes and other origins are refused.
 */
export function allowedDestination(
  url: string,
  allowedGatewayOrigins: readonly string[],
  pageOrigin: string,
): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url.trim(), pageOrigin);
  } catch {
    return null;
  }
  if (parsed.protocol === 'upi:') return parsed.href;
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return null;
  if (parsed.username || parsed.password) return null;
  const allowed = new Set([pageOrigin, ...allowedGatewayOrigins].map(httpOrigin).filter(Boolean));
  return allowed.has(parsed.origin) ? parsed.href : null;
}

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/**
 * A QR image as a `data:` URI: a bare base64 PNG gets `data:image/png;base64,` (spec §4); an image data URI is
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

/** The value is forced through the +91 mask: a phone field (spec §5) or one with the `phone-in` mask hint. */
export function hasPhoneMask(field: PaymentFieldDefinition): boolean {
  return isPhoneField(field) || field.mask === 'phone-in';
}

/** The values the server may see: visible fields only, a bare `+91` sent as empty (spec §3 `showWhenFilled`). */
export function submittedFields(
  definitions: PaymentFieldDefinition[],
  values: PaymentFieldValues,
): Record<string, string | boolean> {
  const fields: Record<string, string | boolean> = {};
  for (const field of definitions) {
    if (!isFieldVisible(field, values, definitions)) continue;
    const value = values[field.name];
    if (field.type === 'checkbox') fields[field.name] = value === true;
    else if (typeof value === 'string' && isFilled(field, value)) fields[field.name] = value;
    else fields[field.name] = '';
  }
  return fields;
}

const refused = (url: string): PaymentStep => ({
  kind: 'error',
  message: UNKNOWN_PAYMENT_ERROR,
  refusedUrl: url,
});
const unknown: PaymentStep = { kind: 'error', message: UNKNOWN_PAYMENT_ERROR };

/**
 * Decides what a payment answer leads to (spec §4): post a hidden form (redirect_post), follow a deep link,
 * show a QR code, follow a top-level redirectUrl, or — on success with none of these — 'Payment initiated'
 * and /orders. A `upi:` link also brings the QR screen, which waits for the payment (and lets a desktop
 * browser, where no UPI app opens, pay by scanning the same link). `success: false` shows the server's error, else 'Unknown error occurred during payment
 * process'; a destination outside {@link allowedDestination} is refused with the same unknown-error text.
 * @param pageOrigin this page's origin (`location.origin`).
 */
export function decidePaymentStep(
  response: unknown,
  allowedGatewayOrigins: readonly string[],
  pageOrigin: string = window.location.origin,
): PaymentStep {
  const answer = (response && typeof response === 'object' ? response : {}) as LooseResponse;
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
    testMode: answer.testMode === true || action?.testMode === true,
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

/**
 * Builds the hidden POST form of a redirect_post action with DOM APIs (no HTML parsing): inputs `type`, `url`
 * and `data[key]` for each data entry (spec §4). The caller appends it to the body and submits it.
 */
export function buildRedirectPostForm(doc: Document, { action, params }: RedirectPostForm): HTMLFormElement {
  const form = doc.createElement('form');
  form.method = 'POST';
  form.action = action;
  form.hidden = true;
  const add = (name: string, value: string) => {
    const input = doc.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.appendChild(input);
  };
  add('type', params.type);
  add('url', params.url);
  for (const [key, value] of Object.entries(params.data)) add(`data[${key}]`, value);
  return form;
}

/** Appends the redirect_post form to the page and submits it (the browser leaves the page). */
export function submitRedirectPostForm(doc: Document, form: RedirectPostForm): void {
  const element = buildRedirectPostForm(doc, form);
  doc.body.appendChild(element);
  element.submit();
}

/**
 * Where an order stands for the QR screen: 'paid' once the server moved it past Pending (Processing, Shipped,
 * Delivered), 'cancelled' for Cancelled, else 'pending' (also while unknown).
 */
export function orderPaymentState(status: unknown): 'pending' | 'paid' | 'cancelled' {
  if (typeof status !== 'number') return 'pending';
  if (status === ORDER_STATUS.cancelled) return 'cancelled';
  return status >= ORDER_STATUS.processing && status <= ORDER_STATUS.delivered ? 'paid' : 'pending';
}

/** The thank-you page of a paid order (spec §2 "Order success"; it shows the order number). */
export function successPath(orderId: string): string {
  return `/order-success?orderId=${encodeURIComponent(orderId)}`;
}

/** What a failed `POST /payments` shows: a message, and per-field messages for the inputs it names. */
export type PaymentFailure = { message: string | null; fieldErrors: Record<string, string> };

/**
 * Maps a failed payment call (spec §8): no answer or a 5xx → 'Failed to process payment. Please try again
 * later.'; a 400 with `fields` → messages under the named inputs (`name` or `fields.name`); any other 4xx
 * (404 unknown order, 409 paid or cancelled order) → the server's error text.
 */
export function paymentFailure(error: unknown, fieldNames: readonly string[]): PaymentFailure {
  if (!(error instanceof ApiError) || error.status === 0 || error.status >= 500) {
    return { message: PAYMENT_CALL_FAILED, fieldErrors: {} };
  }
  const fieldErrors: Record<string, string> = {};
  if (error.status === 400) {
    for (const [key, message] of Object.entries(error.fields)) {
      const name = key.startsWith('fields.') ? key.slice('fields.'.length) : key;
      if (fieldNames.includes(name) && typeof message === 'string') fieldErrors[name] = message;
    }
    if (Object.keys(fieldErrors).length > 0) return { message: null, fieldErrors };
  }
  return { message: error.serverMessage ?? PAYMENT_CALL_FAILED, fieldErrors };
}
