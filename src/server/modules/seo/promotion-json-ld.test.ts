/**
 * JSON-LD of a product page during a promotion (docs/seo.md, docs/discounts.md "Automatic promotions"): the offers carry the
 * promotional price and `priceValidUntil`, the India date of the promotion's last second; before it, neither.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promotions } from '../../db/schema/promotion-tables';
import { insertTestShop, type TestShop } from '../../test/order-fixture';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '../../test/test-database';
import { pageWithHead } from './page-head';
import { pageMetaFor } from './page-meta';

const ORIGIN = 'https://silk.example';
const INDEX_HTML = '<!doctype html><html lang="en-IN"><head><title>Resham</title></head><body></body></html>';

describe.each(testDatabaseKinds)('promotion offers in JSON-LD on %s', (kind) => {
  let database: TestDatabase;
  let shop: TestShop;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    shop = await insertTestShop(database.db);
    await database.db.insert(promotions).values({
      storeId: shop.storeId,
      name: 'Saree Utsav',
      kind: 'percent',
      value: 20,
      scope: 'all',
      // 1 Nov 2026 00:00 to 6 Nov 2026 00:00, India time.
      startsAt: new Date('2026-10-31T18:30:00Z'),
      endsAt: new Date('2026-11-05T18:30:00Z'),
    });
  });
  afterAll(async () => {
    await database?.close();
  });

  const offersAt = async (now: Date, productId: string) => {
    const meta = await pageMetaFor(
      { db: database.db, storeId: shop.storeId, origin: ORIGIN, now },
      `/product/${productId}`,
      new URLSearchParams(),
      false,
    );
    const html = pageWithHead(INDEX_HTML, meta.head);
    const [product] = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
      (match) => JSON.parse(match[1]!) as { offers: Record<string, unknown>[] },
    );
    return product!.offers.map(({ sku, price, priceValidUntil }) => ({ sku, price, priceValidUntil }));
  };

  it('carries the promotional price until the promotion ends, and the catalogue price outside it', async () => {
    expect(await offersAt(new Date('2026-11-03T10:00:00Z'), shop.saree)).toEqual([
      { sku: `SAR-${shop.storeId}`, price: '1999.20', priceValidUntil: '2026-11-05' },
    ]);
    expect(await offersAt(new Date('2026-11-03T10:00:00Z'), shop.kurta)).toEqual([
      { sku: `KUR-${shop.storeId}-M`, price: '799.60', priceValidUntil: '2026-11-05' },
      { sku: `KUR-${shop.storeId}-L`, price: '799.60', priceValidUntil: '2026-11-05' },
    ]);
    expect(await offersAt(new Date('2026-11-05T18:30:00Z'), shop.saree)).toEqual([
      { sku: `SAR-${shop.storeId}`, price: '2499.00', priceValidUntil: undefined },
    ]);
  });
});
