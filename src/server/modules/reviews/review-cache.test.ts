/**
 * The first page of a product's reviews through the catalogue's response cache (docs/reviews.md "Reading
 * reviews"), through `app.inject()` on a real database: page 1 in the default order is kept (a change made
 * behind the routes' back does not show), other pages and sorts are read fresh, and every review write — a new
 * review (published or held), an edit, a photo, publish, hide, reply and the approval setting — drops it here
 * and announces the change to the other servers (the store's catalogue version moves: the NOTIFY goes with it).
 */
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Review, ReviewList } from '@shared/reviews/review-schemas';
import { reviews } from '../../db/schema/review-tables';
import { stores } from '../../db/schema/store-tables';
import { insertSignedInMember, type SessionMember } from '../../test/admin-member';
import { multipartBody, testImage } from '../../test/image-files';
import { REVIEW_HOST as HOST, REVIEW_TEXT as TEXT, useReviewShop } from '../../test/review-shop';
import { insertSignedInCustomers, type SessionCustomer } from '../../test/session-customer';
import { testDatabaseKinds } from '../../test/test-database';

describe.each(testDatabaseKinds)('the first reviews page through the response cache on %s', (kind) => {
  const shop = useReviewShop(kind, 'resham-review-cache-');
  const { deliver } = shop;
  let owner: SessionMember;
  beforeEach(async () => {
    owner = await insertSignedInMember(shop.database.db, shop.world.shop.storeId, 'owner');
  });

  const call = async (method: 'GET' | 'POST' | 'PUT', url: string, headers: object, payload?: object) =>
    shop.app.inject({ method, url: `/api/v1${url}`, headers: { host: HOST, ...headers }, payload });
  const firstPage = async (query = '') => {
    const response = await call('GET', `/products/${shop.world.shop.saree}/reviews${query}`, {});
    expect(response.statusCode).toBe(200);
    return response.json<ReviewList>();
  };
  const version = async () =>
    (
      await shop.database.db
        .select({ version: stores.catalogVersion })
        .from(stores)
        .where(eq(stores.id, shop.world.shop.storeId))
    )[0]!.version;
  /** Changes every review's title behind the routes' back: only a fresh read shows it. */
  const retitleQuietly = (title: string) => shop.database.db.update(reviews).set({ title });

  it('keeps page 1 newest first; other pages and sorts are read each time', async () => {
    await deliver(shop.world.asha);
    const written = await call(
      'POST',
      `/products/${shop.world.shop.saree}/reviews`,
      shop.world.asha.headers,
      {
        rating: 4,
        title: 'Soft',
        text: TEXT,
      },
    );
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
    const [pia] = await insertSignedInCustomers(shop.database.db, 1, shop.world.shop.storeId);
    for (const shopper of [shop.world.asha, shop.world.ravi, pia!]) await deliver(shopper);
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
      call('POST', `/products/${shop.world.shop.saree}/reviews`, shopper.headers, {
        rating: 4,
        title,
        text: TEXT,
      });
    expect((await review(shop.world.asha, 'First')).statusCode).toBe(201);
    await expectDropped('a published review', () => review(pia!, 'Lovely'), ['Lovely']);
    await expectDropped('the approval setting', () =>
      call('PUT', '/admin/reviews/settings', admin, { holdForApproval: true }),
    );
    let held: Review | undefined;
    await expectDropped('a held review', async () => {
      const response = await review(shop.world.ravi, 'Held');
      held = response.json<Review>();
      return response;
    });
    await call('PUT', '/admin/reviews/settings', admin, { holdForApproval: false });
    await expectDropped(
      'an edit',
      () =>
        call('PUT', `/products/${shop.world.shop.saree}/reviews/mine`, shop.world.asha.headers, {
          rating: 5,
          title: 'Lovely still',
          text: TEXT,
        }),
      ['Lovely still'],
    );
    const photo = multipartBody([{ name: 'saree.jpg', bytes: await testImage('jpeg') }]);
    const withPhoto = await expectDropped('a photo', () =>
      shop.app.inject({
        method: 'POST',
        url: `/api/v1/products/${shop.world.shop.saree}/reviews/mine/photos`,
        headers: { host: HOST, ...shop.world.asha.headers, ...photo.headers },
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
