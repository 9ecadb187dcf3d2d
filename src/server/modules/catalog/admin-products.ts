/**
 * The admin's product list (docs/admin.md "Products"): a store's products searched by title or SKU,
 * filtered by category and by stock (low: a tracked stock at or below {@link ADMIN_LOW_STOCK}; out: none
 * left), sorted as the catalogue lists them, paginated. Stock of a product in variants is the sum of its
 * variants' tracked stock; each row has its picture's thumbnail (admin-product-thumbnails.ts). Archived
 * products are listed only when asked for (`archived=1`), and then alone.
 * Every query is scoped to the store.
 */
import { sql } from 'drizzle-orm';
import {
  ADMIN_LOW_STOCK,
  type AdminProductListQuery,
  type AdminProductRow,
} from '@shared/admin/admin-product-schemas';
import { rowsOf, type Db } from '../../db/database';
import { productThumbnails } from './admin-product-thumbnails';

type Row = Record<string, string | number | boolean | null>;
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (match) => `\\${match}`);
const numberOrNull = (value: unknown) => (value === null || value === undefined ? null : Number(value));

/** One page of `storeId`'s products matching `query`, and the store's category names (for the filter). */
export async function listAdminProducts(
  db: Db,
  storeId: number,
  query: AdminProductListQuery,
): Promise<{ products: AdminProductRow[]; categories: string[]; hasMore: boolean }> {
  const pattern = query.q ? `%${likeLiteral(query.q)}%` : null;
  const stockCondition =
    query.stock === 'out'
      ? sql`AND coalesce(v.stock, p.stock) <= 0`
      : query.stock === 'low'
        ? sql`AND coalesce(v.lowest, p.stock) <= ${ADMIN_LOW_STOCK}`
        : sql``;
  const [page, categoryRows] = await Promise.all([
    db.execute(sql`
      SELECT p.id, p.sku, p.title, c.name AS category, p.unit, p.regular_price_paise, p.discounted_price_paise,
             coalesce(v.count, 0) AS variants, coalesce(v.stock, p.stock) AS stock, v.lowest,
             p.archived_at IS NOT NULL AS archived
      FROM products p
      JOIN categories c ON c.id = p.category_id
      LEFT JOIN LATERAL (
        SELECT count(*) AS count, sum(stock) AS stock, min(stock) AS lowest
        FROM product_variants WHERE product_id = p.id
      ) v ON v.count > 0
      WHERE p.store_id = ${storeId}
        AND ${query.archived === '1' ? sql`p.archived_at IS NOT NULL` : sql`p.archived_at IS NULL`}
        ${pattern ? sql`AND (p.title ILIKE ${pattern} OR p.sku ILIKE ${pattern})` : sql``}
        ${query.category ? sql`AND lower(c.name) = lower(${query.category})` : sql``}
        ${stockCondition}
      ORDER BY p.sort_order, p.id
      LIMIT ${query.limit + 1} OFFSET ${(query.page - 1) * query.limit}`),
    db.execute(
      sql`SELECT name FROM categories WHERE store_id = ${storeId} ORDER BY position NULLS LAST, name`,
    ),
  ]);
  const rows = rowsOf<Row>(page);
  const shown = rows.slice(0, query.limit);
  const thumbnails = await productThumbnails(
    db,
    storeId,
    shown.map((row) => String(row.id)),
  );
  return {
    products: shown.map((row) => ({
      id: String(row.id),
      sku: String(row.sku),
      title: String(row.title),
      category: String(row.category),
      unit: String(row.unit),
      pricePaise: Number(row.regular_price_paise),
      discountedPricePaise: numberOrNull(row.discounted_price_paise),
      variants: Number(row.variants),
      stock: numberOrNull(row.stock),
      lowestStock: numberOrNull(row.lowest),
      archived: Boolean(row.archived),
      thumbnailUrl: thumbnails.get(String(row.id)) ?? null,
    })),
    categories: rowsOf<Row>(categoryRows).map((row) => String(row.name)),
    hasMore: rows.length > query.limit,
  };
}
