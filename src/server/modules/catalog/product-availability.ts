/**
 * What a shopper may know of stock (product page, `GET /products/{id}`): whether a product or variant can be
 * bought, whether only a few are left and then how many ('Only 2 left'). Larger counts stay private.
 */
import { LOW_STOCK_THRESHOLD } from '@shared/catalog/product-schema';

/** `stockLeft` (pieces or metres) is there only while `lowStock`. */
export type Availability = { available: boolean; lowStock: boolean; stockLeft?: number };

/**
 * `available`: stock is not tracked (null), or at least the smallest quantity one line may order is on hand
 * (1 piece; for fabric its `minQuantity` in metres). `lowStock`: tracked, available, and at most
 * {@link LOW_STOCK_THRESHOLD} (pieces or metres) left; then `stockLeft` is that stock.
 * @param stock pieces or metres on hand; null = not tracked
 * @param minQuantity the product's smallest quantity per line, in the same unit
 */
export function stockAvailability(stock: number | null, minQuantity: number): Availability {
  if (stock === null) return { available: true, lowStock: false };
  const available = stock > 0 && stock >= minQuantity;
  const lowStock = available && stock <= LOW_STOCK_THRESHOLD;
  return lowStock ? { available, lowStock, stockLeft: stock } : { available, lowStock };
}

/** 'a' available, 'l' and the stock left when available and low ('l2'), 'x' not available. */
const flagOf = ({ available, lowStock, stockLeft }: Availability) =>
  available ? (lowStock ? `l${stockLeft ?? ''}` : 'a') : 'x';

/**
 * A short text summing up what a shopper may know of a product's stock: `-` for no product, `p` and one flag
 * for a product without variants, `v` and one flag per variant in order. Equal texts mean equal availability
 * on the product page (the response cache's check, response-cache.ts).
 */
export function availabilityTag(product: (Availability & { variants: Availability[] }) | null): string {
  if (!product) return '-';
  return product.variants.length > 0 ? `v${product.variants.map(flagOf).join('')}` : `p${flagOf(product)}`;
}

/**
 * {@link availabilityTag} from raw stock figures: the product's stock and minimum quantity, and its variants'
 * stock in order (empty without variants); null for no product.
 */
export function availabilityTagOfStock(
  stock: { stock: number | null; minQuantity: number; variantStock: (number | null)[] } | null,
): string {
  if (!stock) return '-';
  if (stock.variantStock.length === 0) return `p${flagOf(stockAvailability(stock.stock, stock.minQuantity))}`;
  return `v${stock.variantStock.map((variant) => flagOf(stockAvailability(variant, stock.minQuantity))).join('')}`;
}
