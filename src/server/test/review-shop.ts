/**
 * The world of the shopper-facing review tests, for a `describe` of one database kind: the file's database and a
 * temporary data folder (review photos go through the image pipeline into `DATA_DIR/media`); before each test the
 * database is emptied, two shops with their signed-in shoppers are inserted (./session-customer.ts) and the app is
 * built on them. With it come the calls those tests make: a delivered order for a shopper (reviews need one), a
 * review written, a product's reviews listed.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import type { ReviewList } from '@shared/reviews/review-schemas';
import { insertDeliveredOrder } from './delivered-order';
import type { TestOrder } from './order-fixture';
import { insertShoppersOfTwoShops, type SessionCustomer, type ShoppersOfTwoShops } from './session-customer';
import { buildTestApp } from './test-app';
import { openTestDatabase, type DatabaseKind, type TestDatabase } from './test-database';

/** The host of the shop the tests review in, and of the other shop (scoping). */
export const REVIEW_HOST = 'shop.test';
export const REVIEW_OTHER_HOST = 'second.example';
/** A review text long enough for the 20-character minimum. */
export const REVIEW_TEXT = 'Lovely weave and colour, the zari is rich.';

/** An order line of a delivered test order; quantity in pieces. */
type DeliveredLine = { productId: string; variantId?: string; quantity: number };

export type ReviewShop = {
  /** The file's database; valid inside tests. */
  readonly database: TestDatabase;
  /** The app of the current test. */
  readonly app: FastifyInstance;
  /** The two shops and their shoppers of the current test. */
  readonly world: ShoppersOfTwoShops;
  /** Inserts a Delivered order of `shopper` in the first shop: by default one saree. */
  deliver(shopper: SessionCustomer, lines?: DeliveredLine[]): Promise<TestOrder>;
  /** `POST /api/v1/products/{id}/reviews` as `shopper` (default Asha) on the first shop. */
  write(productId: string, payload: unknown, shopper?: SessionCustomer): Promise<LightMyRequestResponse>;
  /** `GET /api/v1/products/{id}/reviews{query}` on the first shop, as a guest; expects 200. */
  list(productId: string, query?: string): Promise<ReviewList>;
};

/**
 * Registers the hooks (call inside a `describe`) and returns the world they keep. `dataDirPrefix` names the
 * temporary data folder, removed after the file.
 */
export function useReviewShop(kind: DatabaseKind, dataDirPrefix: string): ReviewShop {
  let database: TestDatabase;
  let app: FastifyInstance;
  let world: ShoppersOfTwoShops;
  let dataDir: string;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    dataDir = await mkdtemp(join(tmpdir(), dataDirPrefix));
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await rm(dataDir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    await app?.close();
    await database.reset();
    world = await insertShoppersOfTwoShops(database.db, REVIEW_HOST, REVIEW_OTHER_HOST);
    app = await buildTestApp(database, { DATA_DIR: dataDir });
  });

  return {
    get database() {
      return database;
    },
    get app() {
      return app;
    },
    get world() {
      return world;
    },
    deliver: (shopper, lines = [{ productId: world.shop.saree, quantity: 1 }]) =>
      insertDeliveredOrder(database.db, {
        storeId: world.shop.storeId,
        userId: shopper.userId,
        email: shopper.email,
        lines,
      }),
    write: (productId, payload, shopper = world.asha) =>
      app.inject({
        method: 'POST',
        url: `/api/v1/products/${productId}/reviews`,
        headers: { host: REVIEW_HOST, ...shopper.headers },
        payload: payload as object,
      }),
    list: async (productId, query = '') => {
      const response = await app.inject({
        method: 'GET',
        url: `/api/v1/products/${productId}/reviews${query}`,
        headers: { host: REVIEW_HOST },
      });
      expect(response.statusCode).toBe(200);
      return response.json<ReviewList>();
    },
  };
}
