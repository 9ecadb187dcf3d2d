/**
 * One product as the admin's product editor loads it (docs/admin.md "Product"): its editable fields in the
 * shape of the editor's body (prices in **rupees**, stock and quantities in the product's unit), the Size and
 * Colour options split out of its attributes, its variants in order, whether it is archived, the store's
 * categories and its history from the audit log. Every query is scoped to the store.
 */
import { sql } from 'drizzle-orm';
import {
  OPTION_ATTRIBUTE_KEYS,
  type AdminProductDetail,
  type AdminProductValues,
} from '@shared/admin/admin-product-editor-schemas';
import { paiseToRupees } from '@shared/money';
import { isReturnable } from '@shared/returns/return-rules';
import { rowsOf, type Db } from '../../db/database';
import { NotFoundError } from '../../errors';
import { auditOf } from '../audit/audit-log';
import { isProductId } from './product-id';

/** The audit log's `entity` for a product; its `entityId` is the product id. */
export const PRODUCT_AUDIT_ENTITY = 'product';

/** The message of the 404 for a product id that is not one of the store's products. */
export const PRODUCT_NOT_FOUND_MESSAGE = 'Product not found';

const rupeesOrNull = (paise: number | null) => (paise === null ? null : paiseToRupees(paise));
const numberOrNull = (value: unknown) => (value === null || value === undefined ? null : Number(value));

type ProductDocument = {
  sku: string;
  title: string;
  description: string;
  category: string;
  parentCategory: string | null;
  regularPricePaise: number;
  discountedPricePaise: number | null;
  stock: number | null;
  unit: string;
  minQuantity: number;
  quantityStep: number;
  hsn: string | null;
  gstRate: number | null;
  returnable: boolean | null;
  imgUrl: string | null;
  images: string[];
  attributes: { key: string; values: string[]; metricUnit: string | null }[];
  variants: {
    id: string;
    sku: string;
    size: string | null;
    color: string | null;
    stock: number | null;
    regularPricePaise: number | null;
    discountedPricePaise: number | null;
    imgUrl: string | null;
  }[];
};

/** The stored product `id` of `storeId` with its timestamps, or null when there is none. */
async function productDocument(
  db: Db,
  storeId: number,
  id: string,
): Promise<{ doc: ProductDocument; archivedAt: Date | null; createdAt: Date; updatedAt: Date } | null> {
  if (!isProductId(id)) return null;
  const result = await db.execute(sql`
    SELECT p.archived_at AS "archivedAt", p.created_at AS "createdAt", p.updated_at AS "updatedAt",
      json_build_object(
        'sku', p.sku, 'title', p.title, 'description', p.description, 'category', c.name,
        'parentCategory', p.parent_category, 'regularPricePaise', p.regular_price_paise,
        'discountedPricePaise', p.discounted_price_paise, 'stock', p.stock, 'unit', p.unit,
        'minQuantity', p.min_quantity, 'quantityStep', p.quantity_step, 'hsn', p.hsn, 'gstRate', p.gst_rate,
        'returnable', p.returnable, 'imgUrl', p.img_url,
        'images', (SELECT coalesce(json_agg(i.url ORDER BY i.position), '[]') FROM product_images i
          WHERE i.store_id = p.store_id AND i.product_id = p.id),
        'attributes', (SELECT coalesce(json_agg(json_build_object('key', a.key, 'values', a.values,
            'metricUnit', a.metric_unit) ORDER BY a.position), '[]') FROM product_attributes a
          WHERE a.store_id = p.store_id AND a.product_id = p.id),
        'variants', (SELECT coalesce(json_agg(json_build_object('id', v.id, 'sku', v.sku, 'size', v.size,
            'color', v.color, 'stock', v.stock, 'regularPricePaise', v.regular_price_paise,
            'discountedPricePaise', v.discounted_price_paise, 'imgUrl', v.img_url) ORDER BY v.position), '[]')
          FROM product_variants v WHERE v.store_id = p.store_id AND v.product_id = p.id)
      )::text AS doc
    FROM products p JOIN categories c ON c.id = p.category_id
    WHERE p.store_id = ${storeId} AND p.id = ${id.toLowerCase()}`);
  const [row] = rowsOf<{ archivedAt: unknown; createdAt: unknown; updatedAt: unknown; doc: string }>(result);
  if (!row) return null;
  const date = (value: unknown) => (value === null ? null : new Date(value as string | Date));
  return {
    doc: JSON.parse(row.doc) as ProductDocument,
    archivedAt: date(row.archivedAt),
    createdAt: date(row.createdAt)!,
    updatedAt: date(row.updatedAt)!,
  };
}

/** The values of the first attribute whose key (any case) is one of `keys`; none: `[]`. */
function optionOf(doc: ProductDocument, keys: string[]): string[] {
  return doc.attributes.find((attribute) => keys.includes(attribute.key.toLowerCase()))?.values ?? [];
}

/** A stored product in the editor's shape: rupees, the options split from the other attributes. */
export function valuesOf(doc: ProductDocument): AdminProductValues {
  return {
    sku: doc.sku,
    title: doc.title,
    description: doc.description,
    category: doc.category,
    parentCategory: doc.parentCategory,
    regularPrice: paiseToRupees(doc.regularPricePaise),
    discountedPrice: rupeesOrNull(doc.discountedPricePaise),
    stock: numberOrNull(doc.stock),
    unit: doc.unit === 'm' ? 'm' : 'piece',
    minQuantity: Number(doc.minQuantity),
    quantityStep: Number(doc.quantityStep),
    hsn: doc.hsn,
    gstRate: numberOrNull(doc.gstRate),
    returnable: isReturnable({ unit: doc.unit, returnable: doc.returnable }),
    imgUrl: doc.imgUrl,
    images: doc.images.map((url) => ({ url })),
    attributes: doc.attributes
      .filter((attribute) => !OPTION_ATTRIBUTE_KEYS.includes(attribute.key.toLowerCase()))
      .map((attribute) => ({
        key: attribute.key,
        value: attribute.values,
        metricUnit: attribute.metricUnit,
      })),
    sizes: optionOf(doc, ['size', 'sizes']),
    colors: optionOf(doc, ['color', 'colors', 'colours']),
    variants: doc.variants.map((variant) => ({
      id: variant.id,
      sku: variant.sku,
      size: variant.size,
      color: variant.color,
      stock: numberOrNull(variant.stock),
      regularPrice: rupeesOrNull(variant.regularPricePaise),
      discountedPrice: rupeesOrNull(variant.discountedPricePaise),
      imgUrl: variant.imgUrl,
    })),
  };
}

/** The stored values of product `id` of `storeId`, or null when there is none. */
export async function productValues(db: Db, storeId: number, id: string): Promise<AdminProductValues | null> {
  const found = await productDocument(db, storeId, id);
  return found ? valuesOf(found.doc) : null;
}

/** The store's category names in list order (listed ones first), for the editor's choices. */
export async function categoryNames(db: Db, storeId: number): Promise<string[]> {
  const result = await db.execute(
    sql`SELECT name FROM categories WHERE store_id = ${storeId} ORDER BY position NULLS LAST, name`,
  );
  return rowsOf<{ name: string }>(result).map((row) => row.name);
}

/**
 * Product `id` of `storeId` for the editor, with its history.
 * @throws {NotFoundError} 'Product not found' for another store's product, an unknown id or no UUID.
 */
export async function adminProductDetail(db: Db, storeId: number, id: string): Promise<AdminProductDetail> {
  const found = await productDocument(db, storeId, id);
  if (!found) throw new NotFoundError(PRODUCT_NOT_FOUND_MESSAGE);
  const productId = id.toLowerCase();
  const [categories, history] = await Promise.all([
    categoryNames(db, storeId),
    auditOf(db, storeId, PRODUCT_AUDIT_ENTITY, productId),
  ]);
  return {
    id: productId,
    archivedAt: found.archivedAt?.toISOString() ?? null,
    createdAt: found.createdAt.toISOString(),
    updatedAt: found.updatedAt.toISOString(),
    values: valuesOf(found.doc),
    categories,
    history,
  };
}
