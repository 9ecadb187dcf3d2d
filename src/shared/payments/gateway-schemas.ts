/**
 * The contract of the payment routes that a gateway, a UPI provider or the browser's form posts call rather
 * than the storefront's own code (docs/payments.md): the signed UPI webhook (JSON) and the server-rendered
 * pages and redirects of the gateway flow. Form posts (`application/x-www-form-urlencoded`) are read as raw
 * text and parsed with URLSearchParams, so their fields are described in docs/payments.md, not here.
 */
import { z } from 'zod';

/**
 * `POST /api/v1/payments/webhook/upi` body, checked after its `X-Signature` (the HMAC covers the raw bytes):
 * the order number (`tr` of the UPI URI), the UTR, the amount in rupees (a number or a string with at most two
 * decimals) and the provider's status (only `success` changes anything).
 */
export const upiWebhookBodySchema = z.object({
  orderId: z.string().min(1).max(100),
  utr: z.string().min(1).max(64),
  amount: z.union([z.number().finite().nonnegative(), z.string().max(20)]),
  status: z.string().min(1).max(40),
});

export type UpiWebhookBody = z.infer<typeof upiWebhookBodySchema>;

/**
 * `POST /api/v1/payments/webhook/upi` answer (200): a confirmation (`paid` when it moved the order to
 * Processing, `replayed` when the UTR was already recorded) or, for any status but success, an acknowledgement
 * (`ignored: true`) so the provider stops retrying.
 */
export const upiWebhookResponseSchema = z.union([
  z.object({
    success: z.literal(true),
    orderId: z.string(),
    orderStatus: z.number().int(),
    replayed: z.boolean(),
    paid: z.boolean(),
  }),
  z.object({
    success: z.literal(true),
    orderId: z.string(),
    paid: z.literal(false),
    ignored: z.literal(true),
  }),
]);

export type UpiWebhookResponse = z.infer<typeof upiWebhookResponseSchema>;

/** A server-rendered HTML page (the redirect bridge, the sandbox gateway), sent as `text/html`. */
export const htmlPageSchema = z.string().describe('text/html page');

/** A script file sent as `text/javascript`. */
export const scriptFileSchema = z.string().describe('text/javascript file');

/** A `303 See Other` answer: no body, the `Location` header says where the browser goes. */
export const seeOtherSchema = z.undefined().describe('no body; Location header');

/**
 * The sandbox's answer to PayU's refund command (`POST /sandbox/payu/merchant/postservice?form=2`, form-encoded,
 * docs/payments.md "Refunds through the gateway"): PayU's documented JSON — `status` 1 with `msg` 'Refund
 * Request Queued', its `request_id` and the `mihpayid`, or `status` 0 with the reason in `msg`.
 */
export const sandboxRefundAnswerSchema = z.object({
  status: z.union([z.literal(0), z.literal(1)]),
  msg: z.string(),
  request_id: z.string().optional(),
  bank_ref_num: z.null().optional(),
  mihpayid: z.string().optional(),
});

/**
 * The sandbox's answer to PayU's status command (`verify_payment` on the same URL, docs/payments.md "PayU's
 * status API"): PayU's documented JSON — `status` 1 and the transaction under its txnid in
 * `transaction_details` (`status` `success` or `pending`, `mihpayid`, `amt`, …), `status` 0 with
 * `{ mihpayid: 'Not Found', status: 'Not Found' }` for a txnid it does not know, or `status` 0 with the reason
 * in `msg` (a wrong key or hash).
 */
export const sandboxVerifyAnswerSchema = z.object({
  status: z.union([z.literal(0), z.literal(1)]),
  msg: z.string(),
  transaction_details: z.record(z.string(), z.record(z.string(), z.string())).optional(),
});

/** Every answer of the sandbox's postservice URL: the refund command's or the status command's. */
export const sandboxPostserviceAnswerSchema = sandboxRefundAnswerSchema.extend(
  sandboxVerifyAnswerSchema.shape,
);
