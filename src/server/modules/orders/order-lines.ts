/**
 * The lines a `POST /orders` body asks for, in either form: the storefront's `products` map (product id → whole
 * quantity; products without variants) or the storefront's `lines` list (product, variant by id or by size and
 * colour, quantity in the product's unit). Ids are UUIDs compared in lower case; sizes and colours are trimmed
 * and matched case-insensitively by the order's statement (./place-order.ts). Error fields name a line as the
 * client sent it: `products.<id as sent>` for the map, `lines.<index>.<field>` for the list.
 */
import type { CreateOrderBody } from '@shared/orders/order-schemas';
import { isProductId } from '../catalog/product-id';

/** The `fields` message for an unknown product or variant, one of another store, or an id that is not one. */
export const NOT_AVAILABLE = 'is not available';
/** The `fields` message for a variant (or a product without variants) listed twice. */
export const LISTED_TWICE = 'is listed more than once';
/** The `fields` messages for a product with variants ordered without choosing one. */
export const CHOOSE_SIZE = 'Please choose a size';
export const CHOOSE_COLOUR = 'Please choose a colour';

/** The parts of a line an error may name. */
export type LinePart = 'productId' | 'variantId' | 'size' | 'color' | 'quantity';

/** One wanted line, in the body's order. */
export type WantedLine = {
  /** Which form of the body it came from. */
  form: 'products' | 'lines';
  /** The `products` key as sent, or the index in `lines` (as text). */
  key: string;
  /** Position in the order (0-based, the body's order). */
  position: number;
  /** The product id, trimmed and in lower case. */
  productId: string;
  /** The variant id asked for (lower case), else null. */
  variantId: string | null;
  /** Size and colour as sent (trimmed; null when absent or blank), for finding the variant. */
  size: string | null;
  color: string | null;
  /** In the product's unit: pieces or metres. */
  quantity: number;
};

/** The `fields` key of a problem with `part` of `line`: `products.<id as sent>` or `lines.<i>.<part>`. */
export function lineField(line: Pick<WantedLine, 'form' | 'key'>, part: LinePart): string {
  return line.form === 'products' ? `products.${line.key}` : `lines.${line.key}.${part}`;
}

const blankToNull = (value: string | undefined) => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
};

/**
 * The wanted lines of `body` in its order, and a `fields` entry for each line that cannot be a product (or
 * names a variant id that cannot be one) or plainly repeats an earlier line: the same product id in the map,
 * the same variant id in the list, or the same product without any variant choice. Lines that repeat another
 * only once their size and colour are resolved are found after the order's statement.
 */
export function wantedLines(body: Pick<CreateOrderBody, 'products' | 'lines'>): {
  wanted: WantedLine[];
  problems: Record<string, string>;
} {
  const problems: Record<string, string> = {};
  const wanted: WantedLine[] = [];
  const seen = new Set<string>();
  for (const [key, quantity] of Object.entries(body.products ?? {})) {
    const line: WantedLine = {
      form: 'products',
      key,
      position: wanted.length,
      productId: key.trim().toLowerCase(),
      variantId: null,
      size: null,
      color: null,
      quantity,
    };
    if (!isProductId(line.productId)) problems[lineField(line, 'productId')] = NOT_AVAILABLE;
    else if (seen.has(`p:${line.productId}`)) problems[lineField(line, 'productId')] = LISTED_TWICE;
    else {
      seen.add(`p:${line.productId}`);
      wanted.push(line);
    }
  }
  for (const [index, requested] of (body.lines ?? []).entries()) {
    const line: WantedLine = {
      form: 'lines',
      key: String(index),
      position: wanted.length,
      productId: requested.productId.trim().toLowerCase(),
      variantId: blankToNull(requested.variantId)?.toLowerCase() ?? null,
      size: blankToNull(requested.size),
      color: blankToNull(requested.color),
      quantity: requested.quantity,
    };
    if (!isProductId(line.productId)) {
      problems[lineField(line, 'productId')] = NOT_AVAILABLE;
      continue;
    }
    if (line.variantId !== null && !isProductId(line.variantId)) {
      problems[lineField(line, 'variantId')] = NOT_AVAILABLE;
      continue;
    }
    const identity =
      line.variantId !== null
        ? `v:${line.variantId}`
        : line.size === null && line.color === null
          ? `p:${line.productId}`
          : null;
    if (identity !== null && seen.has(identity)) {
      problems[lineField(line, line.variantId !== null ? 'variantId' : 'productId')] = LISTED_TWICE;
      continue;
    }
    if (identity !== null) seen.add(identity);
    wanted.push(line);
  }
  return { wanted, problems };
}

const PART_ORDER: readonly LinePart[] = ['productId', 'variantId', 'size', 'color', 'quantity'];

/**
 * `problems` with its fields in the body's order: `lines.<i>.<part>` by line, then by part (product, variant,
 * size, colour, quantity); `products.<key>` in the order of the map's keys.
 */
export function inBodyOrder(
  problems: Record<string, string>,
  body: Pick<CreateOrderBody, 'products'>,
): Record<string, string> {
  const productKeys = Object.keys(body.products ?? {});
  const rank = (field: string): number => {
    const line = /^lines\.(\d+)\.(\w+)$/.exec(field);
    if (line) return Number(line[1]) * PART_ORDER.length + PART_ORDER.indexOf(line[2] as LinePart);
    return productKeys.indexOf(field.slice('products.'.length));
  };
  return Object.fromEntries(Object.entries(problems).sort(([a], [b]) => rank(a) - rank(b)));
}
