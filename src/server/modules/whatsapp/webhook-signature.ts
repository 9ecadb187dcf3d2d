/**
 * The signature of WhatsApp's webhook events (Meta's docs "Webhooks", "Validate payloads"): the header
 * `X-Hub-Signature-256: sha256=<hex>` is the HMAC-SHA256 of the raw request body with the app secret, checked
 * in constant time.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** The header carrying the signature. */
export const WHATSAPP_SIGNATURE_HEADER = 'x-hub-signature-256';

/** `sha256=` and the hex HMAC-SHA256 of `body` with `secret` (what Meta sends). */
export function whatsappSignature(body: Buffer | string, secret: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/** True when `header` is the signature of `body` with `secret`; false for a missing or wrong one. */
export function isValidWhatsappSignature(
  body: Buffer,
  header: string | string[] | undefined,
  secret: string,
): boolean {
  if (typeof header !== 'string' || !/^sha256=[0-9a-f]{64}$/i.test(header)) return false;
  const expected = Buffer.from(whatsappSignature(body, secret));
  const given = Buffer.from(`sha256=${header.slice(7).toLowerCase()}`);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
