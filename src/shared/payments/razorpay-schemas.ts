/**
 * The shapes Razorpay sends to the shop (docs/payments.md "Razorpay"): the webhook's event
 * (`POST /api/v1/payments/razorpay/webhook`, Razorpay's "Webhooks" docs: payments, orders and refunds events)
 * and its entities, read after the `X-Razorpay-Signature` check. Amounts are integers in **paise** (Razorpay
 * counts the smallest currency unit). Only the fields the shop reads are declared; the rest pass through.
 */
import { z } from 'zod';

const id = (prefix: string) =>
  z
    .string()
    .max(64)
    .regex(new RegExp(`^${prefix}_[A-Za-z0-9]{1,40}$`), `must be a Razorpay ${prefix}_ id`);
const paise = z.number().int().nonnegative();

/** Razorpay's payment entity (`pay_…`): `status` created, authorized, captured, refunded or failed. */
export const razorpayPaymentSchema = z.looseObject({
  id: id('pay'),
  entity: z.literal('payment').optional(),
  amount: paise,
  currency: z.string().max(8),
  status: z.string().max(40),
  order_id: id('order').nullable().optional(),
  method: z.string().max(40).nullable().optional(),
  error_code: z.string().max(100).nullable().optional(),
  error_description: z.string().max(500).nullable().optional(),
});

export type RazorpayPayment = z.infer<typeof razorpayPaymentSchema>;

/** Razorpay's order entity (`order_…`): `status` created, attempted or paid; `receipt` is our order number. */
export const razorpayOrderSchema = z.looseObject({
  id: id('order'),
  entity: z.literal('order').optional(),
  amount: paise,
  amount_paid: paise.optional(),
  currency: z.string().max(8),
  receipt: z.string().max(40).nullable().optional(),
  status: z.string().max(40),
});

export type RazorpayOrder = z.infer<typeof razorpayOrderSchema>;

/** Razorpay's refund entity (`rfnd_…`): `status` pending, processed or failed. */
export const razorpayRefundSchema = z.looseObject({
  id: id('rfnd'),
  entity: z.literal('refund').optional(),
  amount: paise,
  currency: z.string().max(8).optional(),
  payment_id: id('pay'),
  receipt: z.string().max(40).nullable().optional(),
  status: z.string().max(40),
});

export type RazorpayRefund = z.infer<typeof razorpayRefundSchema>;

/**
 * A webhook event: `{ entity: 'event', account_id, event, contains, payload: { payment?: { entity },
 * order?: { entity }, refund?: { entity } }, created_at }`.
 */
export const razorpayWebhookEventSchema = z.looseObject({
  entity: z.literal('event'),
  account_id: z.string().max(64).optional(),
  event: z.string().min(1).max(64),
  contains: z.array(z.string().max(40)).max(10).optional(),
  payload: z.looseObject({
    payment: z.object({ entity: razorpayPaymentSchema }).optional(),
    order: z.object({ entity: razorpayOrderSchema }).optional(),
    refund: z.object({ entity: razorpayRefundSchema }).optional(),
  }),
  created_at: z.number().int().optional(),
});

export type RazorpayWebhookEvent = z.infer<typeof razorpayWebhookEventSchema>;

/**
 * The webhook's answer (200): `paid` when this event paid the order, `replayed` when its payment was already
 * counted, `ignored` for an event the shop does not act on (acknowledged so Razorpay stops sending it).
 */
export const razorpayWebhookResponseSchema = z.object({
  success: z.literal(true),
  event: z.string(),
  result: z.enum([
    'paid',
    'reinstated',
    'refund-due',
    'paid-but-not-payable',
    'replayed',
    'failed',
    'pending',
    'refund-updated',
    'ignored',
  ]),
  orderId: z.string().optional(),
});

export type RazorpayWebhookResponse = z.infer<typeof razorpayWebhookResponseSchema>;
