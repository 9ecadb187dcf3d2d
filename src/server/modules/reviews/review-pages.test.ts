/**
 * Reviews' photos and pages through `app.inject()` on a real database: photos through the image pipeline (at
 * most 3, one a request), the sorts, pages of 10 and the figures over every published review.
 */
import { describe, expect, it } from 'vitest';
import type { MyReview, Review } from '@shared/reviews/review-schemas';
import { multipartBody, testImage } from '../../test/image-files';
import { insertSignedInCustomers } from '../../test/session-customer';
import { REVIEW_HOST as HOST, REVIEW_TEXT as TEXT, useReviewShop } from '../../test/review-shop';
import { testDatabaseKinds } from '../../test/test-database';

describe.each(testDatabaseKinds)('review photos and pages on %s', (kind) => {
  const shop = useReviewShop(kind, 'resham-review-photos-');
  const { deliver, write, list } = shop;
  it('photos: through the image pipeline, at most 3, one a request', async () => {
    await deliver(shop.world.asha);
    await write(shop.world.shop.saree, { rating: 5, title: 'Photo', text: TEXT, fit: 'small' });
    const jpeg = await testImage('jpeg', { width: 700, height: 500 });
    const upload = (files: { name: string; bytes: Buffer }[]) => {
      const body = multipartBody(files);
      return shop.app.inject({
        method: 'POST',
        url: `/api/v1/products/${shop.world.shop.saree}/reviews/mine/photos`,
        headers: { host: HOST, ...shop.world.asha.headers, ...body.headers },
        payload: body.payload,
      });
    };
    const first = await upload([{ name: 'saree.jpg', bytes: jpeg }]);
    expect(first.statusCode).toBe(201);
    const photo = first.json<MyReview>().review!.photos[0]!;
    expect(photo.url).toMatch(/^\/media\/store\/\d+\/[0-9a-f]{20}-700\.webp$/);
    expect(photo.srcset).toContain('320w');
    const two = await upload([
      { name: 'a.jpg', bytes: jpeg },
      { name: 'b.jpg', bytes: jpeg },
    ]);
    expect(two.json()).toEqual({ error: 'Upload one photo at a time' });
    for (const size of [600, 500]) {
      const other = await testImage('png', { width: size, height: 400 });
      expect((await upload([{ name: 'p.png', bytes: other }])).statusCode).toBe(201);
    }
    const fourth = await upload([
      { name: 'q.jpg', bytes: await testImage('jpeg', { width: 400, height: 300 }) },
    ]);
    expect(fourth.statusCode).toBe(400);
    expect(fourth.json()).toEqual({ error: 'You can add at most 3 photos to a review' });
    const page = await list(shop.world.shop.saree);
    expect(page.data[0]!.photos).toHaveLength(3);
  });

  it('sorts (newest, highest, lowest, photos) and pages of 10; figures over all published reviews', async () => {
    const shoppers = await insertSignedInCustomers(shop.database.db, 12, shop.world.shop.storeId);
    const ids: string[] = [];
    for (const [index, shopper] of shoppers.entries()) {
      await deliver(shopper);
      const rating = (index % 5) + 1;
      const fit = (['small', 'true', 'large'] as const)[index % 3];
      const created = await write(
        shop.world.shop.saree,
        { rating, title: `Review ${index}`, text: TEXT, fit },
        shopper,
      );
      expect(created.statusCode).toBe(201);
      ids.push(created.json<Review>().id);
    }
    const first = await list(shop.world.shop.saree);
    expect(first.total).toBe(12);
    expect(first.data).toHaveLength(10);
    expect(first.data[0]!.title).toBe('Review 11');
    expect((await list(shop.world.shop.saree, '?page=2')).data.map((item) => item.title)).toEqual([
      'Review 1',
      'Review 0',
    ]);
    expect(first.distribution).toEqual({ '1': 3, '2': 3, '3': 2, '4': 2, '5': 2 });
    expect(first.fit).toEqual({ small: 4, true: 4, large: 4 });
    expect(first.average).toBe(2.8);
    expect((await list(shop.world.shop.saree, '?sort=highest')).data[0]!.rating).toBe(5);
    expect((await list(shop.world.shop.saree, '?sort=lowest')).data[0]!.rating).toBe(1);
    const bad = await shop.app.inject({
      method: 'GET',
      url: `/api/v1/products/${shop.world.shop.saree}/reviews?sort=best&page=0`,
      headers: { host: HOST },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      error: 'Invalid query parameters: page, sort',
      fields: {
        page: 'must be a whole number from 1',
        sort: 'must be one of newest, highest, lowest, photos',
      },
    });
  });
});
