/**
 * Catalogue lists (spec §3, §7): product lists with the spec's filters. A list answer holds no stock or
 * variants, so it can be cached until the next import; one product by id is in product-detail.ts.
 * Plain functions taking `db`; every query is scoped to `storeId`.
 */
import { and, asc, count, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { paiseToRupees } from '@shared/money';
import type { ProductListQuery, ProductListResponse, ServerProduct } from '@shared/catalog/product-schema';
import type { Db } from '../../db/database';
import { categories, productAttributes, productImages, products } from '../../db/schema/catalog-tables';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True when `id` has the shape of a product id (a UUID); anything else is answered 404 without a query. */
export function isProductId(id: string): boolean {
  return UUID_PATTERN.test(id);
}

/**
 * The WHERE clause for a list query (spec §7 "Product list filters"):
 * - `category` / `parentCategory`: case-insensitive equality.
 * - `gender` (Men/Women): the product's gender attribute, or — for products without one — its category.
 * - `filter` (comma list): genders in the list; a product without gender matches when `null` is listed or
 *   its category is listed.
 * - `featured`: the featured attribute.
 */
function listConditions(storeId: number, query: ProductListQuery): SQL {
  const conditions: (SQL | undefined)[] = [eq(products.storeId, storeId)];
  const categoryName = sql`lower(${categories.name})`;
  if (query.category) conditions.push(sql`${categoryName} = ${query.category.toLowerCase()}`);
  if (query.parentCategory) {
    conditions.push(sql`lower(${products.parentCategory}) = ${query.parentCategory.toLowerCase()}`);
  }
  if (query.gender) {
    const gender = query.gender.toLowerCase();
    conditions.push(
      or(
        sql`lower(${products.gender}) = ${gender}`,
        and(isNull(products.gender), sql`${categoryName} = ${gender}`),
      ),
    );
  }
  if (query.filter && query.filter.length > 0) {
    const listed = query.filter.map((value) => value.toLowerCase());
    const names = listed.filter((value) => value !== 'null');
    const noGenderMatches = listed.includes('null')
      ? isNull(products.gender)
      : names.length > 0
        ? and(isNull(products.gender), inArray(categoryName, names))
        : undefined;
    conditions.push(
      or(names.length > 0 ? inArray(sql`lower(${products.gender})`, names) : undefined, noGenderMatches),
    );
  }
  if (query.featured !== undefined) conditions.push(eq(products.featured, query.featured));
  return and(...conditions) as SQL;
}

const productColumns = {
  id: products.id,
  title: products.title,
  description: products.description,
  imgUrl: products.imgUrl,
  category: categories.name,
  parentCategory: products.parentCategory,
  regularPricePaise: products.regularPricePaise,
  discountedPricePaise: products.discountedPricePaise,
  createdAt: products.createdAt,
  unit: products.unit,
};

type ProductRow = {
  id: string;
  title: string;
  description: string;
  imgUrl: string | null;
  category: string;
  parentCategory: string | null;
  regularPricePaise: number;
  discountedPricePaise: number | null;
  createdAt: Date;
  unit: string;
};

/** Loads images and attributes for `rows` (two queries) and builds the spec §3 server shape. */
async function withDetails(db: Db, storeId: number, rows: ProductRow[]): Promise<ServerProduct[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [imageRows, attributeRows] = await Promise.all([
    db
      .select({ productId: productImages.productId, url: productImages.url })
      .from(productImages)
      .where(and(eq(productImages.storeId, storeId), inArray(productImages.productId, ids)))
      .orderBy(asc(productImages.productId), asc(productImages.position)),
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
    id: row.id,
    title: row.title,
    description: row.description,
    imgUrl: row.imgUrl,
    category: row.category,
    parentCategory: row.parentCategory,
    regularPrice: paiseToRupees(row.regularPricePaise),
    discountedPrice: row.discountedPricePaise === null ? null : paiseToRupees(row.discountedPricePaise),
    createdAt: row.createdAt.toISOString(),
    images: (imagesById.get(row.id) ?? []).map((image) => ({ url: image.url })),
    attributes: (attributesById.get(row.id) ?? []).map((attribute) => ({
      id: String(attribute.id),
      key: attribute.key,
      value: attribute.values,
      metricUnit: attribute.metricUnit,
    })),
    unit: row.unit === 'm' ? 'm' : 'piece',
  }));
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

/**
 * One page of products matching `query`, in catalogue order.
 * @returns `{ data, count, pagination: { page, limit, total } }` where `count` = `total` (spec §3).
 */
export async function listProducts(
  db: Db,
  storeId: number,
  query: ProductListQuery,
): Promise<ProductListResponse> {
  const where = listConditions(storeId, query);
  const [totalRow] = await db
    .select({ total: count() })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(where);
  const total = totalRow?.total ?? 0;
  const offset = (query.page - 1) * query.limit;
  const rows =
    offset >= total
      ? []
      : await db
          .select(productColumns)
          .from(products)
          .innerJoin(categories, eq(categories.id, products.categoryId))
          .where(where)
          .orderBy(asc(products.sortOrder), asc(products.createdAt), asc(products.id))
          .limit(query.limit)
          .offset(offset);
  return {
    data: await withDetails(db, storeId, rows),
    count: total,
    pagination: { page: query.page, limit: query.limit, total },
  };
}
