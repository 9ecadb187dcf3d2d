/**
 * The `Idempotency-Key` of a checkout's `POST /orders` (docs/product.md §5 "Checkout"; the server keeps a key's
 * answer, so a submit retried after a lost answer gets the same order back instead of a second one).
 */
import type { CreateOrderBody } from '@shared/orders/order-schemas';

/**
 * The `Idempotency-Key` of a submit: the same key while the request body stays the same (a retried submit of
 * one checkout attempt gets the same order back), a new one when the cart or the address changed.
 */
export function idempotencyKeyFor(
  previous: { body: string; key: string } | null,
  body: CreateOrderBody,
  newKey: () => string,
): { body: string; key: string } {
  const json = JSON.stringify(body);
  return previous && previous.body === json ? previous : { body: json, key: newKey() };
}

/**
 * A random UUID v4. `crypto.randomUUID` exists only in secure contexts (https, localhost); shops served on
 * a plain-http LAN address fall back to `crypto.getRandomValues`, which is available everywhere.
 */
export function newIdempotencyKey(
  source: Pick<Crypto, 'getRandomValues'> & Partial<Pick<Crypto, 'randomUUID'>> = crypto,
): string {
  if (typeof source.randomUUID === 'function') return source.randomUUID();
  const bytes = source.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
