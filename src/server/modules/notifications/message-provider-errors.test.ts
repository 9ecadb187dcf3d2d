/**
 * The message sender's failures against local stand-ins of the WhatsApp Cloud API and MSG91: 4xx answers fail
 * the message with the provider's reason (never a key), 5xx answers and timeouts retry until the last attempt,
 * and SMS go by MSG91's Flow API with the store's template id or fail without one.
 */
import { describe, expect, it } from 'vitest';
import { ORDER_VARIABLES, useMessageSenderFixture } from '../../test/message-sender-fixture';
import { testDatabaseKinds } from '../../test/test-database';
import { whatsappCloudChannel } from './channels/whatsapp-cloud-channel';
import { MAX_MESSAGE_ATTEMPTS, MESSAGE_RETRY_DELAYS_MS } from './message-sender';
import { messageTemplateSettings, saveMessageTemplateSettings } from './message-template-settings';

describe.each(testDatabaseKinds)('the message sender’s failures on %s', (kind) => {
  const f = useMessageSenderFixture(kind);
  const { appWith, queue, rowOf, later } = f;

  it('fails a WhatsApp message Meta refuses (4xx) with the reason and no token', async () => {
    const { whatsapp } = f;
    const app = await appWith(true, { WHATSAPP_TOKEN: 'EAAG-wrong-token-000000' });
    whatsapp.approvedTemplates.add('order_paid');
    const refused = (await queue())!;
    expect(await app.messageSender.tick(later())).toEqual({ sent: 0, kept: 0, retrying: 0, failed: 1 });
    const row = await rowOf(refused);
    expect(row).toMatchObject({
      status: 'failed',
      attempts: 1,
      lastError: 'WhatsApp answered 401: Invalid OAuth access token - Cannot parse access token (code 190)',
    });
    expect(row.lastError).not.toContain('wrong-token');

    const right = await appWith(true);
    const notApproved = (await queue({ template: 'order-delivered' }))!;
    await right.messageSender.tick(later());
    expect((await rowOf(notApproved)).lastError).toBe(
      'WhatsApp answered 404: (#132001) Template name does not exist in the translation (code 132001): template name (order_delivered) does not exist in en',
    );
  });

  it('retries after a 5xx or a timeout, then sends; gives up after the last attempt', async () => {
    const { database, whatsapp, shop } = f;
    const app = await appWith(true);
    whatsapp.approvedTemplates.add('order_paid');
    const id = (await queue())!;
    whatsapp.failNext(503, { error: { message: 'Service temporarily unavailable', code: 2 } });
    const first = later();
    expect(await app.messageSender.tick(first)).toEqual({ sent: 0, kept: 0, retrying: 1, failed: 0 });
    expect(await rowOf(id)).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastError: 'WhatsApp answered 503: Service temporarily unavailable (code 2)',
      nextAttemptAt: new Date(first.getTime() + MESSAGE_RETRY_DELAYS_MS[0]!),
    });
    // Not due before its retry time.
    expect((await app.messageSender.tick(new Date(first.getTime() + 1000))).retrying).toBe(0);
    expect(await app.messageSender.tick(new Date(first.getTime() + MESSAGE_RETRY_DELAYS_MS[0]!))).toEqual({
      sent: 1,
      kept: 0,
      retrying: 0,
      failed: 0,
    });
    expect(await rowOf(id)).toMatchObject({ status: 'sent', attempts: 2, lastError: null });

    const doomed = (await queue())!;
    let now = later();
    for (let attempt = 1; attempt <= MAX_MESSAGE_ATTEMPTS; attempt++) {
      whatsapp.failNext(500, { error: { message: 'An unknown error occurred', code: 1 } });
      const result = await app.messageSender.tick(now);
      expect(result.retrying + result.failed).toBe(1);
      now = new Date(now.getTime() + (MESSAGE_RETRY_DELAYS_MS[attempt - 1] ?? 0));
    }
    expect(await rowOf(doomed)).toMatchObject({ status: 'failed', attempts: MAX_MESSAGE_ATTEMPTS });

    // A provider that does not answer in time: retry.
    const slow = whatsappCloudChannel(
      {
        WHATSAPP_API_URL: whatsapp.url,
        WHATSAPP_PHONE_NUMBER_ID: whatsapp.phoneNumberId,
        WHATSAPP_TOKEN: whatsapp.token,
      },
      { timeoutMs: 100 },
    );
    whatsapp.delayNext(400);
    const settings = await messageTemplateSettings(database.db, shop.storeId, 'order-paid');
    const outcome = await slow.send(
      database.db,
      { ...(await rowOf(id)), variables: ORDER_VARIABLES },
      settings,
    );
    expect(outcome).toEqual({ kind: 'retry', reason: 'WhatsApp did not answer within 0.1 s' });
  });

  it('sends an SMS by MSG91’s Flow API with the store’s template id; refusals fail, 5xx retry', async () => {
    const { database, msg91, shop } = f;
    const app = await appWith(true);
    msg91.templateIds.add('6650a1b2c3d4e5f601234567');
    const noTemplate = (await queue({ channel: 'sms' }))!;
    expect(await app.messageSender.tick(later())).toEqual({ sent: 0, kept: 0, retrying: 0, failed: 1 });
    expect((await rowOf(noTemplate)).lastError).toBe(
      'No MSG91 template id is set for order-paid (Messages → Templates)',
    );
    expect(msg91.requests).toEqual([]);

    await saveMessageTemplateSettings(
      database.db,
      shop.storeId,
      'order-paid',
      {
        text: null,
        emailSubject: null,
        whatsappTemplateName: null,
        msg91TemplateId: '6650a1b2c3d4e5f601234567',
      },
      new Date(),
    );
    const sms = (await queue({ channel: 'sms' }))!;
    expect((await app.messageSender.tick(later())).sent).toBe(1);
    expect(msg91.requests).toEqual([
      {
        path: '/api/v5/flow/',
        authkey: msg91.authKey,
        body: {
          template_id: '6650a1b2c3d4e5f601234567',
          short_url: '0',
          recipients: [{ ...ORDER_VARIABLES, mobiles: '919876543210' }],
        },
      },
    ]);
    expect(await rowOf(sms)).toMatchObject({
      status: 'sent',
      providerMessageId: '366300000000000000000001',
    });

    const refused = (await queue({ channel: 'sms' }))!;
    msg91.failNext(200, { type: 'error', message: 'Template is not approved by DLT' });
    await app.messageSender.tick(later());
    expect(await rowOf(refused)).toMatchObject({
      status: 'failed',
      lastError: 'MSG91 refused the message: Template is not approved by DLT',
    });

    const wrongKey = await appWith(true, { MSG91_AUTH_KEY: 'wrong-key-000000' });
    const unauthorised = (await queue({ channel: 'sms' }))!;
    await wrongKey.messageSender.tick(later());
    expect(await rowOf(unauthorised)).toMatchObject({
      status: 'failed',
      lastError: 'MSG91 answered 401: Authentication failure',
    });

    const busy = (await queue({ channel: 'sms' }))!;
    msg91.failNext(502, { type: 'error', message: 'Bad gateway' });
    await app.messageSender.tick(later());
    expect(await rowOf(busy)).toMatchObject({
      status: 'pending',
      lastError: 'MSG91 answered 502: Bad gateway',
    });
  });
});
