/**
 * The shop's side of reviews through `app.inject()` on a real database: publish, hide with a reason kept,
 * reply (each audited, the product's rating following what is published), the setting that holds new reviews
 * for approval, store scoping of the admin list, and the review request mail — once per order, 7 days after
 * delivery, with an unsubscribe link that stops the next ones.
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ProductDetail } from '@shared/catalog/product-schema';
import type { AdminReview, AdminReviewList, Review, ReviewList } from '@shared/reviews/review-schemas';
import { auditLog } from '../../db/schema/admin-tables';
import { outgoingMail } from '../../db/schema/mail-tables';
import { insertSignedInMember, type SessionMember } from '../../test/admin-member';
import { insertDeliveredOrder } from '../../test/delivered-order';
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
const DAY = 86_400_000;

describe.each(testDatabaseKinds)('review moderation and request mails on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let world: ShoppersOfTwoShops;
  let owner: SessionMember;

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
    world = await insertShoppersOfTwoShops(database.db, HOST, OTHER_HOST);
    owner = await insertSignedInMember(database.db, world.shop.storeId, 'owner');
    app = await buildTestApp(database);
  });

  const deliver = (shopper: SessionCustomer, deliveredAt?: Date) =>
    insertDeliveredOrder(database.db, {
      storeId: world.shop.storeId,
      userId: shopper.userId,
      email: shopper.email,
      deliveredAt,
      lines: [
        { productId: world.shop.saree, quantity: 1 },
        { productId: world.shop.kurta, variantId: world.shop.kurtaM, quantity: 1 },
      ],
    });
  const review = async (shopper: SessionCustomer = world.asha, rating = 5) => {
    const response = await app.inject({
      method: 'POST',
      url: `/api/v1/products/${world.shop.saree}/reviews`,
      headers: { host: HOST, ...shopper.headers },
      payload: { rating, title: 'Beautiful', text: TEXT, fit: 'true' },
    });
    expect(response.statusCode).toBe(201);
    return response.json<Review>();
  };
  const admin = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, host = HOST) =>
    app.inject({ method, url: `/api/v1/admin${url}`, headers: { host, ...owner.headers }, payload });
  const rating = async () =>
    (
      await app.inject({
        method: 'GET',
        url: `/api/v1/products/${world.shop.saree}`,
        headers: { host: HOST },
      })
    ).json<ProductDetail>().rating;
  const publicList = async () =>
    (
      await app.inject({
        method: 'GET',
        url: `/api/v1/products/${world.shop.saree}/reviews`,
        headers: { host: HOST },
      })
    ).json<ReviewList>();

  it('hide keeps the reason and drops the rating; publish brings it back; reply shows; all audited', async () => {
    await deliver(world.asha);
    const written = await review();
    expect(await rating()).toEqual({ average: 5, count: 1 });

    const hidden = await admin('POST', `/reviews/${written.id}/hide`, { reason: 'Names a competitor' });
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json<AdminReview>()).toMatchObject({
      status: 'hidden',
      hiddenReason: 'Names a competitor',
    });
    expect(await rating()).toBeUndefined();
    expect((await publicList()).total).toBe(0);

    const noReason = await admin('POST', `/reviews/${written.id}/hide`, { reason: ' ' });
    expect(noReason.json()).toEqual({
      error: 'Invalid field: reason',
      fields: { reason: 'Please give a reason' },
    });

    expect((await admin('POST', `/reviews/${written.id}/publish`)).json<AdminReview>().status).toBe(
      'published',
    );
    expect(await rating()).toEqual({ average: 5, count: 1 });

    const replied = await admin('PUT', `/reviews/${written.id}/reply`, { text: 'Thank you, Asha!' });
    expect(replied.json<AdminReview>().reply).toMatchObject({ text: 'Thank you, Asha!' });
    expect((await publicList()).data[0]!.reply).toMatchObject({ text: 'Thank you, Asha!' });

    const audit = await database.db
      .select({ action: auditLog.action, after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.storeId, world.shop.storeId), eq(auditLog.entity, 'review')));
    expect(audit.map((entry) => entry.action)).toEqual(['hide', 'publish', 'reply']);
    expect(audit[0]!.after).toMatchObject({ status: 'hidden', hiddenReason: 'Names a competitor' });

    const missing = await admin('POST', '/reviews/00000000-0000-4000-8000-000000000000/publish');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'Review not found' });
  });

  it('holds new reviews for approval when the store asks so; the admin list filters by status', async () => {
    expect((await admin('GET', '/reviews/settings')).json()).toEqual({ holdForApproval: false });
    const staff = await insertSignedInMember(database.db, world.shop.storeId, 'staff');
    const byStaff = await app.inject({
      method: 'PUT',
      url: '/api/v1/admin/reviews/settings',
      headers: { host: HOST, ...staff.headers },
      payload: { holdForApproval: true },
    });
    expect(byStaff.statusCode).toBe(403);
    expect(byStaff.json()).toEqual({ error: 'Only the shop owner can do this' });
    expect((await admin('PUT', '/reviews/settings', { holdForApproval: true })).json()).toEqual({
      holdForApproval: true,
    });
    await deliver(world.asha);
    const held = await review();
    expect(await rating()).toBeUndefined();
    expect((await publicList()).total).toBe(0);
    const pending = (await admin('GET', '/reviews?status=pending')).json<AdminReviewList>();
    expect(pending.total).toBe(1);
    expect(pending.data[0]).toMatchObject({ id: held.id, status: 'pending', email: world.asha.email });
    await admin('POST', `/reviews/${held.id}/publish`);
    expect(await rating()).toEqual({ average: 5, count: 1 });
    // Another store's admin sees none of it.
    const other = await insertSignedInMember(database.db, world.otherShop.storeId, 'owner');
    const otherList = await app.inject({
      method: 'GET',
      url: '/api/v1/admin/reviews',
      headers: { host: OTHER_HOST, ...other.headers },
    });
    expect(otherList.json<AdminReviewList>().total).toBe(0);
    const otherHide = await app.inject({
      method: 'POST',
      url: `/api/v1/admin/reviews/${held.id}/hide`,
      headers: { host: OTHER_HOST, ...other.headers },
      payload: { reason: 'x' },
    });
    expect(otherHide.statusCode).toBe(404);
    const settingAudit = await database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.entity, 'review-settings'));
    expect(settingAudit).toHaveLength(1);
  });

  it('mails a review request 7 days after delivery, once per order, never after unsubscribing', async () => {
    const now = new Date();
    await deliver(world.asha, new Date(now.getTime() - 8 * DAY));
    await deliver(world.ravi, new Date(now.getTime() - 3 * DAY));
    await deliver(world.ravi, new Date(now.getTime() - 40 * DAY));
    expect(await app.reviewRequests.runOnce(now)).toBe(1);
    expect(await app.reviewRequests.runOnce(now)).toBe(0);
    const mails = await database.db
      .select({
        recipient: outgoingMail.recipient,
        subject: outgoingMail.subject,
        message: outgoingMail.message,
      })
      .from(outgoingMail);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.recipient).toBe(world.asha.email);
    expect(mail!.subject).toMatch(/^How was your order RS-[0-9A-Z]{8}\? – Silk House$/);
    expect(mail!.message.text).toContain(
      `Katan Silk Saree: https://${HOST}/product/${world.shop.saree}#reviews`,
    );
    expect(mail!.message.text).toContain('Cotton Kurta: ');
    const link = /https:\/\/shop\.test(\/api\/v1\/reviews\/unsubscribe\?token=[A-Za-z0-9_-]+)/.exec(
      mail!.message.text,
    );
    expect(mail!.message.headers?.['List-Unsubscribe']).toBe(`<${link![0]}>`);

    const page = await app.inject({ method: 'GET', url: link![1]!, headers: { host: HOST } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('You will get no more review requests from Silk House.');
    // A second delivered order of Asha's, due later, gets no mail.
    await deliver(world.asha, new Date(now.getTime() - 9 * DAY));
    expect(await app.reviewRequests.runOnce(now)).toBe(0);
    const unknown = await app.inject({
      method: 'GET',
      url: '/api/v1/reviews/unsubscribe?token=AAAAAAAAAAAAAAAAAAAAAAAAAAAA',
      headers: { host: HOST },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'This unsubscribe link is not valid' });
  });
});
