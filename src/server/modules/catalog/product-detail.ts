/**
 * One product by id (`GET /products/{id}`, docs/product.md §3): the storefront's fields, how it is sold (unit, minimum and step),
 * its variants in file order with their prices (the variant price rule, src/shared/catalog/variant-price.ts)
 * and what can be bought. Stock is read at call time; exact counts never leave this module. Scoped to the
 * store. One query gathers the product with its images, attributes and variants as one JSON document, so a
 * product with hundreds of variants is read in a few milliseconds; while a page is busy, a smaller query
 * checks its availability about twice a second ({@link currentAvailabilityTag}, {@link PRODUCT_DETAIL_MAX_AGE_MS}).
 */
import { sql } from 'drizzle-orm';
import type { ProductDetail } from '@shared/catalog/product-schema';
import { variantPricePaise } from '@shared/catalog/variant-price';
import { paiseToRupees } from '@shared/money';
import { isReturnable } from '@shared/returns/return-rules';
import { rowsOf, type Db } from '../../db/database';
import { activePromotions } from '../promotions/active-promotions';
import { bestUnitPrice, type ActivePromotion } from '../promotions/promotion-price';
import { availabilityTagOfStock, stockAvailability } from './product-availability';
import { productImage } from './product-image';
import { ratingOf } from './product-rating';
import { isProductId } from './product-id';
import { attributeValuesInOrder } from './size-attribute-order';

/**
 * The longest a product answer may be served from the response cache, in milliseconds. Sales change stock
 * without a catalogue write (orders update it directly, possibly on another server), and a sale must show on
 * the product page within 2 s: after 1 s at most, the answer's availability is checked again, and the answer
 * read again when it changed (docs/decisions/002-in-process-catalogue-cache.md).
 */
export const PRODUCT_DETAIL_MAX_AGE_MS = 1000;

/** The document the query returns; money in paise, quantities in the product's unit. */
type DetailDocument = {
  id: string;
  title: string;
  description: string;
  imgUrl: string | null;
  category: string;
  categoryId: number;
  parentCategory: string | null;
  regularPricePaise: number;
  discountedPricePaise: number | null;
  unit: string;
  minQuantity: number;
  quantityStep: number;
  stock: number | null;
  /** The product's own setting; null: by its unit. */
  returnable: boolean | null;
  /** Published reviews and the sum of their ratings (0 and 0: none). */
  ratingCount: number;
  ratingTotal: number;
  /** [url, widths, width, height]: the last three set for uploaded images (uploaded_images). */
  images: [string, number[] | null, number | null, number | null][];
  /** [id, key, values, metricUnit] */
  attributes: [number, string, string[], string | null][];
  /** [id, sku, size, color, stock, regularPricePaise, discountedPricePaise, imgUrl] */
  variants: [
    string,
    string,
    string | null,
    string | null,
    number | null,
    number | null,
    number | null,
    string | null,
  ][];
};

const rupeesOrNull = (paise: number | null) => (paise === null ? null : paiseToRupees(paise));

/**
 * The discounted price (paise; null without one) of a unit of regular price `regular` and catalogue discounted
 * price `discounted` under the best covering promotion, and that promotion (null when the catalogue's is lower).
 */
function promotedPrice(
  promotions: readonly ActivePromotion[],
  doc: Pick<DetailDocument, 'id' | 'categoryId' | 'parentCategory'>,
  regular: number,
  discounted: number | null,
): { discountedPricePaise: number | null; promotion: ActivePromotion | null } {
  const best = bestUnitPrice(promotions, {
    productId: doc.id,
    categoryId: doc.categoryId,
    subCategory: doc.parentCategory,
    regularPricePaise: regular,
    unitPricePaise: discounted ?? regular,
  });
  return best.promotion
    ? { discountedPricePaise: best.pricePaise, promotion: best.promotion }
    : { discountedPricePaise: discounted, promotion: null };
}

/**
 * One product of the store by id, or null when there is none, it is archived, or the id is not a UUID. Prices in
 * **rupees**, with the promotions running at `now` (the best of promotion and sale price, per variant; `promotion`:
 * the one that sets the product's own price, else the first that sets a variant's);
 * `minQuantity` / `quantityStep` in the product's unit. Without variants, `available` / `lowStock` follow the
 * product's stock; with variants, `available` means some variant is available and `lowStock` is false (each
 * variant says its own).
 */
export async function getProduct(
  db: Db,
  storeId: number,
  id: string,
  now: Date = new Date(),
): Promise<ProductDetail | null> {
  if (!isProductId(id)) return null;
  const result = await db.execute(sql`
    SELECT p.created_at AS "createdAt", json_build_object(
      'id', p.id, 'title', p.title, 'description', p.description, 'imgUrl', p.img_url, 'category', c.name,
      'categoryId', p.category_id, 'parentCategory', p.parent_category, 'regularPricePaise', p.regular_price_paise,
      'discountedPricePaise', p.discounted_price_paise, 'unit', p.unit, 'minQuantity', p.min_quantity,
      'quantityStep', p.quantity_step, 'stock', p.stock, 'returnable', p.returnable,
      'ratingCount', p.rating_count, 'ratingTotal', p.rating_total,
      'images', (SELECT coalesce(json_agg(json_build_array(i.url, m.widths, m.width, m.height)
          ORDER BY i.position, i.id), '[]') FROM product_images i
        LEFT JOIN uploaded_images m ON m.store_id = i.store_id AND m.url = i.url
        WHERE i.store_id = p.store_id AND i.product_id = p.id),
      'attributes', (SELECT coalesce(json_agg(json_build_array(a.id, a.key, a.values, a.metric_unit)
          ORDER BY a.position), '[]') FROM product_attributes a
        WHERE a.store_id = p.store_id AND a.product_id = p.id),
      'variants', (SELECT coalesce(json_agg(json_build_array(v.id, v.sku, v.size, v.color, v.stock,
          v.regular_price_paise, v.discounted_price_paise, v.img_url) ORDER BY v.position), '[]')
        FROM product_variants v WHERE v.store_id = p.store_id AND v.product_id = p.id)
    )::text AS doc
    FROM products p JOIN categories c ON c.id = p.category_id
    WHERE p.store_id = ${storeId} AND p.id = ${id.toLowerCase()} AND p.archived_at IS NULL`);
  const [row] = rowsOf<{ createdAt: Date; doc: string }>(result);
  if (!row) return null;
  const doc = JSON.parse(row.doc) as DetailDocument;
  const promotions = await activePromotions(db, storeId, now);
  const own = promotedPrice(promotions, doc, doc.regularPricePaise, doc.discountedPricePaise);
  let promotion = own.promotion;
  const variants = doc.variants.map(([variantId, sku, size, color, stock, regular, discounted, imgUrl]) => {
    const catalogue = variantPricePaise(doc, {
      regularPricePaise: regular,
      discountedPricePaise: discounted,
    });
    const promoted = promotedPrice(
      promotions,
      doc,
      catalogue.regularPricePaise,
      catalogue.discountedPricePaise,
    );
    promotion ??= promoted.promotion;
    const price = { ...catalogue, discountedPricePaise: promoted.discountedPricePaise };
    return {
      id: variantId,
      sku,
      size,
      color,
      price: paiseToRupees(price.regularPricePaise),
      discountedPrice: rupeesOrNull(price.discountedPricePaise),
      imgUrl,
      ...stockAvailability(stock, doc.minQuantity),
    };
  });
  return {
    id: doc.id,
    title: doc.title,
    description: doc.description,
    imgUrl: doc.imgUrl,
    category: doc.category,
    parentCategory: doc.parentCategory,
    regularPrice: paiseToRupees(doc.regularPricePaise),
    discountedPrice: rupeesOrNull(own.discountedPricePaise),
    ...(promotion ? { promotion: { name: promotion.name, endsAt: promotion.endsAt.toISOString() } } : {}),
    createdAt: new Date(row.createdAt).toISOString(),
    images: doc.images.map(([url, widths, width, height]) => productImage(url, widths, width, height)),
    attributes: doc.attributes.map(([attributeId, key, value, metricUnit]) => ({
      id: String(attributeId),
      key,
      value: attributeValuesInOrder(key, value),
      metricUnit,
    })),
    unit: doc.unit === 'm' ? 'm' : 'piece',
    ...ratingOf(doc.ratingCount, doc.ratingTotal),
    minQuantity: doc.minQuantity,
    quantityStep: doc.quantityStep,
    ...(variants.length > 0
      ? { available: variants.some((variant) => variant.available), lowStock: false }
      : stockAvailability(doc.stock, doc.minQuantity)),
    variants,
    returnable: isReturnable(doc),
  };
}

/**
 * The availability tag ({@link availabilityTagOfStock}) of a product of the store as the database holds it
 * now: one small query over the product's and its variants' stock, far cheaper than {@link getProduct}.
 */
export async function currentAvailabilityTag(db: Db, storeId: number, id: string): Promise<string> {
  if (!isProductId(id)) return availabilityTagOfStock(null);
  const result = await db.execute(sql`
    SELECT p.stock, p.min_quantity AS "minQuantity",
      (SELECT json_agg(v.stock ORDER BY v.position) FROM product_variants v
        WHERE v.store_id = p.store_id AND v.product_id = p.id)::text AS "variantStock"
    FROM products p WHERE p.store_id = ${storeId} AND p.id = ${id.toLowerCase()}`);
  const [row] = rowsOf<{ stock: unknown; minQuantity: unknown; variantStock: string | null }>(result);
  if (!row) return availabilityTagOfStock(null);
  return availabilityTagOfStock({
    stock: row.stock === null ? null : Number(row.stock),
    minQuantity: Number(row.minQuantity),
    variantStock: row.variantStock === null ? [] : (JSON.parse(row.variantStock) as (number | null)[]),
  });
}
