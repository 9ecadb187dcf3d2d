/**
 * The cross-field rules of one catalogue product (docs/catalog-format.md "Refusals"), applied alike to a product
 * of the catalogue file and to the admin's product editor: a discounted price below the regular price (both in
 * **rupees**), the selling rule and stock figures of its unit (selling-rules.ts), and its variants'
 * rules (variant-rules.ts). Paths are relative to the product (`['variants', 2, 'stock']`).
 */
import { quantityRuleProblems, type SoldByFields } from './selling-rules';
import { SALE_PRICE_ABOVE_REGULAR, variantProblems, type ProductWithVariants } from './variant-rules';

/** One problem of a product: where (relative to the product) and the message. */
export type ProductIssue = { path: (string | number)[]; message: string };

/**
 * Every cross-field problem of `product`: 'Sale price must be below the regular price' on `discountedPrice` when the discount is
 * not below a valid regular price, then {@link quantityRuleProblems} and {@link variantProblems}.
 */
export function productProblems(product: SoldByFields & ProductWithVariants): ProductIssue[] {
  const issues: ProductIssue[] = [];
  if (
    product.regularPrice > 0 &&
    product.discountedPrice != null &&
    product.discountedPrice >= product.regularPrice
  ) {
    issues.push({ path: ['discountedPrice'], message: SALE_PRICE_ABOVE_REGULAR });
  }
  return [...issues, ...quantityRuleProblems(product), ...variantProblems(product)];
}
