/**
 * The editor's form values: a stored product (or a new one) as the form starts, with the stock the form
 * shows remembered as `stockAsLoaded` so a save does not put back units sold while the form was open, its
 * sizes and variants listed smallest size first (src/shared/catalog/size-order.ts; a size's variants in
 * their stored order), and the text of number inputs read as numbers (blank: null).
 */
import type { AdminProductInput, AdminProductValues } from '@shared/admin/admin-product-editor-schemas';
import { compareSizes, sortSizes } from '@shared/catalog/size-order';

/** An input's text as a number: blank → null; anything else → `Number(text)` (NaN is refused by the schema). */
export function numberOrNull(text: unknown): number | null {
  if (text === null || text === undefined) return null;
  if (typeof text === 'number') return text;
  const trimmed = String(text).trim().replace(/,/g, '');
  return trimmed === '' ? null : Number(trimmed);
}

/** The form's start for `values` (null: a new product sold by the piece). */
export function formValuesOf(values: AdminProductValues | null): AdminProductInput {
  if (!values) {
    return {
      sku: '',
      title: '',
      description: '',
      category: '',
      parentCategory: null,
      regularPrice: null as unknown as number,
      discountedPrice: null,
      stock: null,
      unit: 'piece',
      hsn: null,
      gstRate: null,
      returnable: true,
      imgUrl: null,
      images: [],
      attributes: [],
      sizes: [],
      colors: [],
      variants: [],
    };
  }
  return {
    ...values,
    stockAsLoaded: values.stock,
    sizes: sortSizes(values.sizes),
    variants: [...values.variants]
      .sort((a, b) => compareSizes(a.size ?? '', b.size ?? ''))
      .map((variant) => ({ ...variant, stockAsLoaded: variant.stock })),
  };
}
