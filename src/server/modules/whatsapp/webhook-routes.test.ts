/**
 * WhatsApp's webhook through `app.inject()` on a real database: the verify handshake answers the challenge
 * only for the right token; every event needs a valid `X-Hub-Signature-256` (forged or missing → 401, nothing
 * changes); status events move the message they name (forward only, this store's only); a 'STOP' reply opts
 * the number out; COD buttons with an unknown token and other payloads are ignored with 200.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { outgoingMessages } from '../../db/schema/notification-tables';
import { insertTestShop, type TestShop } from '../../test/order-fixture';
import { buildTestApp } from '../../test/test-app';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '../../test/test-database';
import { isOptedOut } from '../notifications/phone-consent';
import { whatsappSignature } from './webhook-signature';

const VERIFY_TOKEN = 'verify-token-4f2a9c';
const APP_SECRET = 'app-secret-9d81e3b7c6a5';
const URL = '/api/v1/messages/whatsapp/webhook';

/** A webhook event of Meta's documented shape with `value` in its one change. */
const eventOf = (value: Record<string, unknown>) => ({
  object: 'whatsapp_business_account',
  entry: [
    {
      id: '102290129340398',
      changes: [
        {
          field: 'messages',
          value: {
            messaging_product: 'whatsapp',
            metadata: { display_phone_number: '15550783881', phone_number_id: '106540352242922' },
            ...value,
          },
        },
      ],
    },
  ],
});
const statusEvent = (id: string, status: string, extra: Record<string, unknown> = {}) =>
  eventOf({ statuses: [{ id, status, timestamp: '1750263773', recipient_id: '919876543210', ...extra }] });
const replyEvent = (message: Record<string, unknown>) =>
  eventOf({
    contacts: [{ profile: { name: 'Asha' }, wa_id: '919876543210' }],
    messages: [{ from: '919876543210', id: 'wamid.IN1', timestamp: '1750263773', ...message }],
  });

describe.each(testDatabaseKinds)('the WhatsApp webhook on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let shop: TestShop;
  let other: TestShop;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    app = await buildTestApp(
      database,
      { WHATSAPP_VERIFY_TOKEN: VERIFY_TOKEN, WHATSAPP_APP_SECRET: APP_SECRET },
      { messages: { autoStart: false } },
    );
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });
  beforeEach(async () => {
    await database.reset();
    shop = await insertTestShop(database.db, { host: 'silk.example' });
    other = await insertTestShop(database.db, {
      isDefault: false,
      host: 'other.example',
      storeName: 'Other',
    });
  });

  const post = (payload: unknown, signature?: string | null, host = 'silk.example') => {
    const body = JSON.stringify(payload);
    return app.inject({
      method: 'POST',
      url: URL,
      headers: {
        'content-type': 'application/json',
        'x-store-host': host,
        ...(signature === null
          ? {}
          : { 'x-hub-signature-256': signature ?? whatsappSignature(body, APP_SECRET) }),
      },
      payload: body,
    });
  };
  const sentMessage = async (
    storeId: number,
    providerMessageId: string,
    status: 'sent' | 'read' = 'sent',
  ) => {
    const [row] = await database.db
      .insert(outgoingMessages)
      .values({
        storeId,
        channel: 'whatsapp',
        recipient: '+919876543210',
        template: 'order-paid',
        variables: {},
        text: 'Paid',
        status,
        providerMessageId,
      })
      .returning({ id: outgoingMessages.id });
    return row!.id;
  };
  const statusOf = async (id: number) =>
    (await database.db.select().from(outgoingMessages).where(eq(outgoingMessages.id, id)))[0]!;

  it('answers the verify handshake with the challenge only for the right token', async () => {
    const verify = (query: string) => app.inject({ method: 'GET', url: `${URL}?${query}` });
    const ok = await verify(`hub.mode=subscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=1158201444`);
    expect([ok.statusCode, ok.headers['content-type'], ok.body]).toEqual([
      200,
      'text/plain; charset=utf-8',
      '1158201444',
    ]);
    for (const query of [
      'hub.mode=subscribe&hub.verify_token=wrong-token-123&hub.challenge=1',
      `hub.mode=unsubscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=1`,
      'hub.challenge=1',
    ]) {
      const refused = await verify(query);
      expect([refused.statusCode, refused.json()]).toEqual([
        403,
        { error: 'The verify token does not match' },
      ]);
    }
    const unset = await buildTestApp(database, {}, { messages: { autoStart: false } });
    const off = await unset.inject({
      method: 'GET',
      url: `${URL}?hub.mode=subscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=1`,
    });
    expect(off.statusCode).toBe(403);
    const offPost = await unset.inject({ method: 'POST', url: URL, payload: statusEvent('wamid.X', 'read') });
    expect([offPost.statusCode, offPost.json()]).toEqual([
      404,
      { error: 'The WhatsApp webhook is not set up' },
    ]);
    await unset.close();
  });

  it('refuses forged and unsigned events with 401 and changes nothing', async () => {
    const id = await sentMessage(shop.storeId, 'wamid.A1');
    const event = statusEvent('wamid.A1', 'read');
    const forged = await post(event, whatsappSignature(JSON.stringify(event), 'not-the-app-secret'));
    expect([forged.statusCode, forged.json()]).toEqual([401, { error: 'The signature does not match' }]);
    const unsigned = await post(event, null);
    expect(unsigned.statusCode).toBe(401);
    const malformed = await post(event, 'sha1=abc');
    expect(malformed.statusCode).toBe(401);
    // A valid signature of other bytes (the body was changed on the way).
    const tampered = await post(
      event,
      whatsappSignature(JSON.stringify(statusEvent('wamid.A1', 'sent')), APP_SECRET),
    );
    expect(tampered.statusCode).toBe(401);
    const stop = await post(replyEvent({ type: 'text', text: { body: 'STOP' } }), 'sha256=' + '0'.repeat(64));
    expect(stop.statusCode).toBe(401);
    expect((await statusOf(id)).status).toBe('sent');
    expect(await isOptedOut(database.db, shop.storeId, '+919876543210')).toBe(false);
  });

  it('keeps delivery and read statuses on the message, forward only, and failures with the reason', async () => {
    const id = await sentMessage(shop.storeId, 'wamid.B1');
    const otherStores = await sentMessage(other.storeId, 'wamid.B1');
    const delivered = await post(statusEvent('wamid.B1', 'delivered'));
    expect([delivered.statusCode, delivered.json()]).toEqual([
      200,
      { received: true, statuses: 1, optOuts: 0, codAnswers: 0 },
    ]);
    expect((await statusOf(id)).status).toBe('delivered');
    expect((await post(statusEvent('wamid.B1', 'read'))).json().statuses).toBe(1);
    // Out of order: a late 'delivered' after 'read' changes nothing.
    expect((await post(statusEvent('wamid.B1', 'delivered'))).json().statuses).toBe(0);
    expect((await statusOf(id)).status).toBe('read');
    expect((await statusOf(otherStores)).status).toBe('sent');

    const failing = await sentMessage(shop.storeId, 'wamid.C1');
    await post(
      statusEvent('wamid.C1', 'failed', {
        errors: [{ code: 131026, title: 'Message undeliverable', message: 'Message undeliverable' }],
      }),
    );
    expect(await statusOf(failing)).toMatchObject({
      status: 'failed',
      lastError: 'WhatsApp reported: Message undeliverable (code 131026)',
    });
    const unknown = await post(statusEvent('wamid.NOPE', 'read'));
    expect([unknown.statusCode, unknown.json().statuses]).toEqual([200, 0]);
  });

  it('opts a number out on a STOP reply (any case, trimmed), in the request’s store only', async () => {
    const hello = await post(replyEvent({ type: 'text', text: { body: 'Hello, is my order shipped?' } }));
    expect(hello.json()).toEqual({ received: true, statuses: 0, optOuts: 0, codAnswers: 0 });
    expect(await isOptedOut(database.db, shop.storeId, '+919876543210')).toBe(false);
    const stop = await post(replyEvent({ type: 'text', text: { body: '  stop \n' } }));
    expect(stop.json()).toEqual({ received: true, statuses: 0, optOuts: 1, codAnswers: 0 });
    expect(await isOptedOut(database.db, shop.storeId, '+919876543210')).toBe(true);
    expect(await isOptedOut(database.db, other.storeId, '+919876543210')).toBe(false);
  });

  it('ignores COD buttons whose token no order waits on, and unknown payloads, with 200', async () => {
    for (const message of [
      { type: 'button', button: { payload: 'cod-confirm:unknownToken123', text: 'Confirm' } },
      {
        type: 'interactive',
        interactive: {
          type: 'button_reply',
          button_reply: { id: 'cod-cancel:unknownToken123', title: 'Cancel' },
        },
      },
      { type: 'button', button: { payload: 'something-else', text: 'Hi' } },
      { type: 'image', image: { id: '1' } },
    ]) {
      const answer = await post(replyEvent(message));
      expect([answer.statusCode, answer.json()]).toEqual([
        200,
        { received: true, statuses: 0, optOuts: 0, codAnswers: 0 },
      ]);
    }
    const notAnEvent = await post({ entry: 'nope' });
    expect([notAnEvent.statusCode, notAnEvent.json()]).toEqual([
      400,
      { error: 'Expected a WhatsApp webhook event' },
    ]);
  });
});
