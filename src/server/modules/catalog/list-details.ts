/**
 * The product cards of a list (docs/product.md §3 server shape): the columns a list reads and the images (with the
 * `srcset` of uploaded ones) and attributes loaded for one page of rows, priced with the running promotions (the
 * best of promotion and sale price: ../promotions/promotion-price.ts). Every query is scoped to the store.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { paiseToRupees } from '@shared/money';
import type { ServerProduct } from '@shared/catalog/product-schema';
import type { Db } from '../../db/database';
import { categories, productAttributes, productImages, products } from '../../db/schema/catalog-tables';
import { uploadedImages } from '../../db/schema/media-tables';
import { bestUnitPrice, type ActivePromotion } from '../promotions/promotion-price';
import { productImage } from './product-image';
import { ratingOf } from './product-rating';
import { attributeValuesInOrder } from './size-attribute-order';

/** The product columns a list selects (with the category name). */
export const productColumns = {
  id: products.id,
  title: products.title,
  description: products.description,
  imgUrl: products.imgUrl,
  category: categories.name,
  categoryId: products.categoryId,
  parentCategory: products.parentCategory,
  regularPricePaise: products.regularPricePaise,
  discountedPricePaise: products.discountedPricePaise,
  createdAt: products.createdAt,
  unit: products.unit,
  ratingCount: products.ratingCount,
  ratingTotal: products.ratingTotal,
};

/** One listed product as read from the database; prices in paise. */
export type ProductRow = {
  id: string;
  title: string;
  description: string;
  imgUrl: string | null;
  category: string;
  categoryId: number;
  parentCategory: string | null;
  regularPricePaise: number;
  discountedPricePaise: number | null;
  createdAt: Date;
  unit: string;
  /** Published reviews and the sum of their ratings (0 and 0: none). */
  ratingCount: number;
  ratingTotal: number;
};

/**
 * Loads images and attributes for `rows` (two queries) and builds the docs/product.md §3 server shape; a
 * product a running promotion (of `promotions`) sells below its own price shows that price as `discountedPrice`
 * and the promotion's name and end as `promotion`; a product with published reviews carries `rating`.
 */
export async function withDetails(
  db: Db,
  storeId: number,
  rows: ProductRow[],
  promotions: readonly ActivePromotion[],
): Promise<ServerProduct[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [imageRows, attributeRows] = await Promise.all([
    db
      .select({
        productId: productImages.productId,
        url: productImages.url,
        widths: uploadedImages.widths,
        width: uploadedImages.width,
        height: uploadedImages.height,
      })
      .from(productImages)
      .leftJoin(
        uploadedImages,
        and(eq(uploadedImages.storeId, productImages.storeId), eq(uploadedImages.url, productImages.url)),
      )
      .where(and(eq(productImages.storeId, storeId), inArray(productImages.productId, ids)))
      .orderBy(asc(productImages.productId), asc(productImages.position), asc(productImages.id)),
    db
      .select({
        id: productAttributes.id,
        productId: productAttributes.productId,
        key: productAttributes.key,
        values: productAttributes.values,
        metricUnit: productAttributes.metricUnit,
      })
      .from(productAttributes)
      .where(and(eq(productAttributes.storeId, storeId), inArray(productAttributes.productId, ids)))
      .orderBy(asc(productAttributes.productId), asc(productAttributes.position)),
  ]);
  const imagesById = groupBy(imageRows, (row) => row.productId);
  const attributesById = groupBy(attributeRows, (row) => row.productId);
  return rows.map((row) => ({
    ...listedPrice(row, promotions),
    id: row.id,
    title: row.title,
    description: row.description,
    imgUrl: row.imgUrl,
    category: row.category,
    parentCategory: row.parentCategory,
    createdAt: row.createdAt.toISOString(),
    images: (imagesById.get(row.id) ?? []).map((image) =>
      productImage(image.url, image.widths, image.width, image.height),
    ),
    attributes: (attributesById.get(row.id) ?? []).map((attribute) => ({
      id: String(attribute.id),
      key: attribute.key,
      value: attributeValuesInOrder(attribute.key, attribute.values),
      metricUnit: attribute.metricUnit,
    })),
    unit: row.unit === 'm' ? 'm' : 'piece',
    ...ratingOf(row.ratingCount, row.ratingTotal),
  }));
}

/**
 * `regularPrice`, `discountedPrice` (the best of sale and promotion price; null when neither is below the regular
 * price) in rupees, and `promotion` (its name and end, ISO) only when a promotion sets the price.
 */
export function listedPrice(
  row: Pick<
    ProductRow,
    'id' | 'categoryId' | 'parentCategory' | 'regularPricePaise' | 'discountedPricePaise'
  >,
  promotions: readonly ActivePromotion[],
): Pick<ServerProduct, 'regularPrice' | 'discountedPrice' | 'promotion'> {
  const best = bestUnitPrice(promotions, {
    productId: row.id,
    categoryId: row.categoryId,
    subCategory: row.parentCategory,
    regularPricePaise: row.regularPricePaise,
    unitPricePaise: row.discountedPricePaise ?? row.regularPricePaise,
  });
  return {
    regularPrice: paiseToRupees(row.regularPricePaise),
    discountedPrice: best.promotion
      ? paiseToRupees(best.pricePaise)
      : row.discountedPricePaise === null
        ? null
        : paiseToRupees(row.discountedPricePaise),
    // Only while a promotion sets the price: outside promotions the answer is as it always was.
    ...(best.promotion
      ? { promotion: { name: best.promotion.name, endsAt: best.promotion.endsAt.toISOString() } }
      : {}),
  };
}

function groupBy<T>(items: T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}
