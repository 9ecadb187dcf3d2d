import type { FastifyInstance, InjectOptions } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { WISHLIST_FULL_MESSAGE, WISHLIST_LIMIT } from '@shared/wishlist/wishlist-schemas';
import { products } from '../../db/schema/catalog-tables';
import { wishlistItems } from '../../db/schema/wishlist-tables';
import type { TestShop } from '../../test/order-fixture';
import { insertShoppersOfTwoShops, type SessionCustomer } from '../../test/session-customer';
import { buildTestApp } from '../../test/test-app';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '../../test/test-database';

const HOST = 'shop.test';
const OTHER_HOST = 'other.test';
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

describe.each(testDatabaseKinds)('the wishlist API on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let shop: TestShop;
  let otherShop: TestShop;
  let asha: SessionCustomer;
  let ravi: SessionCustomer;
  let otherStoreShopper: SessionCustomer;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });
  beforeEach(async () => {
    await app?.close();
    await database.reset();
    ({ shop, otherShop, asha, ravi, otherStoreShopper } = await insertShoppersOfTwoShops(
      database.db,
      HOST,
      OTHER_HOST,
    ));
    app = await buildTestApp(database);
  });

  const call = (who: SessionCustomer | null, options: InjectOptions, host = HOST) =>
    app.inject({ ...options, headers: { host, ...(who?.headers ?? {}) } });
  const save = (who: SessionCustomer, productId: string, host = HOST) =>
    call(who, { method: 'PUT', url: `/api/v1/wishlist/${productId}` }, host);
  const listOf = async (who: SessionCustomer, host = HOST) => {
    const answer = await call(who, { method: 'GET', url: '/api/v1/wishlist' }, host);
    expect(answer.statusCode).toBe(200);
    return answer.json<{ productIds: string[] }>().productIds;
  };

  it('saves, lists newest first, saves again without a copy, and removes', async () => {
    expect(await listOf(asha)).toEqual([]);
    expect((await save(asha, shop.saree)).json()).toEqual({ productIds: [shop.saree] });
    const second = await save(asha, shop.fabric);
    expect(second.statusCode).toBe(200);
    expect(second.headers['cache-control']).toBe('no-store');
    expect(second.json()).toEqual({ productIds: [shop.fabric, shop.saree] });
    expect((await save(asha, shop.saree)).json()).toEqual({ productIds: [shop.fabric, shop.saree] });

    const removed = await call(asha, { method: 'DELETE', url: `/api/v1/wishlist/${shop.fabric}` });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ productIds: [shop.saree] });
    const again = await call(asha, { method: 'DELETE', url: `/api/v1/wishlist/${shop.fabric}` });
    expect(again.json()).toEqual({ productIds: [shop.saree] });
  });

  it('answers 401 without a session and for a session of another store', async () => {
    const anonymous = await call(null, { method: 'GET', url: '/api/v1/wishlist' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ error: 'Authentication required' });
    const elsewhere = await save(otherStoreShopper, shop.saree);
    expect(elsewhere.statusCode).toBe(401);
    expect(elsewhere.json()).toEqual({ error: 'Invalid or expired session' });
  });

  it("keeps each shopper's list to themselves and each store's products to that store", async () => {
    await save(asha, shop.saree);
    expect(await listOf(ravi)).toEqual([]);
    // Ravi removing Asha's product changes nothing for her.
    await call(ravi, { method: 'DELETE', url: `/api/v1/wishlist/${shop.saree}` });
    expect(await listOf(asha)).toEqual([shop.saree]);

    const foreign = await save(asha, otherShop.saree);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ error: 'Product not found' });
    expect(await listOf(otherStoreShopper, OTHER_HOST)).toEqual([]);
    expect((await save(otherStoreShopper, otherShop.dupatta, OTHER_HOST)).json()).toEqual({
      productIds: [otherShop.dupatta],
    });
    expect(await listOf(asha)).toEqual([shop.saree]);
  });

  it('answers 404 for unknown and archived products and hides a product archived after it was saved', async () => {
    const unknown = await save(asha, UNKNOWN_ID);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'Product not found' });

    await save(asha, shop.saree);
    await save(asha, shop.dupatta);
    await database.db.update(products).set({ archivedAt: new Date() }).where(eq(products.id, shop.dupatta));
    expect(await listOf(asha)).toEqual([shop.saree]);
    const archived = await save(asha, shop.dupatta);
    expect(archived.statusCode).toBe(404);
    expect(archived.json()).toEqual({ error: 'Product not found' });

    await database.db.update(products).set({ archivedAt: null }).where(eq(products.id, shop.dupatta));
    expect(await listOf(asha)).toEqual([shop.dupatta, shop.saree]);
  });

  it('answers 400 JSON for ids that are not product ids', async () => {
    const bad = await save(asha, 'not-a-product');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      error: 'Invalid path parameter: productId',
      fields: { productId: 'must be a product id' },
    });
    const badDelete = await call(asha, { method: 'DELETE', url: '/api/v1/wishlist/1234' });
    expect(badDelete.statusCode).toBe(400);
    expect(badDelete.json()).toEqual(bad.json());

    const badMerge = await call(asha, {
      method: 'POST',
      url: '/api/v1/wishlist/merge',
      payload: { productIds: [shop.saree, 42] },
    });
    expect(badMerge.statusCode).toBe(400);
    expect(badMerge.json()).toEqual({
      error: 'Invalid field: productIds.1',
      fields: { 'productIds.1': 'must be a product id' },
    });
    const noList = await call(asha, { method: 'POST', url: '/api/v1/wishlist/merge', payload: {} });
    expect(noList.statusCode).toBe(400);
    expect(noList.json<{ error: string }>().error).toBe('Invalid field: productIds');
  });

  it("merges the browser's list into the account's, skipping unknown, foreign and archived products", async () => {
    await save(asha, shop.saree);
    await database.db.update(products).set({ archivedAt: new Date() }).where(eq(products.id, shop.kurta));
    const merged = await call(asha, {
      method: 'POST',
      url: '/api/v1/wishlist/merge',
      payload: {
        productIds: [shop.fabric, shop.saree, UNKNOWN_ID, otherShop.dupatta, shop.kurta, shop.dupatta],
      },
    });
    expect(merged.statusCode).toBe(200);
    // The browser's order (newest first) comes before what the account held.
    expect(merged.json()).toEqual({ productIds: [shop.fabric, shop.dupatta, shop.saree] });
    const empty = await call(asha, {
      method: 'POST',
      url: '/api/v1/wishlist/merge',
      payload: { productIds: [] },
    });
    expect(empty.json()).toEqual({ productIds: [shop.fabric, shop.dupatta, shop.saree] });
    expect(await listOf(ravi)).toEqual([]);
  });

  describe(`with ${WISHLIST_LIMIT} products saved`, () => {
    const fillWishlist = async (who: SessionCustomer) => {
      const [saree] = await database.db.select().from(products).where(eq(products.id, shop.saree));
      const rows = await database.db
        .insert(products)
        .values(
          Array.from({ length: WISHLIST_LIMIT }, (_, index) => ({
            ...saree!,
            id: undefined,
            sku: `FILL-${index}`,
            searchDocument: undefined,
          })),
        )
        .returning({ id: products.id });
      await database.db
        .insert(wishlistItems)
        .values(rows.map((row) => ({ storeId: shop.storeId, userId: who.userId, productId: row.id })));
    };

    it('refuses one more with a clear 400 and still saves nothing past it in a merge', async () => {
      await fillWishlist(asha);
      const full = await save(asha, shop.saree);
      expect(full.statusCode).toBe(400);
      expect(full.json()).toEqual({ error: WISHLIST_FULL_MESSAGE });
      expect(WISHLIST_FULL_MESSAGE).toBe(
        'Your wishlist is full: it holds at most 200 products. Remove some to save more.',
      );

      const merge = await call(asha, {
        method: 'POST',
        url: '/api/v1/wishlist/merge',
        payload: { productIds: [shop.saree, shop.fabric] },
      });
      expect(merge.statusCode).toBe(400);
      expect(merge.json()).toEqual({ error: WISHLIST_FULL_MESSAGE });
      expect(await listOf(asha)).toHaveLength(WISHLIST_LIMIT);
      expect(await listOf(asha)).not.toContain(shop.saree);
    });

    it('refuses a merge body of more than 200 ids', async () => {
      const tooMany = await call(asha, {
        method: 'POST',
        url: '/api/v1/wishlist/merge',
        payload: { productIds: Array.from({ length: WISHLIST_LIMIT + 1 }, () => UNKNOWN_ID) },
      });
      expect(tooMany.statusCode).toBe(400);
      expect(tooMany.json()).toEqual({
        error: 'Invalid field: productIds',
        fields: { productIds: 'must hold at most 200 product ids' },
      });
    });
  });
});
