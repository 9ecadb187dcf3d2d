/**
 * The sitemap of a store (sitemaps.org protocol 0.9): the home page, the product listing, each category's
 * listing, the policy pages and every product page on sale with its last change. One file holds at most
 * {@link SITEMAP_MAX_URLS} URLs (the protocol's limit); beyond that the URLs are split over numbered files in
 * this order: fixed pages first, then products oldest first.
 */
import { and, asc, count, eq, isNull } from 'drizzle-orm';
import { policySlugs } from '@shared/store-settings/store-info-schema';
import type { Db } from '../../db/database';
import { products } from '../../db/schema/catalog-tables';
import { getStoreInfo } from '../store-settings/store-info';
import { escapeHtml } from '../../html-escape';
import { canonicalListingUrl } from './json-ld';

/** URLs per sitemap file (sitemaps.org: at most 50,000). */
export const SITEMAP_MAX_URLS = 50_000;

type SitemapUrl = { loc: string; lastmod?: string };

/** The pages that are not products, in sitemap order. */
async function fixedUrls(db: Db, storeId: number, origin: string): Promise<SitemapUrl[]> {
  const info = await getStoreInfo(db, storeId, false);
  return [
    { loc: `${origin}/` },
    { loc: `${origin}/products` },
    ...info.categories.map((category) => ({
      loc: canonicalListingUrl(origin, new URLSearchParams({ category })),
    })),
    ...policySlugs.map((slug) => ({ loc: `${origin}/${slug}` })),
  ];
}

/** The store's products on sale (archived ones are hidden from the storefront). */
const storeProducts = (storeId: number) => and(eq(products.storeId, storeId), isNull(products.archivedAt));

/** How many URLs the store's sitemap lists. */
export async function sitemapUrlCount(db: Db, storeId: number): Promise<number> {
  const [row] = await db.select({ total: count() }).from(products).where(storeProducts(storeId));
  const info = await getStoreInfo(db, storeId, false);
  return 2 + info.categories.length + policySlugs.length + Number(row?.total ?? 0);
}

/**
 * The XML of sitemap file `page` (1-based) of the store, with absolute URLs on `origin`; `perFile` URLs a
 * file (the protocol's limit unless a test asks for fewer).
 */
export async function sitemapFile(
  db: Db,
  storeId: number,
  origin: string,
  page: number,
  perFile = SITEMAP_MAX_URLS,
): Promise<string> {
  const start = (page - 1) * perFile;
  const fixed = await fixedUrls(db, storeId, origin);
  const urls = fixed.slice(start, start + perFile);
  const room = perFile - urls.length;
  if (room > 0) {
    const rows = await db
      .select({ id: products.id, updatedAt: products.updatedAt })
      .from(products)
      .where(storeProducts(storeId))
      .orderBy(asc(products.createdAt), asc(products.id))
      .offset(Math.max(0, start - fixed.length))
      .limit(room);
    for (const row of rows) {
      urls.push({ loc: `${origin}/product/${row.id}`, lastmod: row.updatedAt.toISOString() });
    }
  }
  const entries = urls.map(
    (url) =>
      `  <url><loc>${escapeHtml(url.loc)}</loc>${url.lastmod ? `<lastmod>${url.lastmod}</lastmod>` : ''}</url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</urlset>\n`;
}
