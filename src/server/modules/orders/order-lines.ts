/**
 * The lines a `POST /orders` body asks for: product ids (UUIDs, compared in lower case) with quantities, each
 * refused by name when it cannot be a product or is listed twice. Error fields name the keys as the client
 * sent them: `products.<id as sent>`.
 */
import type { CreateOrderBody } from '@shared/orders/order-schemas';
import { isProductId } from '../catalog/service';

/** The `fields` message for an unknown product, one of another store, or an id that is not one. */
export const NOT_AVAILABLE = 'is not available';
/** The `fields` message for a product listed twice (ids differing only in letter case). */
export const LISTED_TWICE = 'is listed more than once';

/** One wanted line: the key as sent, the normalised product id and the quantity. */
export type WantedLine = { key: string; id: string; quantity: number };

/** The field name of a line's problem: `products.<id as sent>`. */
export const productField = (key: string) => `products.${key}`;

/**
 * The wanted lines of `products` in the body's order, and a `fields` entry for each key that is not a product
 * id or repeats one.
 */
export function wantedLines(products: CreateOrderBody['products']): {
  wanted: WantedLine[];
  problems: Record<string, string>;
} {
  const problems: Record<string, string> = {};
  const wanted: WantedLine[] = [];
  const seen = new Set<string>();
  for (const [key, quantity] of Object.entries(products ?? {})) {
    const id = key.trim().toLowerCase();
    if (!isProductId(id)) problems[productField(key)] = NOT_AVAILABLE;
    else if (seen.has(id)) problems[productField(key)] = LISTED_TWICE;
    else {
      seen.add(id);
      wanted.push({ key, id, quantity });
    }
  }
  return { wanted, problems };
}
