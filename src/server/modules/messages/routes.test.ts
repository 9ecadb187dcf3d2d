/**
 * Contact messages and newsletter sign-ups through `app.inject()` on a real database: a message is kept for
 * the store and mailed to its company e-mail as plain text, the admin lists it newest first and sets it read
 * and replied; a sign-up keeps one row however often it is sent, its welcome mail's link unsubscribes without
 * signing in, the owner exports the sign-ups as CSV; bad input is 400 with fields, floods 429, another store's
 * message 404.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { messageTexts } from '@shared/messages/message-texts';
import { outgoingMail } from '../../db/schema/mail-tables';
import { contactMessages, newsletterSignups } from '../../db/schema/message-tables';
import { insertSignedInMember, type SessionMember } from '../../test/admin-member';
import { insertTestShop, type TestShop } from '../../test/order-fixture';
import { buildTestApp } from '../../test/test-app';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '../../test/test-database';
import { OWNER_ONLY_MESSAGE } from '../auth/role-hook';
import { MESSAGE_NOT_FOUND } from './contact-messages';
import {
  MAX_CONTACT_MESSAGES_PER_ADDRESS,
  TOO_MANY_CONTACT_MESSAGES,
  TOO_MANY_NEWSLETTER_SIGNUPS,
} from './message-rate-limits';

const MESSAGE = {
  name: 'Asha Verma',
  email: 'Asha@Example.com',
  subject: 'Blouse <b>stitching</b>',
  message: 'Can you stitch a blouse?\n<script>alert(1)</script> see www.evil.example',
};

describe.each(testDatabaseKinds)('contact messages and the newsletter on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let shop: TestShop;
  let owner: SessionMember;
  let staff: SessionMember;
  let address = 0;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    app = await buildTestApp(database);
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });
  beforeEach(async () => {
    await database.reset();
    shop = await insertTestShop(database.db);
    owner = await insertSignedInMember(database.db, shop.storeId, 'owner');
    staff = await insertSignedInMember(database.db, shop.storeId, 'staff');
    address += 1;
  });

  /** A public POST from this test's own client address (each test counts apart). */
  const send = (url: string, payload: object, from = `203.0.113.${address}`) =>
    app.inject({ method: 'POST', url: `/api/v1${url}`, payload, remoteAddress: from });
  const admin = (method: 'GET' | 'PATCH', url: string, payload?: object, member = staff) =>
    app.inject({
      method,
      url: `/api/v1/admin${url}`,
      headers: member.headers,
      ...(payload ? { payload } : {}),
    });
  const mails = () => database.db.select().from(outgoingMail);

  it('keeps a message, mails it to the shop as plain text, and the inbox lists it with read and replied', async () => {
    const sent = await send('/contact-messages', MESSAGE);
    expect([sent.statusCode, sent.json()]).toEqual([200, { message: messageTexts.contactSentDescription }]);
    await send('/contact-messages', { ...MESSAGE, subject: 'Second' });

    const [mail] = (await mails()).filter((row) => row.subject.startsWith('Contact form: Blouse'));
    expect(mail).toMatchObject({
      storeId: shop.storeId,
      recipient: 'care@silk.example',
      subject: 'Contact form: Blouse <b>stitching</b> – Silk House',
    });
    expect(mail!.message.headers).toEqual({ 'Reply-To': 'asha@example.com' });
    expect(mail!.message.text.split('\n').slice(0, 7)).toEqual([
      'New message through the contact form of Silk House.',
      '',
      'From: Asha Verma <asha@example.com>',
      'Subject: Blouse <b>stitching</b>',
      '',
      'Can you stitch a blouse?',
      '<script>alert(1)</script> see www[.]evil[.]example',
    ]);
    expect(mail!.message.html).toContain(
      'Can you stitch a blouse?<br>&lt;script&gt;alert(1)&lt;/script&gt; see www[.]evil[.]example',
    );
    expect(mail!.message.html).not.toContain('<script>');
    expect(mail!.message.html).not.toContain('<b>');

    const list = await admin('GET', '/messages');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ page: 1, limit: 25, hasMore: false, unread: 2 });
    const [newest, oldest] = list.json().messages;
    expect([newest.subject, oldest.subject]).toEqual(['Second', 'Blouse <b>stitching</b>']);
    expect(oldest).toMatchObject({ ...MESSAGE, email: 'asha@example.com', readAt: null, repliedAt: null });

    const read = await admin('PATCH', `/messages/${oldest.id}`, { read: true });
    expect(read.json().readAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    const replied = await admin('PATCH', `/messages/${oldest.id}`, { replied: true });
    expect(replied.json()).toMatchObject({ readAt: read.json().readAt, repliedAt: expect.any(String) });
    expect((await admin('GET', '/messages')).json().unread).toBe(1);
    const unread = await admin('PATCH', `/messages/${oldest.id}`, { read: false, replied: false });
    expect(unread.json()).toMatchObject({ readAt: null, repliedAt: null });
    expect((await admin('GET', `/messages/${oldest.id}`)).json()).toMatchObject({
      id: oldest.id,
      readAt: null,
    });
  });

  it('keeps a message without mail when the store has no e-mail', async () => {
    await database.reset();
    shop = await insertTestShop(database.db, { companyEmail: null });
    expect((await send('/contact-messages', MESSAGE)).statusCode).toBe(200);
    expect(await database.db.select().from(contactMessages)).toHaveLength(1);
    expect(await mails()).toEqual([]);
  });

  it('refuses bad messages with clear field errors, and floods with 429', async () => {
    const bad = await send('/contact-messages', {
      name: ' ',
      email: 'not-an-address',
      subject: 'x'.repeat(151),
      message: '',
    });
    expect([bad.statusCode, bad.json().fields]).toEqual([
      400,
      {
        name: 'Please enter your name',
        email: 'Please enter a valid e-mail address',
        subject: 'must be at most 150 characters',
        message: 'Please enter your message',
      },
    ]);
    const oneLine = await send('/contact-messages', { ...MESSAGE, subject: 'Hi\r\nBcc: x@example.com' });
    expect(oneLine.json().fields).toEqual({ subject: 'must not contain control characters' });
    expect(await database.db.select().from(contactMessages)).toEqual([]);

    for (let sent = 0; sent < MAX_CONTACT_MESSAGES_PER_ADDRESS; sent += 1) {
      expect((await send('/contact-messages', MESSAGE)).statusCode).toBe(200);
    }
    const flooded = await send('/contact-messages', MESSAGE);
    expect([flooded.statusCode, flooded.json()]).toEqual([429, { error: TOO_MANY_CONTACT_MESSAGES }]);
    expect(Number(flooded.headers['retry-after'])).toBeGreaterThan(0);
    // Another client address is not held back.
    expect((await send('/contact-messages', MESSAGE, '198.51.100.7')).statusCode).toBe(200);
  });

  it("answers 404 for another store's message and 400 for bad admin input", async () => {
    const other = await insertTestShop(database.db, { isDefault: false, host: 'other.test' });
    await app.catalogChanged();
    await app.inject({
      method: 'POST',
      url: '/api/v1/contact-messages',
      headers: { 'x-store-host': 'other.test' },
      payload: MESSAGE,
      remoteAddress: `203.0.113.${address}`,
    });
    const [foreign] = await database.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.storeId, other.storeId));
    expect((await admin('GET', '/messages')).json().messages).toEqual([]);
    for (const response of [
      await admin('GET', `/messages/${foreign!.id}`),
      await admin('PATCH', `/messages/${foreign!.id}`, { read: true }),
    ]) {
      expect([response.statusCode, response.json()]).toEqual([404, { error: MESSAGE_NOT_FOUND }]);
    }
    const empty = await admin('PATCH', `/messages/${foreign!.id}`, {});
    expect([empty.statusCode, empty.json().fields]).toEqual([400, { read: 'give read or replied' }]);
    const badId = await admin('GET', '/messages/abc');
    expect([badId.statusCode, badId.json().fields]).toEqual([400, { messageId: 'must be a message id' }]);
  });

  it('signs up once however often, mails the unsubscribe link, which works without sign-in', async () => {
    for (const email of ['meera@example.com', ' MEERA@example.com ']) {
      const signed = await send('/newsletter', { email });
      expect([signed.statusCode, signed.json()]).toEqual([
        200,
        { message: messageTexts.subscribedDescription },
      ]);
    }
    const rows = await database.db.select().from(newsletterSignups);
    expect(rows).toEqual([
      expect.objectContaining({ storeId: shop.storeId, email: 'meera@example.com', unsubscribedAt: null }),
    ]);
    const welcome = (await mails()).filter((row) => row.recipient === 'meera@example.com');
    expect(welcome).toHaveLength(1);
    const link = `http://localhost:80/newsletter/unsubscribe?token=${rows[0]!.unsubscribeToken}`;
    expect(welcome[0]!.subject).toBe('Welcome to the newsletter of Silk House');
    expect(welcome[0]!.message.text).toContain(`Not for you? Unsubscribe at any time: ${link}\n`);
    expect(welcome[0]!.message.html).toContain(`<a href="${link}">Unsubscribe</a>`);
    expect(welcome[0]!.message.headers).toEqual({ 'List-Unsubscribe': `<${link}>` });
    expect(rows[0]!.unsubscribeToken).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const token = rows[0]!.unsubscribeToken;
    for (let time = 0; time < 2; time += 1) {
      const left = await send('/newsletter/unsubscribe', { token });
      expect([left.statusCode, left.json()]).toEqual([200, { message: messageTexts.unsubscribed }]);
    }
    const [after] = await database.db.select().from(newsletterSignups);
    expect(after!.unsubscribedAt).toBeInstanceOf(Date);
    const unknown = await send('/newsletter/unsubscribe', { token: 'A'.repeat(43) });
    expect([unknown.statusCode, unknown.json()]).toEqual([
      404,
      { error: messageTexts.unsubscribeLinkInvalid },
    ]);
    const malformed = await send('/newsletter/unsubscribe', { token: 'x' });
    expect([malformed.statusCode, malformed.json().fields]).toEqual([
      400,
      { token: messageTexts.unsubscribeLinkInvalid },
    ]);

    // Signing up again after leaving subscribes again, with a new link and a new welcome mail.
    await send('/newsletter', { email: 'meera@example.com' });
    const [again] = await database.db.select().from(newsletterSignups);
    expect(again).toMatchObject({ id: rows[0]!.id, unsubscribedAt: null });
    expect(again!.unsubscribeToken).not.toBe(token);
    expect((await mails()).filter((row) => row.recipient === 'meera@example.com')).toHaveLength(2);
  });

  it('exports the sign-ups as CSV for the owner only; refuses bad addresses and floods', async () => {
    await send('/newsletter', { email: 'meera@example.com' });
    await send('/newsletter', { email: '+cmd@example.com' });
    const [first] = await database.db
      .select()
      .from(newsletterSignups)
      .where(eq(newsletterSignups.email, 'meera@example.com'));
    await send('/newsletter/unsubscribe', { token: first!.unsubscribeToken });
    const rows = await database.db.select().from(newsletterSignups);
    const csv = await admin('GET', '/newsletter/export.csv', undefined, owner);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="newsletter.csv"');
    const meera = rows.find((row) => row.email === 'meera@example.com')!;
    const other = rows.find((row) => row.email !== 'meera@example.com')!;
    expect(csv.body.split('\n')).toEqual([
      'email,subscribed_at,unsubscribed_at',
      `meera@example.com,${meera.consentedAt.toISOString()},${meera.unsubscribedAt!.toISOString()}`,
      `'+cmd@example.com,${other.consentedAt.toISOString()},`,
      '',
    ]);
    const forStaff = await admin('GET', '/newsletter/export.csv');
    expect([forStaff.statusCode, forStaff.json()]).toEqual([403, { error: OWNER_ONLY_MESSAGE }]);
    expect((await admin('GET', '/messages')).json().newsletter).toEqual({ subscribed: 1, unsubscribed: 1 });

    const bad = await send('/newsletter', { email: 'nobody' });
    expect([bad.statusCode, bad.json().fields]).toEqual([400, { email: messageTexts.invalidEmail }]);
    let last = await send('/newsletter', { email: 'meera@example.com' });
    for (let sent = 0; sent < 10 && last.statusCode === 200; sent += 1) {
      last = await send('/newsletter', { email: 'meera@example.com' });
    }
    expect([last.statusCode, last.json()]).toEqual([429, { error: TOO_MANY_NEWSLETTER_SIGNUPS }]);
  });
});
