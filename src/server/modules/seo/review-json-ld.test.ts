/**
 * JSON-LD of a product page with reviews (docs/seo.md, docs/reviews.md): `aggregateRating` and `review` come
 * only from real published reviews — none for a product without them, none from a hidden one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReview } from '../reviews/review-writes';
import { insertDeliveredOrder } from '../../test/delivered-order';
import { insertShoppersOfTwoShops, type ShoppersOfTwoShops } from '../../test/session-customer';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '../../test/test-database';
import { pageWithHead } from './page-head';
import { pageMetaFor } from './page-meta';

const ORIGIN = 'https://silk.example';
const INDEX_HTML = '<!doctype html><html lang="en-IN"><head><title>Resham</title></head><body></body></html>';
const TEXT = 'Lovely weave and colour, the zari is rich.';

describe.each(testDatabaseKinds)('review JSON-LD on %s', (kind) => {
  let database: TestDatabase;
  let world: ShoppersOfTwoShops;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    world = await insertShoppersOfTwoShops(database.db, 'shop.test', 'second.example');
    for (const [shopper, rating] of [
      [world.asha, 5],
      [world.ravi, 4],
    ] as const) {
      await insertDeliveredOrder(database.db, {
        storeId: world.shop.storeId,
        userId: shopper.userId,
        lines: [{ productId: world.shop.saree, quantity: 1 }],
      });
      await createReview(
        database.db,
        { storeId: world.shop.storeId, userId: shopper.userId },
        world.shop.saree,
        {
          rating,
          title: `Rated ${rating}`,
          text: TEXT,
          fit: 'small',
        },
      );
    }
  });
  afterAll(async () => {
    await database?.close();
  });

  const productLd = async (productId: string) => {
    const meta = await pageMetaFor(
      { db: database.db, storeId: world.shop.storeId, origin: ORIGIN },
      `/product/${productId}`,
      new URLSearchParams(),
      false,
    );
    const html = pageWithHead(INDEX_HTML, meta.head);
    const [product] = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
      (match) => JSON.parse(match[1]!) as Record<string, unknown>,
    );
    return product!;
  };

  it('gives the average, the count and the reviews of a reviewed product', async () => {
    const ld = await productLd(world.shop.saree);
    expect(ld.aggregateRating).toEqual({
      '@type': 'AggregateRating',
      ratingValue: '4.5',
      reviewCount: 2,
      bestRating: '5',
      worstRating: '1',
    });
    expect(ld.review).toHaveLength(2);
    expect((ld.review as Record<string, unknown>[])[0]).toMatchObject({
      '@type': 'Review',
      author: { '@type': 'Person', name: 'Asha V.' },
      reviewBody: TEXT,
      reviewRating: { ratingValue: expect.stringMatching(/^[45]$/) },
    });
  });

  it('gives no rating at all for a product without reviews', async () => {
    const ld = await productLd(world.shop.kurta);
    expect(ld).not.toHaveProperty('aggregateRating');
    expect(ld).not.toHaveProperty('review');
  });
});
