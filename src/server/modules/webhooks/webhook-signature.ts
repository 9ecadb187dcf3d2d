/**
 * Signing outgoing webhooks (docs/webhooks.md "Verifying a delivery"): `X-Resham-Signature` is `sha256=` and
 * the hex HMAC-SHA256 of the raw body with the endpoint's secret — the same scheme GitHub's and Razorpay's
 * webhooks use, so receivers verify it with any HMAC library.
 */
import { createHmac, randomBytes } from 'node:crypto';

/** A new endpoint secret: `whsec_` and 32 random bytes in base64url (43 characters). */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

/** The `X-Resham-Signature` of `body` (the exact bytes sent) with `secret`: `sha256=<64 hex digits>`. */
export function webhookSignature(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(body, 'utf8').digest('hex')}`;
}
