/**
 * The catalogue-order list (docs/product.md §3, §7): product lists with the list filters (category,
 * sub-category, gender, featured). A list answer holds no stock or variants, so it can be cached until the next
 * import; one product by id is in product-detail.ts. A list with text, facets, price filters or a sort is a
 * search (../search/product-search.ts). Plain functions taking `db`; every query is scoped to `storeId`.
 */
import { asc, count, eq } from 'drizzle-orm';
import type { ProductListQuery, ProductListResponse } from '@shared/catalog/product-schema';
import type { Db } from '../../db/database';
import { activePromotions } from '../promotions/active-promotions';
import { categories, products } from '../../db/schema/catalog-tables';
import { listConditions } from './list-conditions';
import { productColumns, withDetails } from './list-details';

/**
 * One page of products matching `query`'s list filters, in catalogue order; no search work. Prices with the
 * promotions running at `now`.
 * @returns `{ data, count, pagination: { page, limit, total } }` where `count` = `total` (docs/product.md §3).
 */
export async function listProducts(
  db: Db,
  storeId: number,
  query: ProductListQuery,
  now: Date = new Date(),
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
    data: await withDetails(
      db,
      storeId,
      rows,
      rows.length === 0 ? [] : await activePromotions(db, storeId, now),
    ),
    count: total,
    pagination: { page: query.page, limit: query.limit, total },
  };
}
