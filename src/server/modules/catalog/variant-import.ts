/**
 * Variants in the catalogue file (docs/catalog-format.md "Variants"). The rules live in
 * src/shared/catalog/variant-rules.ts, where the admin's product editor applies the same ones.
 */
export {
  attributesWithOptions,
  importVariantSchema,
  MAX_VARIANTS_PER_PRODUCT,
  variantProblems,
  type ImportVariant,
  type ProductWithVariants,
} from '@shared/catalog/variant-rules';
