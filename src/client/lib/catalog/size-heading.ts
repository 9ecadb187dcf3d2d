/**
 * Size and colour choice rules of the product page (docs/product.md §2 "Product detail", §5 "Cart and product").
 */
import type { Product } from '@shared/catalog/product-mapping';

export type SizeHeading = 'Shoe Size' | 'Size' | 'Clothing Size';

/** The single size option that needs no heading beyond 'Size' (docs/product.md §2). */
export const ONE_SIZE = 'One Size';

/** True for the single 'One Size' option (letter case and surrounding spaces ignored). */
function isOnlyOneSize(sizes: readonly string[]): boolean {
  return sizes.length === 1 && sizes[0]?.trim().toLowerCase() === ONE_SIZE.toLowerCase();
}

/**
 * The heading over the size buttons (docs/product.md §2 "Product detail"): 'Shoe Size' when the category or parent
 * category contains "footwear" or "shoes", or the description contains "shoe" (all case-insensitive);
 * else 'Size' for a single 'One Size' option; otherwise 'Clothing Size'.
 */
export function sizeHeading(
  product: Pick<Product, 'category' | 'parentCategory' | 'description' | 'sizes'>,
): SizeHeading {
  const categories = [product.category, product.parentCategory ?? ''].map((name) => name.toLowerCase());
  const isFootwear =
    categories.some((name) => name.includes('footwear') || name.includes('shoes')) ||
    product.description.toLowerCase().includes('shoe');
  if (isFootwear) return 'Shoe Size';
  if (isOnlyOneSize(product.sizes)) return 'Size';
  return 'Clothing Size';
}

/**
 * The option chosen before the shopper picks one (docs/product.md §2, §5): a single option (such as 'One Size', or a
 * single colour) is preselected; with several options nothing is.
 */
export function preselectedOption(options: readonly string[]): string | null {
  return options.length === 1 ? (options[0] ?? null) : null;
}
