/**
 * How a product of the catalogue file is sold (docs/catalog-format.md "Selling by the metre"). The rules live in
 * src/shared/catalog/selling-rules.ts, where the admin's product editor applies the same ones.
 */
export {
  hasAtMostThreeDecimals,
  quantityField,
  quantityRuleOf,
  quantityRuleProblems,
  unitField,
  type SoldByFields,
} from '@shared/catalog/selling-rules';
