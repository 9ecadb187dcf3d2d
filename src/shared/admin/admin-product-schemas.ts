/**
 * The admin's products contract (docs/admin.md "Products"): the catalogue's products searched, filtered by
 * category and stock, paginated on the server. Prices in integer **paise**; stock in pieces or metres by
 * `unit` (for a product sold in variants, the sum of its variants' tracked stock). Archived products are listed
 * apart (`archived=1`). One product is edited through admin-product-editor-schemas.ts.
 */
import { z } from 'zod';
import { adminPageQueryShape, adminPageShape } from './admin-page-schemas';

export const ADMIN_STOCK_FILTERS = ['low', 'out'] as const;
/** At or below this many pieces or metres a product (or a variant) counts as low on stock. */
export const ADMIN_LOW_STOCK = 3;

/** `GET /api/v1/admin/products` query. */
export const adminProductListQuerySchema = z.object({
  q: z.string().trim().max(100, 'must be at most 100 characters').optional(),
  category: z.string().trim().max(100, 'must be at most 100 characters').optional(),
  stock: z
    .enum(ADMIN_STOCK_FILTERS, { error: `must be one of ${ADMIN_STOCK_FILTERS.join(', ')}` })
    .optional(),
  /** `1`: only the archived products; absent or `0`: only those on sale. */
  archived: z.enum(['0', '1'], { error: 'must be 0 or 1' }).optional(),
  ...adminPageQueryShape,
});
export type AdminProductListQuery = z.output<typeof adminProductListQuerySchema>;

/**
 * One product row. `stock` null: not tracked. `lowestStock`: the smallest tracked stock of its variants.
 * `thumbnailUrl`: the URL of its main image (the storefront card's: its `imgUrl`, else its first image) — for
 * an image uploaded in the admin, its narrowest file (320 pixels wide); null for a product without images.
 */
export const adminProductRowSchema = z.object({
  id: z.string(),
  sku: z.string(),
  title: z.string(),
  category: z.string(),
  unit: z.string(),
  pricePaise: z.number().int(),
  discountedPricePaise: z.number().int().nullable(),
  variants: z.number().int(),
  stock: z.number().nullable(),
  lowestStock: z.number().nullable(),
  archived: z.boolean(),
  thumbnailUrl: z.string().nullable(),
});
export type AdminProductRow = z.infer<typeof adminProductRowSchema>;

export const adminProductListSchema = z.object({
  products: z.array(adminProductRowSchema),
  categories: z.array(z.string()),
  ...adminPageShape,
});
export type AdminProductList = z.infer<typeof adminProductListSchema>;
