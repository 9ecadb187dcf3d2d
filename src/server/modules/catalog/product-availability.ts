/**
 * What a shopper may know of stock (product page, `GET /products/{id}`): whether a product or variant can be
 * bought and whether only a few are left. Exact counts stay private.
 */
import { LOW_STOCK_THRESHOLD } from '@shared/catalog/product-schema';

export type Availability = { available: boolean; lowStock: boolean };

/**
 * `available`: stock is not tracked (null), or at least the smallest quantity one line may order is on hand
 * (1 piece; for fabric its `minQuantity` in metres). `lowStock`: tracked, available, and at most
 * {@link LOW_STOCK_THRESHOLD} (pieces or metres) left.
 * @param stock pieces or metres on hand; null = not tracked
 * @param minQuantity the product's smallest quantity per line, in the same unit
 */
export function stockAvailability(stock: number | null, minQuantity: number): Availability {
  if (stock === null) return { available: true, lowStock: false };
  const available = stock > 0 && stock >= minQuantity;
  return { available, lowStock: available && stock <= LOW_STOCK_THRESHOLD };
}
