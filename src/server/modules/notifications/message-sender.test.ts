/**
 * The message sender on a real database against local stand-ins of the WhatsApp Cloud API and MSG91: without
 * keys messages are kept as files in the exact format browser tests read; with keys a WhatsApp goes in the
 * Cloud API's documented template shape and the provider's id is kept; e-mail goes to the mail outbox; the
 * store's text and subject are used when it set them. Failures and retries: ./message-provider-errors.test.ts.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { outgoingMail } from '../../db/schema/mail-tables';
import {
  ORDER_VARIABLES,
  TEST_PHONE as PHONE,
  useMessageSenderFixture,
} from '../../test/message-sender-fixture';
import { testDatabaseKinds } from '../../test/test-database';
import { saveMessageTemplateSettings } from './message-template-settings';

describe.each(testDatabaseKinds)('the message sender on %s', (kind) => {
  const f = useMessageSenderFixture(kind);
  const { appWith, queue, rowOf, later } = f;

  it('keeps WhatsApp and SMS messages as files without keys, in the exact format, and mails e-mails', async () => {
    const { database, whatsapp, msg91, dataDir, shop } = f;
    const app = await appWith(false);
    const whatsappId = (await queue())!;
    const smsId = (await queue({
      channel: 'sms',
      template: 'otp',
      variables: { code: '482913', shopName: 'Silk House' },
    }))!;
    const emailId = (await queue({ channel: 'email', to: 'asha@example.com' }))!;

    expect(await app.messageSender.tick(later())).toEqual({ sent: 1, kept: 2, retrying: 0, failed: 0 });

    const files = (await readdir(join(dataDir, 'outbox', 'messages'))).sort();
    expect(files).toEqual([
      `${String(whatsappId).padStart(8, '0')}-whatsapp-order-paid.json`,
      `${String(smsId).padStart(8, '0')}-sms-otp.json`,
    ]);
    const kept = JSON.parse(await readFile(join(dataDir, 'outbox', 'messages', files[1]!), 'utf8'));
    const smsRow = await rowOf(smsId);
    expect(kept).toEqual({
      id: smsId,
      channel: 'sms',
      to: PHONE,
      template: 'otp',
      variables: { code: '482913', shopName: 'Silk House' },
      text: '482913 is your Silk House sign-in code. It is valid for 5 minutes. Do not share it.',
      createdAt: smsRow.createdAt.toISOString(),
    });
    expect(Object.keys(kept)).toEqual(['id', 'channel', 'to', 'template', 'variables', 'text', 'createdAt']);
    expect(smsRow).toMatchObject({ status: 'kept', attempts: 1, providerMessageId: null });
    expect((await rowOf(whatsappId)).status).toBe('kept');
    expect(whatsapp.requests).toEqual([]);
    expect(msg91.requests).toEqual([]);

    const email = await rowOf(emailId);
    const [mail] = await database.db.select().from(outgoingMail);
    expect(email).toMatchObject({ status: 'sent', providerMessageId: `mail:${mail!.id}` });
    expect(mail).toMatchObject({
      storeId: shop.storeId,
      recipient: 'asha@example.com',
      subject: 'Payment received for order RS-7KQ29XD3',
    });
    expect(mail!.message.text).toBe(
      'Silk House: we have received ₹1,250.00 for order RS-7KQ29XD3. We will tell you when it ships.',
    );
    expect(mail!.message.from).toEqual({ name: 'Silk House', address: 'care@silk.example' });
    // Nothing is due any more.
    expect(await app.messageSender.tick(later(1000))).toEqual({ sent: 0, kept: 0, retrying: 0, failed: 0 });
  });

  it('renders the store’s own text and subject, and the default where it set none', async () => {
    const { database, shop } = f;
    await saveMessageTemplateSettings(
      database.db,
      shop.storeId,
      'order-paid',
      {
        text: 'Thanks! {{amount}} received for {{orderNumber}}.',
        emailSubject: 'Paid: {{orderNumber}}',
        whatsappTemplateName: null,
        msg91TemplateId: null,
      },
      new Date(),
    );
    const paid = (await queue({ channel: 'email', to: 'asha@example.com' }))!;
    const shipped = (await queue({
      template: 'order-shipped',
      variables: { ...ORDER_VARIABLES, courier: 'Delhivery', trackingLink: 'https://t.example/1' },
    }))!;
    expect((await rowOf(paid)).text).toBe('Thanks! ₹1,250.00 received for RS-7KQ29XD3.');
    expect((await rowOf(shipped)).text).toBe(
      'Silk House: order RS-7KQ29XD3 has shipped with Delhivery. Track it: https://t.example/1',
    );
    const app = await appWith(false);
    await app.messageSender.tick(later());
    const [mail] = await database.db.select().from(outgoingMail);
    expect(mail!.subject).toBe('Paid: RS-7KQ29XD3');
  });

  it('sends a WhatsApp template by the Cloud API and keeps its wamid; COD confirmations carry two buttons', async () => {
    const { database, whatsapp, shop } = f;
    const app = await appWith(true);
    whatsapp.approvedTemplates.add('order_paid');
    whatsapp.approvedTemplates.add('cod_ok');
    await saveMessageTemplateSettings(
      database.db,
      shop.storeId,
      'cod-confirmation',
      { text: null, emailSubject: null, whatsappTemplateName: 'cod_ok', msg91TemplateId: null },
      new Date(),
    );
    const paid = (await queue())!;
    const cod = (await queue({
      template: 'cod-confirmation',
      variables: { ...ORDER_VARIABLES, confirmLink: 'https://shop.example/c/tok123', confirmToken: 'tok123' },
    }))!;

    expect(await app.messageSender.tick(later())).toEqual({ sent: 2, kept: 0, retrying: 0, failed: 0 });
    expect(whatsapp.requests.map((request) => [request.path, request.authorization])).toEqual([
      [`/v21.0/${whatsapp.phoneNumberId}/messages`, `Bearer ${whatsapp.token}`],
      [`/v21.0/${whatsapp.phoneNumberId}/messages`, `Bearer ${whatsapp.token}`],
    ]);
    expect(whatsapp.requests[0]!.body).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '919876543210',
      type: 'template',
      template: {
        name: 'order_paid',
        language: { code: 'en' },
        components: [
          {
            type: 'body',
            parameters: [
              { type: 'text', text: 'Silk House' },
              { type: 'text', text: '₹1,250.00' },
              { type: 'text', text: 'RS-7KQ29XD3' },
            ],
          },
        ],
      },
    });
    const codTemplate = whatsapp.requests[1]!.body.template as { name: string; components: unknown[] };
    expect(codTemplate.name).toBe('cod_ok');
    expect(codTemplate.components.slice(1)).toEqual([
      {
        type: 'button',
        sub_type: 'quick_reply',
        index: '0',
        parameters: [{ type: 'payload', payload: 'cod-confirm:tok123' }],
      },
      {
        type: 'button',
        sub_type: 'quick_reply',
        index: '1',
        parameters: [{ type: 'payload', payload: 'cod-cancel:tok123' }],
      },
    ]);
    expect(await rowOf(paid)).toMatchObject({
      status: 'sent',
      providerMessageId: expect.stringMatching(/^wamid\./),
      lastError: null,
    });
    expect((await rowOf(cod)).status).toBe('sent');
  });
});
