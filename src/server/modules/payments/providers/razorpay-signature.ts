/**
 * Razorpay's two signatures (Razorpay docs: "Payment signature verification", "Validate webhooks"), both
 * lower-case hex HMAC-SHA256, compared in constant time (./constant-time.ts):
 *
 * - the browser's return: `razorpay_signature = HMAC(razorpay_order_id + "|" + razorpay_payment_id)` with the
 *   **key secret**;
 * - a webhook: `X-Razorpay-Signature = HMAC(raw request body)` with the **webhook secret** (the exact bytes:
 *   the body must not be parsed and serialised again first).
 */
import { createHmac } from 'node:crypto';
import { hexDigestsEqual } from './constant-time';

/** The webhook's signature header. */
export const RAZORPAY_SIGNATURE_HEADER = 'x-razorpay-signature';
/** Razorpay's id of a webhook delivery (the same on every retry of one event). */
export const RAZORPAY_EVENT_ID_HEADER = 'x-razorpay-event-id';

/** `hex(HMAC-SHA256(orderId|paymentId, keySecret))`: the signature of the browser's return. */
export function razorpayReturnSignature(orderId: string, paymentId: string, keySecret: string): string {
  return createHmac('sha256', keySecret).update(`${orderId}|${paymentId}`, 'utf8').digest('hex');
}

/** True when `signature` signs `orderId|paymentId` under `keySecret` (constant-time compare). */
export function verifyRazorpayReturnSignature(
  orderId: string,
  paymentId: string,
  signature: unknown,
  keySecret: string,
): boolean {
  return hexDigestsEqual(razorpayReturnSignature(orderId, paymentId, keySecret), signature);
}

/** `hex(HMAC-SHA256(rawBody, webhookSecret))`: the signature of a webhook call. */
export function razorpayWebhookSignature(rawBody: Buffer | string, webhookSecret: string): string {
  return createHmac('sha256', webhookSecret).update(rawBody).digest('hex');
}

/** True when `signature` is the raw body's HMAC under `webhookSecret` (constant-time compare). */
export function verifyRazorpayWebhookSignature(
  rawBody: Buffer | string,
  signature: unknown,
  webhookSecret: string,
): boolean {
  return hexDigestsEqual(razorpayWebhookSignature(rawBody, webhookSecret), signature);
}
