/**
 * Catalogue lists (spec §3, §7): product lists with the spec's filters. A list answer holds no stock or
 * variants, so it can be cached until the next import; one product by id is in product-detail.ts.
 * Plain functions taking `db`; every query is scoped to `storeId`.
 */
import { asc, count, eq } from 'drizzle-orm';
import type { ProductListQuery, ProductListResponse } from '@shared/catalog/product-schema';
import type { Db } from '../../db/database';
import { categories, products } from '../../db/schema/catalog-tables';
import { listConditions } from './list-conditions';
import { productColumns, withDetails } from './list-details';
import { isSearchQuery, searchProducts } from './product-search';
import { NO_MEMO, type SearchMemo } from './search-memo';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True when `id` has the shape of a product id (a UUID); anything else is answered 404 without a query. */
export function isProductId(id: string): boolean {
  return UUID_PATTERN.test(id);
}

/**
 * One page of products matching `query`, in catalogue order. A query with search, facet, price or sort
 * parameters goes to {@link searchProducts} (repeating parts kept in `memo`); the plain list does no search
 * work.
 * @returns `{ data, count, pagination: { page, limit, total } }` where `count` = `total` (spec §3).
 */
export async function listProducts(
  db: Db,
  storeId: number,
  query: ProductListQuery,
  memo: SearchMemo = NO_MEMO,
): Promise<ProductListResponse> {
  if (isSearchQuery(query)) return searchProducts(db, storeId, query, memo);
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
