/**
 * Return numbers: `RT-` and 8 characters of Crockford's base32 from 40 random bits, as order numbers are made
 * (../orders/order-number.ts) — short, typeable, read aloud without ambiguity. Unique per store
 * (`order_returns_store_number`): the creator retries on a collision.
 */
import { generateOrderNumber, ORDER_NUMBER_PREFIX } from '../orders/order-number';

export const RETURN_NUMBER_PREFIX = 'RT-';

/** A new random return number, e.g. `RT-7KQ29XD3`. */
export function generateReturnNumber(): string {
  return RETURN_NUMBER_PREFIX + generateOrderNumber().slice(ORDER_NUMBER_PREFIX.length);
}
