/**
 * The 'Product Specifications' grid of the product page (docs/product.md §2 "Product detail", §9).
 */
import type { ProductAttribute } from '@shared/catalog/product-schema';

/** Specification attributes shown at most (docs/product.md §9). */
export const MAX_SPECIFICATIONS = 10;

/** One row of the grid: `label` is the key with underscores shown as spaces, `value` the display text. */
export type SpecificationRow = { id: string; label: string; value: string };

/** True when an attribute must not be shown: its key contains "phone", in any letter case (docs/product.md §2). */
export function isHiddenSpecification(key: string): boolean {
  return key.toLowerCase().includes('phone');
}

/** "2.5" + unit "m" → "2.5 m"; several values are joined with ", " and the unit follows the last one. */
export function specificationValue(attribute: Pick<ProductAttribute, 'value' | 'metricUnit'>): string {
  const text = attribute.value.join(', ');
  const unit = attribute.metricUnit?.trim();
  return unit && text ? `${text} ${unit}` : text;
}

/**
 * The rows of the specification grid (docs/product.md §2 "Product detail"): attributes whose key contains 'phone'
 * (case-insensitive) are hidden, only the first 10 of the rest are shown, underscores in keys display as
 * spaces. Every other attribute (size, color, featured, …) is kept, in the server's order.
 */
export function productSpecifications(attributes: readonly ProductAttribute[]): SpecificationRow[] {
  return attributes
    .filter((attribute) => !isHiddenSpecification(attribute.key))
    .slice(0, MAX_SPECIFICATIONS)
    .map((attribute) => ({
      id: attribute.id,
      label: attribute.key.replaceAll('_', ' '),
      value: specificationValue(attribute),
    }));
}
