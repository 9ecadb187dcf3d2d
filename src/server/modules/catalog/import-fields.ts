/**
 * Field schemas shared by the parts of the catalogue import file (docs/catalog-format.md). They live in
 * src/shared/catalog/catalog-fields.ts, where the admin's product editor uses the same rules and messages.
 */
export {
  blankToAbsent,
  imageUrl,
  MAX_STOCK,
  optionalField,
  optionalText,
  regularRupees,
  rupees,
  skuField,
  stockField,
} from '@shared/catalog/catalog-fields';
