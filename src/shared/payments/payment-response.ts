/**
 * The payment submission and response (docs/product.md §3 "Payment submission", "Payment response"; §4 "Payment flow"):
 * the one definition of `POST /api/v1/payments`, its body and its success answer, used by the route (which
 * validates the body and serialises the answer through these schemas) and the Payment page. Error answers are
 * `errorBodySchema` (src/shared/errors/error-body.ts).
 */
import { z } from 'zod';

/** The payment methods a shop can offer, with their labels in the payment form. */
export const PAYMENT_METHODS = {
  upi_qr: 'UPI QR code',
  upi_intent: 'UPI app on this phone',
  gateway: 'Cards, net banking and wallets',
  cod: 'Cash on delivery',
} as const;

export type PaymentMethod = keyof typeof PAYMENT_METHODS;

/** One of {@link PAYMENT_METHODS}. */
export const paymentMethodSchema = z.enum(['upi_qr', 'upi_intent', 'gateway', 'cod']);

/** At most this many submitted fields, names of at most 64 and values of at most 1,000 characters. */
export const MAX_SUBMITTED_FIELDS = 50;

/** `POST /api/v1/payments` body: the payment form's values (strings or booleans) and the order number. */
export const paymentSubmissionSchema = z.object({
  fields: z
    .record(z.string().max(64), z.union([z.string().max(1000), z.boolean()]))
    .refine((fields) => Object.keys(fields).length <= MAX_SUBMITTED_FIELDS, {
      message: `must have at most ${MAX_SUBMITTED_FIELDS} fields`,
    }),
  orderId: z.string().trim().min(1).max(100),
});

export type PaymentSubmission = z.infer<typeof paymentSubmissionSchema>;

export const paymentActionTypeSchema = z.enum(['redirect_post', 'deeplink', 'qr']);

export type PaymentActionType = z.infer<typeof paymentActionTypeSchema>;

/** What the browser does next (docs/product.md §4): post a form, follow a deep link, or show a QR code. */
export const paymentActionSchema = z.object({
  type: paymentActionTypeSchema,
  redirectUrl: z.string().optional(),
  /** For redirect_post: the hidden form's fields `type`, `url` and `data[key]`. */
  formParams: z
    .object({ type: z.string(), url: z.string(), data: z.record(z.string(), z.string()) })
    .optional(),
  /** For qr: the text to encode (a `upi://pay?...` URI). */
  qr: z.string().optional(),
  /** For qr: a PNG as base64, with or without the `data:image/png;base64,` prefix. */
  qrBase64: z.string().optional(),
});

export type PaymentAction = z.infer<typeof paymentActionSchema>;

/**
 * `POST /api/v1/payments` answer (200). Besides the storefront's `success`, `error` and `redirectUrl` the server
 * returns the amount (rupees) and the order number for the QR screen, and `testMode: true` when the payment
 * goes to the sandbox gateway or the demo UPI ID (no money can move; docs/payments.md "Test mode").
 */
export const paymentResponseSchema = z.object({
  success: z.boolean(),
  error: z.string().optional(),
  redirectUrl: z.string().optional(),
  action: paymentActionSchema.optional(),
  amount: z.number().optional(),
  orderId: z.string().optional(),
  /** For a UPI method: the shop's UPI ID (VPA, e.g. `shop@okaxis`) the QR code pays, to show and copy. */
  upiId: z.string().optional(),
  testMode: z.boolean().optional(),
});

export type PaymentResponse = z.infer<typeof paymentResponseSchema>;
