/**
 * The storefront's list filters (docs/product.md §7 "Product list filters") as a WHERE clause over `products` joined to
 * `categories`, shared by the plain list and search.
 */
import { and, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { ProductListQuery } from '@shared/catalog/product-schema';
import { categories, products } from '../../db/schema/catalog-tables';

/**
 * The WHERE clause for a list query (docs/product.md §7 "Product list filters"), never matching an archived product:
 * - `category` / `parentCategory`: case-insensitive equality.
 * - `gender` (Men/Women, one or more): the product's gender attribute, or — for products without one — its
 *   category.
 * - `filter` (comma list): genders in the list; a product without gender matches when `null` is listed or
 *   its category is listed.
 * - `featured`: the featured attribute.
 */
export function listConditions(storeId: number, query: ProductListQuery): SQL {
  const conditions: (SQL | undefined)[] = [eq(products.storeId, storeId), isNull(products.archivedAt)];
  const categoryName = sql`lower(${categories.name})`;
  if (query.category) conditions.push(sql`${categoryName} = ${query.category.toLowerCase()}`);
  if (query.parentCategory) {
    conditions.push(sql`lower(${products.parentCategory}) = ${query.parentCategory.toLowerCase()}`);
  }
  if (query.gender && query.gender.length > 0) {
    const genders = query.gender.map((value) => value.toLowerCase());
    conditions.push(
      or(
        inArray(sql`lower(${products.gender})`, genders),
        and(isNull(products.gender), inArray(categoryName, genders)),
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
