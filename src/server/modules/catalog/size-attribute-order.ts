/**
 * A product's size values in the natural order of sizes (src/shared/catalog/size-order.ts) in every catalogue
 * answer: the attribute whose key is `size` or `sizes` (any letter case, docs/product.md §3) lists S, M, L, XL
 * whatever order the catalogue file or the admin gave them in. Other attributes keep their stored order.
 */
import { sortSizes } from '@shared/catalog/size-order';

/** Attribute keys that name a product's sizes, in lower case (docs/product.md §3). */
const SIZE_KEYS = new Set(['size', 'sizes']);

/** `values` of the attribute named `key`: in the natural order of sizes for a size attribute, else as stored. */
export function attributeValuesInOrder(key: string, values: string[]): string[] {
  return SIZE_KEYS.has(key.trim().toLowerCase()) ? sortSizes(values) : values;
}
