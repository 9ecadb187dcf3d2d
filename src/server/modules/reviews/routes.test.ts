/**
 * The shopper's review routes through `app.inject()` on a real database: who may review (403 text), once
 * (409 text), the validation texts, editing, the figures, the rating the product answers gain (through the catalogue cache), and the store scoping.
 */
import { describe, expect, it } from 'vitest';
import type { ProductDetail, ProductListResponse } from '@shared/catalog/product-schema';
import { REVIEW_EXISTS, REVIEW_NOT_ELIGIBLE } from '@shared/reviews/review-rules';
import type { MyReview, Review } from '@shared/reviews/review-schemas';
import { insertTestOrder } from '../../test/order-fixture';
import {
  REVIEW_HOST as HOST,
  REVIEW_OTHER_HOST as OTHER_HOST,
  REVIEW_TEXT as TEXT,
  useReviewShop,
} from '../../test/review-shop';
import { testDatabaseKinds } from '../../test/test-database';

describe.each(testDatabaseKinds)('shopper reviews on %s', (kind) => {
  const shop = useReviewShop(kind, 'resham-review-routes-');
  const { deliver, write, list } = shop;
  const product = async (productId: string) =>
    (
      await shop.app.inject({ method: 'GET', url: `/api/v1/products/${productId}`, headers: { host: HOST } })
    ).json<ProductDetail>();

  it('201: a shopper with a Delivered line reviews it; the size comes from the order; the page lists it', async () => {
    await deliver(shop.world.asha, [
      { productId: shop.world.shop.kurta, variantId: shop.world.shop.kurtaM, quantity: 1 },
    ]);
    const response = await write(shop.world.shop.kurta, {
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
    const page = await list(shop.world.shop.kurta);
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
    await insertTestOrder(shop.database.db, {
      storeId: shop.world.shop.storeId,
      userId: shop.world.ravi.userId,
      lines: [{ productId: shop.world.shop.saree, quantity: 1 }],
    });
    for (const shopper of [shop.world.asha, shop.world.ravi]) {
      const refused = await write(shop.world.shop.saree, { rating: 5, title: 'Nice', text: TEXT }, shopper);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ error: REVIEW_NOT_ELIGIBLE });
    }
    const anonymous = await shop.app.inject({
      method: 'POST',
      url: `/api/v1/products/${shop.world.shop.saree}/reviews`,
      headers: { host: HOST },
      payload: { rating: 5, title: 'Nice', text: TEXT },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('409 for a second review; the shopper edits theirs instead', async () => {
    await deliver(shop.world.asha);
    expect((await write(shop.world.shop.saree, { rating: 2, title: 'Meh', text: TEXT })).statusCode).toBe(
      201,
    );
    const again = await write(shop.world.shop.saree, { rating: 5, title: 'Again', text: TEXT });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: REVIEW_EXISTS });
    const edited = await shop.app.inject({
      method: 'PUT',
      url: `/api/v1/products/${shop.world.shop.saree}/reviews/mine`,
      headers: { host: HOST, ...shop.world.asha.headers },
      payload: { rating: 5, title: 'Better after a wash', text: `${TEXT} Even better now.`, fit: 'true' },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json<Review>()).toMatchObject({ rating: 5, title: 'Better after a wash', fit: 'true' });
    expect((await list(shop.world.shop.saree)).average).toBe(5);
    const mine = await shop.app.inject({
      method: 'GET',
      url: `/api/v1/products/${shop.world.shop.saree}/reviews/mine`,
      headers: { host: HOST, ...shop.world.asha.headers },
    });
    expect(mine.json<MyReview>()).toMatchObject({
      eligible: true,
      clothing: true,
      review: { rating: 5, status: 'published' },
    });
    const noReview = await shop.app.inject({
      method: 'PUT',
      url: `/api/v1/products/${shop.world.shop.kurta}/reviews/mine`,
      headers: { host: HOST, ...shop.world.asha.headers },
      payload: { rating: 5, title: 'x', text: TEXT },
    });
    expect(noReview.statusCode).toBe(404);
    expect(noReview.json()).toEqual({ error: 'You have not reviewed this item yet' });
  });

  it('400 with the exact texts for bad values, and a fit on fabric sold by the metre', async () => {
    await deliver(shop.world.asha, [
      { productId: shop.world.shop.saree, quantity: 1 },
      { productId: shop.world.shop.fabric, quantity: 2 },
    ]);
    const bad = await write(shop.world.shop.saree, {
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
    const long = await write(shop.world.shop.saree, { rating: 3, title: 'Ok', text: 'x'.repeat(2_001) });
    expect(long.json()).toMatchObject({ fields: { text: 'must be at most 2,000 characters' } });
    const html = await write(shop.world.shop.saree, {
      rating: 3,
      title: 'Ok',
      text: `<script>x</script> ${TEXT}`,
    });
    expect(html.json()).toMatchObject({ fields: { text: 'must be plain text, without HTML' } });
    const fabricFit = await write(shop.world.shop.fabric, {
      rating: 4,
      title: 'Ok',
      text: TEXT,
      fit: 'small',
    });
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
    const before = await product(shop.world.shop.saree);
    expect(before.rating).toBeUndefined();
    const listed = async () =>
      (
        await shop.app.inject({ method: 'GET', url: '/api/v1/products?limit=50', headers: { host: HOST } })
      ).json<ProductListResponse>();
    expect((await listed()).data.every((item) => item.rating === undefined)).toBe(true);
    await deliver(shop.world.asha);
    await deliver(shop.world.ravi);
    await write(shop.world.shop.saree, { rating: 5, title: 'Great', text: TEXT });
    await write(shop.world.shop.saree, { rating: 4, title: 'Good', text: TEXT }, shop.world.ravi);
    expect((await product(shop.world.shop.saree)).rating).toEqual({ average: 4.5, count: 2 });
    const saree = (await listed()).data.find((item) => item.id === shop.world.shop.saree);
    expect(saree?.rating).toEqual({ average: 4.5, count: 2 });
  });

  it('keeps stores apart: another store’s shopper and host see nothing and may not review', async () => {
    await deliver(shop.world.asha);
    await write(shop.world.shop.saree, { rating: 5, title: 'Great', text: TEXT });
    const otherHost = await shop.app.inject({
      method: 'GET',
      url: `/api/v1/products/${shop.world.shop.saree}/reviews`,
      headers: { host: OTHER_HOST },
    });
    expect(otherHost.statusCode).toBe(404);
    const otherShopper = await shop.app.inject({
      method: 'POST',
      url: `/api/v1/products/${shop.world.shop.saree}/reviews`,
      headers: { host: OTHER_HOST, ...shop.world.otherStoreShopper.headers },
      payload: { rating: 1, title: 'x', text: TEXT },
    });
    expect(otherShopper.statusCode).toBe(404);
    expect((await list(shop.world.shop.saree)).total).toBe(1);
  });
});
