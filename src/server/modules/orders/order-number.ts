/**
 * Order numbers: `RS-` and 8 characters of Crockford's base32
 * (digits and upper-case letters without I, L, O, U), from 40 random bits — short, typeable and read aloud
 * without ambiguity. Unique per store: the creator retries on a collision.
 */
import { randomBytes } from 'node:crypto';

/** Crockford's base32 alphabet: 0–9 and A–Z without I, L, O, U. */
export const CROCKFORD_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const ORDER_NUMBER_PREFIX = 'RS-';
/** A stored order number: `RS-` and 8 Crockford characters. */
export const ORDER_NUMBER_PATTERN = /^RS-[0-9A-HJKMNP-TV-Z]{8}$/;

/** A new random order number, e.g. `RS-7KQ29XD3` (40 bits from the system's CSPRNG). */
export function generateOrderNumber(): string {
  const bytes = randomBytes(5);
  // 40 bits → eight 5-bit groups, most significant first.
  let bits = 0n;
  for (const byte of bytes) bits = (bits << 8n) | BigInt(byte);
  let code = '';
  for (let shift = 35n; shift >= 0n; shift -= 5n) code += CROCKFORD_ALPHABET[Number((bits >> shift) & 31n)];
  return ORDER_NUMBER_PREFIX + code;
}

/**
 * The stored form of an order number as a customer may type it: trimmed, upper-cased, spaces and dashes
 * ignored, the `RS` prefix optional, and Crockford's look-alikes read as digits (O → 0, I and L → 1).
 * `normalizeOrderNumber(' rs-7kq29xd3 ')` → `'RS-7KQ29XD3'`.
 * @returns the normalised number, or null when the input cannot be an order number.
 */
export function normalizeOrderNumber(input: string): string | null {
  let text = input.trim().toUpperCase().replace(/[\s-]/g, '');
  if (text.startsWith('RS') && text.length === 10) text = text.slice(2);
  if (text.length !== 8) return null;
  const code = text.replace(/O/g, '0').replace(/[IL]/g, '1');
  const candidate = ORDER_NUMBER_PREFIX + code;
  return ORDER_NUMBER_PATTERN.test(candidate) ? candidate : null;
}
