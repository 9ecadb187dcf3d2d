/**
 * The admin's 'Sent messages' and 'Templates' tabs through `app.inject()` on a real database: the log lists
 * the store's messages newest first with recipients masked, filtered by channel and status; templates answer
 * every message with its defaults, save the store's text and provider names, refuse unknown variables and bad
 * names with exact texts; members only, this store only.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { outgoingMessages } from '../../db/schema/notification-tables';
import { insertSignedInMember, type SessionMember } from '../../test/admin-member';
import { insertTestShop, type TestShop } from '../../test/order-fixture';
import { buildTestApp } from '../../test/test-app';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '../../test/test-database';
import { insertSignedInCustomers } from '../../test/session-customer';

describe.each(testDatabaseKinds)('the message admin routes on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let shop: TestShop;
  let staff: SessionMember;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    app = await buildTestApp(database, {}, { messages: { autoStart: false } });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });
  beforeEach(async () => {
    await database.reset();
    shop = await insertTestShop(database.db);
    staff = await insertSignedInMember(database.db, shop.storeId, 'staff');
  });

  const admin = (
    method: 'GET' | 'PUT',
    url: string,
    payload?: object,
    headers: Record<string, string> = staff.headers,
  ) => app.inject({ method, url: `/api/v1/admin${url}`, headers, ...(payload ? { payload } : {}) });

  it('lists the store’s messages newest first, masked, filtered by channel and status', async () => {
    const other = await insertTestShop(database.db, { isDefault: false, storeName: 'Other' });
    const row = (
      storeId: number,
      channel: 'whatsapp' | 'sms' | 'email',
      recipient: string,
      status: 'kept' | 'sent' | 'failed',
    ) => ({
      storeId,
      channel,
      recipient,
      template: 'order-paid' as const,
      variables: {},
      text: `Paid by ${channel}`,
      status,
    });
    await database.db
      .insert(outgoingMessages)
      .values([
        row(shop.storeId, 'whatsapp', '+919876543210', 'kept'),
        row(shop.storeId, 'sms', '+919812345678', 'failed'),
        row(shop.storeId, 'email', 'asha@example.com', 'sent'),
        row(other.storeId, 'sms', '+919800000000', 'sent'),
      ]);
    const all = await admin('GET', '/outgoing-messages');
    expect(all.statusCode).toBe(200);
    expect(all.json()).toMatchObject({ page: 1, limit: 25, hasMore: false });
    expect(
      all
        .json()
        .messages.map((m: { channel: string; recipient: string; status: string }) => [
          m.channel,
          m.recipient,
          m.status,
        ]),
    ).toEqual([
      ['email', 'a•••@example.com', 'sent'],
      ['sms', '+91 98•••••678', 'failed'],
      ['whatsapp', '+91 98•••••210', 'kept'],
    ]);
    expect(all.json().messages[2]).toMatchObject({
      template: 'order-paid',
      text: 'Paid by whatsapp',
      attempts: 0,
      lastError: null,
      sentAt: null,
    });
    const sms = await admin('GET', '/outgoing-messages?channel=sms');
    expect(sms.json().messages).toHaveLength(1);
    const kept = await admin('GET', '/outgoing-messages?status=kept&limit=1');
    expect(kept.json().messages.map((m: { channel: string }) => m.channel)).toEqual(['whatsapp']);
    const bad = await admin('GET', '/outgoing-messages?channel=fax&status=lost');
    expect([bad.statusCode, bad.json()]).toEqual([
      400,
      {
        error: 'Invalid query parameters: channel, status',
        fields: {
          channel: 'must be whatsapp, sms or email',
          status: 'must be one of pending, sending, sent, delivered, read, failed, kept',
        },
      },
    ]);
    const [customer] = await insertSignedInCustomers(database.db, 1, shop.storeId);
    expect((await admin('GET', '/outgoing-messages', undefined, customer!.headers)).statusCode).toBe(403);
    expect((await admin('GET', '/outgoing-messages', undefined, {})).statusCode).toBe(401);
  });

  it('answers every template with its defaults and saves the store’s text and provider names', async () => {
    const list = await admin('GET', '/message-templates');
    expect(list.statusCode).toBe(200);
    expect(list.json().templates).toHaveLength(13);
    expect(list.json().templates[1]).toEqual({
      template: 'order-paid',
      text: '{{shopName}}: we have received {{amount}} for order {{orderNumber}}. We will tell you when it ships.',
      defaultText:
        '{{shopName}}: we have received {{amount}} for order {{orderNumber}}. We will tell you when it ships.',
      emailSubject: 'Payment received for order {{orderNumber}}',
      defaultEmailSubject: 'Payment received for order {{orderNumber}}',
      whatsappTemplateName: 'order_paid',
      msg91TemplateId: null,
      variables: ['shopName', 'amount', 'orderNumber'],
      customised: false,
    });

    const saved = await admin('PUT', '/message-templates/order-paid', {
      text: '  {{amount}} received for {{orderNumber}}. ',
      emailSubject: '',
      whatsappTemplateName: 'paid_v2',
      msg91TemplateId: '6650a1b2c3d4e5f601234567',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      text: '{{amount}} received for {{orderNumber}}.',
      emailSubject: 'Payment received for order {{orderNumber}}',
      whatsappTemplateName: 'paid_v2',
      msg91TemplateId: '6650a1b2c3d4e5f601234567',
      customised: true,
    });
    const again = await admin('GET', '/message-templates');
    expect(again.json().templates[1].text).toBe('{{amount}} received for {{orderNumber}}.');

    const reset = await admin('PUT', '/message-templates/order-paid', {
      text: null,
      emailSubject: null,
      whatsappTemplateName: null,
      msg91TemplateId: null,
    });
    expect(reset.json()).toMatchObject({ whatsappTemplateName: 'order_paid', customised: false });
  });

  it('refuses unknown variables, bad names and unknown templates with exact texts', async () => {
    const unknown = await admin('PUT', '/message-templates/order-paid', {
      text: 'Paid {{amount}} by {{customerName}}',
      emailSubject: 'For {{trackingLink}}',
      whatsappTemplateName: null,
      msg91TemplateId: null,
    });
    expect([unknown.statusCode, unknown.json()]).toEqual([
      400,
      {
        error: 'Invalid fields: text, emailSubject',
        fields: {
          text: 'Unknown variable {{customerName}}: this message has {{shopName}}, {{amount}}, {{orderNumber}}',
          emailSubject:
            'Unknown variable {{trackingLink}}: this message has {{shopName}}, {{amount}}, {{orderNumber}}',
        },
      },
    ]);
    const names = await admin('PUT', '/message-templates/order-paid', {
      text: null,
      emailSubject: null,
      whatsappTemplateName: 'Order Paid',
      msg91TemplateId: 'flow-1!',
    });
    expect([names.statusCode, names.json()]).toEqual([
      400,
      {
        error: 'Invalid fields: whatsappTemplateName, msg91TemplateId',
        fields: {
          whatsappTemplateName: 'must be lower-case letters, digits and _ (as named at Meta)',
          msg91TemplateId: 'must be the template id from MSG91 (letters and digits)',
        },
      },
    ]);
    const noSuch = await admin('PUT', '/message-templates/birthday', {
      text: null,
      emailSubject: null,
      whatsappTemplateName: null,
      msg91TemplateId: null,
    });
    expect([noSuch.statusCode, noSuch.json()]).toEqual([
      400,
      { error: 'Invalid path parameter: template', fields: { template: 'must be a message template code' } },
    ]);
  });
});
