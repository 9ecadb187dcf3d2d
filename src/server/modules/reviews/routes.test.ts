/**
 * The shopper's review routes through `app.inject()` on a real database: who may review (403 text), once
 * (409 text), the validation texts, editing, the figures, the rating the product answers gain (through the catalogue cache), and the store scoping.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ProductDetail, ProductListResponse } from '@shared/catalog/product-schema';
import { REVIEW_EXISTS, REVIEW_NOT_ELIGIBLE } from '@shared/reviews/review-rules';
import type { MyReview, Review, ReviewList } from '@shared/reviews/review-schemas';
import { insertDeliveredOrder } from '../../test/delivered-order';
import { insertTestOrder } from '../../test/order-fixture';
import {
  insertShoppersOfTwoShops,
  type SessionCustomer,
  type ShoppersOfTwoShops,
} from '../../test/session-customer';
import { buildTestApp } from '../../test/test-app';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '../../test/test-database';

const HOST = 'shop.test';
const OTHER_HOST = 'second.example';
const TEXT = 'Lovely weave and colour, the zari is rich.';

describe.each(testDatabaseKinds)('shopper reviews on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let world: ShoppersOfTwoShops;
  let dataDir: string;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    dataDir = await mkdtemp(join(tmpdir(), 'resham-review-photos-'));
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await rm(dataDir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    await app?.close();
    await database.reset();
    world = await insertShoppersOfTwoShops(database.db, HOST, OTHER_HOST);
    app = await buildTestApp(database, { DATA_DIR: dataDir });
  });

  const deliver = (
    shopper: SessionCustomer,
    lines: { productId: string; variantId?: string; quantity: number }[] = [
      { productId: world.shop.saree, quantity: 1 },
    ],
  ) =>
    insertDeliveredOrder(database.db, {
      storeId: world.shop.storeId,
      userId: shopper.userId,
      email: shopper.email,
      lines,
    });
  const write = (productId: string, payload: unknown, shopper: SessionCustomer = world.asha) =>
    app.inject({
      method: 'POST',
      url: `/api/v1/products/${productId}/reviews`,
      headers: { host: HOST, ...shopper.headers },
      payload: payload as object,
    });
  const list = async (productId: string, query = '') => {
    const response = await app.inject({
      method: 'GET',
      url: `/api/v1/products/${productId}/reviews${query}`,
      headers: { host: HOST },
    });
    expect(response.statusCode).toBe(200);
    return response.json<ReviewList>();
  };
  const product = async (productId: string) =>
    (
      await app.inject({ method: 'GET', url: `/api/v1/products/${productId}`, headers: { host: HOST } })
    ).json<ProductDetail>();

  it('201: a shopper with a Delivered line reviews it; the size comes from the order; the page lists it', async () => {
    await deliver(world.asha, [{ productId: world.shop.kurta, variantId: world.shop.kurtaM, quantity: 1 }]);
    const response = await write(world.shop.kurta, {
      rating: 4,
      title: '  Soft cotton  ',
      text: TEXT,
      fit: 'small',
    });
    expect(response.statusCode).toBe(201);
    const review = response.json<Review>();
    expect(review).toMatchObject({
      rating: 4,
      title: 'Soft cotton',
      text: TEXT,
      fit: 'small',
      size: 'M',
      author: 'Asha V.',
      verifiedPurchase: true,
      photos: [],
      reply: null,
    });
    const page = await list(world.shop.kurta);
    expect(page).toMatchObject({
      total: 1,
      page: 1,
      limit: 10,
      average: 4,
      distribution: { '1': 0, '2': 0, '3': 0, '4': 1, '5': 0 },
      fit: { small: 1, true: 0, large: 0 },
    });
    expect(page.data.map((item) => item.id)).toEqual([review.id]);
  });

  it('403 for a shopper without a Delivered line (none, or only a Pending order), 401 without a session', async () => {
    await insertTestOrder(database.db, {
      storeId: world.shop.storeId,
      userId: world.ravi.userId,
      lines: [{ productId: world.shop.saree, quantity: 1 }],
    });
    for (const shopper of [world.asha, world.ravi]) {
      const refused = await write(world.shop.saree, { rating: 5, title: 'Nice', text: TEXT }, shopper);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ error: REVIEW_NOT_ELIGIBLE });
    }
    const anonymous = await app.inject({
      method: 'POST',
      url: `/api/v1/products/${world.shop.saree}/reviews`,
      headers: { host: HOST },
      payload: { rating: 5, title: 'Nice', text: TEXT },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('409 for a second review; the shopper edits theirs instead', async () => {
    await deliver(world.asha);
    expect((await write(world.shop.saree, { rating: 2, title: 'Meh', text: TEXT })).statusCode).toBe(201);
    const again = await write(world.shop.saree, { rating: 5, title: 'Again', text: TEXT });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: REVIEW_EXISTS });
    const edited = await app.inject({
      method: 'PUT',
      url: `/api/v1/products/${world.shop.saree}/reviews/mine`,
      headers: { host: HOST, ...world.asha.headers },
      payload: { rating: 5, title: 'Better after a wash', text: `${TEXT} Even better now.`, fit: 'true' },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json<Review>()).toMatchObject({ rating: 5, title: 'Better after a wash', fit: 'true' });
    expect((await list(world.shop.saree)).average).toBe(5);
    const mine = await app.inject({
      method: 'GET',
      url: `/api/v1/products/${world.shop.saree}/reviews/mine`,
      headers: { host: HOST, ...world.asha.headers },
    });
    expect(mine.json<MyReview>()).toMatchObject({
      eligible: true,
      clothing: true,
      review: { rating: 5, status: 'published' },
    });
    const noReview = await app.inject({
      method: 'PUT',
      url: `/api/v1/products/${world.shop.kurta}/reviews/mine`,
      headers: { host: HOST, ...world.asha.headers },
      payload: { rating: 5, title: 'x', text: TEXT },
    });
    expect(noReview.statusCode).toBe(404);
    expect(noReview.json()).toEqual({ error: 'You have not reviewed this item yet' });
  });

  it('400 with the exact texts for bad values, and a fit on fabric sold by the metre', async () => {
    await deliver(world.asha, [
      { productId: world.shop.saree, quantity: 1 },
      { productId: world.shop.fabric, quantity: 2 },
    ]);
    const bad = await write(world.shop.saree, {
      rating: 6,
      title: '   ',
      text: 'Too short',
      fit: 'tight',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      error: 'Invalid fields: rating, title, text, fit',
      fields: {
        rating: 'must be a whole number from 1 to 5',
        title: 'Please give your review a title',
        text: 'must be at least 20 characters',
        fit: 'must be small, true or large',
      },
    });
    const long = await write(world.shop.saree, { rating: 3, title: 'Ok', text: 'x'.repeat(2_001) });
    expect(long.json()).toMatchObject({ fields: { text: 'must be at most 2,000 characters' } });
    const html = await write(world.shop.saree, {
      rating: 3,
      title: 'Ok',
      text: `<script>x</script> ${TEXT}`,
    });
    expect(html.json()).toMatchObject({ fields: { text: 'must be plain text, without HTML' } });
    const fabricFit = await write(world.shop.fabric, { rating: 4, title: 'Ok', text: TEXT, fit: 'small' });
    expect(fabricFit.statusCode).toBe(400);
    expect(fabricFit.json()).toEqual({
      error: 'Invalid field: fit',
      fields: { fit: 'fit is given only for clothing' },
    });
    const unknown = await write('not-a-product', { rating: 4, title: 'Ok', text: TEXT });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'Product not found' });
  });

  it('the product and the list answers gain rating { average, count } once reviewed, through the cache', async () => {
    const before = await product(world.shop.saree);
    expect(before.rating).toBeUndefined();
    const listed = async () =>
      (
        await app.inject({ method: 'GET', url: '/api/v1/products?limit=50', headers: { host: HOST } })
      ).json<ProductListResponse>();
    expect((await listed()).data.every((item) => item.rating === undefined)).toBe(true);
    await deliver(world.asha);
    await deliver(world.ravi);
    await write(world.shop.saree, { rating: 5, title: 'Great', text: TEXT });
    await write(world.shop.saree, { rating: 4, title: 'Good', text: TEXT }, world.ravi);
    expect((await product(world.shop.saree)).rating).toEqual({ average: 4.5, count: 2 });
    const saree = (await listed()).data.find((item) => item.id === world.shop.saree);
    expect(saree?.rating).toEqual({ average: 4.5, count: 2 });
  });

  it('keeps stores apart: another store’s shopper and host see nothing and may not review', async () => {
    await deliver(world.asha);
    await write(world.shop.saree, { rating: 5, title: 'Great', text: TEXT });
    const otherHost = await app.inject({
      method: 'GET',
      url: `/api/v1/products/${world.shop.saree}/reviews`,
      headers: { host: OTHER_HOST },
    });
    expect(otherHost.statusCode).toBe(404);
    const otherShopper = await app.inject({
      method: 'POST',
      url: `/api/v1/products/${world.shop.saree}/reviews`,
      headers: { host: OTHER_HOST, ...world.otherStoreShopper.headers },
      payload: { rating: 1, title: 'x', text: TEXT },
    });
    expect(otherShopper.statusCode).toBe(404);
    expect((await list(world.shop.saree)).total).toBe(1);
  });
});
