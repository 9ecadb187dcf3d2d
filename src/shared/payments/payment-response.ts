/**
 * The payment submission and response (spec §3 "Payment submission", "Payment response"; §4 "Payment flow").
 * Types only, so the Payment page's chunk stays free of zod; the server validates the body with zod.
 */
import type { PaymentFieldValues } from './payment-fields';

/** `POST /api/v1/payments` body. */
export type PaymentSubmission = { fields: PaymentFieldValues; orderId: string };

export type PaymentActionType = 'redirect_post' | 'deeplink' | 'qr';

/** What the browser does next (spec §4): post a form, follow a deep link, or show a QR code. */
export type PaymentAction = {
  type: PaymentActionType;
  redirectUrl?: string;
  /** For redirect_post: the hidden form's fields `type`, `url` and `data[key]`. */
  formParams?: { type: string; url: string; data: Record<string, string> };
  /** For qr: the text to encode (a `upi://pay?...` URI). */
  qr?: string;
  /** For qr: a PNG as base64, with or without the `data:image/png;base64,` prefix. */
  qrBase64?: string;
};

/**
 * `POST /api/v1/payments` answer. For the QR screen the server also returns the amount (rupees) and the
 * order number (issue #4: "The QR screen shows the amount and the order number").
 */
export type PaymentResponse = {
  success: boolean;
  error?: string;
  redirectUrl?: string;
  action?: PaymentAction;
  amount?: number;
  orderId?: string;
};

/** The payment methods a shop can offer (issue #4). */
export const PAYMENT_METHODS = {
  upi_qr: 'UPI QR code',
  upi_intent: 'UPI app on this phone',
  gateway: 'Cards, net banking and wallets',
} as const;

export type PaymentMethod = keyof typeof PAYMENT_METHODS;
