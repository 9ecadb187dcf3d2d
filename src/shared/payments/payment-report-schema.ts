/**
 * The shopper's 'I have paid' report from the UPI QR screen (docs/payments.md "I have paid"): the contract of
 * `POST /api/v1/payments/report`, used by the route (which validates the body through it) and the QR screen's
 * form. The report never pays the order: only the UPI provider's webhook or the shop owner does; it tells the
 * owner which UPI transaction to look for.
 */
import { z } from 'zod';

/** A UPI transaction reference (UTR) as banks print it: exactly 12 digits (NPCI's RRN format). */
export const SHOPPER_UTR_PATTERN = /^[0-9]{12}$/;

/** The field message for a UTR that is not 12 digits. */
export const SHOPPER_UTR_MESSAGE = 'The UTR is the 12-digit number in your UPI app: digits only, exactly 12';

/**
 * `POST /api/v1/payments/report` body: the order number and, optionally, the UTR the shopper read in their UPI
 * app (spaces are dropped; an empty UTR is no UTR). 400 `{ error, fields: { utr: SHOPPER_UTR_MESSAGE } }` for
 * anything else than 12 digits.
 */
export const paymentReportBodySchema = z.object({
  orderId: z.string().trim().min(1, 'is required').max(100),
  utr: z
    .string()
    .max(100, SHOPPER_UTR_MESSAGE)
    .transform((value) => value.replace(/\s+/g, ''))
    .refine((value) => value === '' || SHOPPER_UTR_PATTERN.test(value), { message: SHOPPER_UTR_MESSAGE })
    .optional(),
});

export type PaymentReportBody = z.input<typeof paymentReportBodySchema>;

/**
 * What an order says of the shopper's report (on `orderSchema.paymentReported`): when they said they had paid
 * (ISO time) and the UTR they gave (null: none). Null when they never did.
 */
export const paymentReportSchema = z.object({ at: z.string(), utr: z.string().nullable() });

export type PaymentReport = z.infer<typeof paymentReportSchema>;

/** The short state of a Pending order the shopper said they paid (payment page, My Orders, Track order). */
export const PAYMENT_REPORTED_TITLE = 'Payment reported — being verified';

/**
 * What the payment page says instead of the QR code once the shopper reported their payment: nothing more to
 * pay, the order is held (its payment window is paused) until the shop has checked its bank account.
 */
export const PAYMENT_REPORTED_MESSAGE =
  'Thank you. The shop is checking that your payment has reached its bank account. Your order is held for you meanwhile, and we e-mail you as soon as the payment is confirmed. There is nothing more to pay.';

/**
 * The line under a Pending order the shopper said they paid (order and track pages): 'Payment reported — being
 * verified (UTR 412345678901)'; without a UTR the brackets are left out.
 */
export function paymentReportedText(report: PaymentReport): string {
  return `${PAYMENT_REPORTED_TITLE}${report.utr ? ` (UTR ${report.utr})` : ''}`;
}

/**
 * Hours the shopper has to pay again after the shop rejected their report (docs/payments.md "I have paid"): the
 * order's payment window restarts for this long from the rejection.
 */
export const PAYMENT_WINDOW_AFTER_REJECTION_HOURS = 24;
