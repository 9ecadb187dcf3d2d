/**
 * The first page of a product's reviews through the catalogue's response cache (docs/reviews.md "Reading
 * reviews"), through `app.inject()` on a real database: page 1 in the default order is kept (a change made
 * behind the routes' back does not show), other pages and sorts are read fresh, and every review write — a new
 * review (published or held), an edit, a photo, publish, hide, reply and the approval setting — drops it here
 * and announces the change to the other servers (the store's catalogue version moves: the NOTIFY goes with it).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Review, ReviewList } from '@shared/reviews/review-schemas';
import { reviews } from '../../db/schema/review-tables';
import { stores } from '../../db/schema/store-tables';
import { insertSignedInMember, type SessionMember } from '../../test/admin-member';
import { insertDeliveredOrder } from '../../test/delivered-order';
import { multipartBody, testImage } from '../../test/image-files';
import {
  insertShoppersOfTwoShops,
  insertSignedInCustomers,
  type SessionCustomer,
  type ShoppersOfTwoShops,
} from '../../test/session-customer';
import { buildTestApp } from '../../test/test-app';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '../../test/test-database';

const HOST = 'shop.test';
const OTHER_HOST = 'second.example';
const TEXT = 'Lovely weave and colour, the zari is rich.';

describe.each(testDatabaseKinds)('the first reviews page through the response cache on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let world: ShoppersOfTwoShops;
  let owner: SessionMember;
  let dataDir: string;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    dataDir = await mkdtemp(join(tmpdir(), 'resham-review-cache-'));
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
    owner = await insertSignedInMember(database.db, world.shop.storeId, 'owner');
    app = await buildTestApp(database, { DATA_DIR: dataDir });
  });

  const deliver = (shopper: SessionCustomer) =>
    insertDeliveredOrder(database.db, {
      storeId: world.shop.storeId,
      userId: shopper.userId,
      email: shopper.email,
      lines: [{ productId: world.shop.saree, quantity: 1 }],
    });
  const call = async (method: 'GET' | 'POST' | 'PUT', url: string, headers: object, payload?: object) =>
    app.inject({ method, url: `/api/v1${url}`, headers: { host: HOST, ...headers }, payload });
  const firstPage = async (query = '') => {
    const response = await call('GET', `/products/${world.shop.saree}/reviews${query}`, {});
    expect(response.statusCode).toBe(200);
    return response.json<ReviewList>();
  };
  const version = async () =>
    (
      await database.db
        .select({ version: stores.catalogVersion })
        .from(stores)
        .where(eq(stores.id, world.shop.storeId))
    )[0]!.version;
  /** Changes every review's title behind the routes' back: only a fresh read shows it. */
  const retitleQuietly = (title: string) => database.db.update(reviews).set({ title });

  it('keeps page 1 newest first; other pages and sorts are read each time', async () => {
    await deliver(world.asha);
    const written = await call('POST', `/products/${world.shop.saree}/reviews`, world.asha.headers, {
      rating: 4,
      title: 'Soft',
      text: TEXT,
    });
    expect(written.statusCode).toBe(201);
    expect((await firstPage()).data[0]!.title).toBe('Soft');
    await retitleQuietly('Changed quietly');
    expect((await firstPage()).data[0]!.title).toBe('Soft');
    expect((await firstPage('?page=1&sort=newest')).data[0]!.title).toBe('Soft');
    expect((await firstPage('?sort=highest')).data[0]!.title).toBe('Changed quietly');
    expect((await firstPage('?page=2')).data).toEqual([]);
    // An unknown product is 404 every time, and nothing is kept for it.
    const unknown = await call('GET', '/products/not-a-product/reviews', {});
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'Product not found' });
  });

  it('drops the page and announces the change on every review write', async () => {
    const [pia] = await insertSignedInCustomers(database.db, 1, world.shop.storeId);
    for (const shopper of [world.asha, world.ravi, pia!]) await deliver(shopper);
    const admin = owner.headers;
    let seen = 0;
    /** After `write`, the cached page shows a quiet change made just before it, and the version moved. */
    const expectDropped = async (
      step: string,
      write: () => Promise<{ statusCode: number }>,
      written: string[] = [],
    ) => {
      await firstPage();
      seen += 1;
      await retitleQuietly(`Title ${seen}`);
      const before = await version();
      const response = await write();
      expect(response.statusCode, step).toBeLessThan(300);
      expect(await version(), step).toBeGreaterThan(before);
      const page = await firstPage();
      const titles = page.data.map((item) => item.title);
      const fresh = (title: string) => title === `Title ${seen}` || written.includes(title);
      expect(titles.length > 0 && titles.every(fresh), `${step}: ${titles.join(', ')}`).toBe(true);
      return page;
    };

    const review = (shopper: SessionCustomer, title: string) =>
      call('POST', `/products/${world.shop.saree}/reviews`, shopper.headers, {
        rating: 4,
        title,
        text: TEXT,
      });
    expect((await review(world.asha, 'First')).statusCode).toBe(201);
    await expectDropped('a published review', () => review(pia!, 'Lovely'), ['Lovely']);
    await expectDropped('the approval setting', () =>
      call('PUT', '/admin/reviews/settings', admin, { holdForApproval: true }),
    );
    let held: Review | undefined;
    await expectDropped('a held review', async () => {
      const response = await review(world.ravi, 'Held');
      held = response.json<Review>();
      return response;
    });
    await call('PUT', '/admin/reviews/settings', admin, { holdForApproval: false });
    await expectDropped(
      'an edit',
      () =>
        call('PUT', `/products/${world.shop.saree}/reviews/mine`, world.asha.headers, {
          rating: 5,
          title: 'Lovely still',
          text: TEXT,
        }),
      ['Lovely still'],
    );
    const photo = multipartBody([{ name: 'saree.jpg', bytes: await testImage('jpeg') }]);
    const withPhoto = await expectDropped('a photo', () =>
      app.inject({
        method: 'POST',
        url: `/api/v1/products/${world.shop.saree}/reviews/mine/photos`,
        headers: { host: HOST, ...world.asha.headers, ...photo.headers },
        payload: photo.payload,
      }),
    );
    expect(withPhoto.data.find((item) => item.photos.length > 0)).toBeDefined();
    await expectDropped('publishing', () => call('POST', `/admin/reviews/${held!.id}/publish`, admin));
    expect((await firstPage()).total).toBe(3);
    const published = await expectDropped('a reply', () =>
      call('PUT', `/admin/reviews/${held!.id}/reply`, admin, { text: 'Thank you!' }),
    );
    expect(published.data.find((item) => item.id === held!.id)?.reply?.text).toBe('Thank you!');
    await expectDropped('hiding', () =>
      call('POST', `/admin/reviews/${held!.id}/hide`, admin, { reason: 'Not about the saree' }),
    );
    expect((await firstPage()).total).toBe(2);
  });
});
