/**
 * The picture of each product in the admin's product list (docs/admin.md "Products"): its main image — the
 * one the storefront's product card shows, `img_url`, else its first image — and for an image uploaded in the
 * admin its narrowest file (320 pixels wide), so a page of 25 rows loads small files. Every query is scoped to
 * the store.
 */
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/database';
import { narrowestFileOf } from '../media/media-files';

/**
 * The thumbnail URL of each of `productIds` (products of `storeId`) that has an image, by product id; products
 * without an image are not in the map.
 */
export async function productThumbnails(
  db: Db,
  storeId: number,
  productIds: string[],
): Promise<Map<string, string>> {
  if (productIds.length === 0) return new Map();
  const result = await db.execute(sql`
    SELECT p.id, main.url, m.widths
    FROM products p
    CROSS JOIN LATERAL (
      SELECT coalesce(p.img_url, (
        SELECT i.url FROM product_images i
        WHERE i.store_id = p.store_id AND i.product_id = p.id
        ORDER BY i.position, i.id LIMIT 1
      )) AS url
    ) main
    LEFT JOIN uploaded_images m ON m.store_id = p.store_id AND m.url = main.url
    WHERE p.store_id = ${storeId} AND p.id = ANY(${sql.param(productIds)}::uuid[]) AND main.url IS NOT NULL`);
  const rows = rowsOf<{ id: string; url: string; widths: number[] | null }>(result);
  return new Map(rows.map((row) => [String(row.id), narrowestFileOf(row.url, row.widths)]));
}
