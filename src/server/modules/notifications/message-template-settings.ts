/**
 * Each store's version of its messages (docs/messages.md "Templates"): the text, the e-mail subject, the
 * WhatsApp template name and the MSG91 template id, each falling back to its default. Plain functions taking
 * `db`.
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { messageTemplates } from '../../db/schema/message-template-tables';
import {
  DEFAULT_MESSAGE_TEXTS,
  MESSAGE_TEMPLATE_CODES,
  type MessageTemplateCode,
} from '@shared/notifications/message-templates';
import {
  DEFAULT_EMAIL_SUBJECTS,
  MESSAGE_VARIABLES,
  defaultWhatsappTemplateName,
} from '@shared/notifications/message-template-rules';
import {
  unknownVariables,
  type MessageTemplateBody,
  type MessageTemplateSettings,
} from '@shared/notifications/message-admin-schemas';
import { ValidationError } from '../../errors';
import { announceQuoteChange } from '../stores/quote-change';

type TemplateRow = typeof messageTemplates.$inferSelect;

function settingsOf(code: MessageTemplateCode, row: TemplateRow | undefined): MessageTemplateSettings {
  return {
    template: code,
    text: row?.text ?? DEFAULT_MESSAGE_TEXTS[code],
    defaultText: DEFAULT_MESSAGE_TEXTS[code],
    emailSubject: row?.emailSubject ?? DEFAULT_EMAIL_SUBJECTS[code],
    defaultEmailSubject: DEFAULT_EMAIL_SUBJECTS[code],
    whatsappTemplateName: row?.whatsappTemplateName ?? defaultWhatsappTemplateName(code),
    msg91TemplateId: row?.msg91TemplateId ?? null,
    variables: MESSAGE_VARIABLES[code],
    customised: Boolean(
      row && (row.text || row.emailSubject || row.whatsappTemplateName || row.msg91TemplateId),
    ),
  };
}

/** The settings of message `code` in `storeId` (the defaults where the shop set nothing). */
export async function messageTemplateSettings(
  db: Db,
  storeId: number,
  code: MessageTemplateCode,
): Promise<MessageTemplateSettings> {
  const [row] = await db
    .select()
    .from(messageTemplates)
    .where(and(eq(messageTemplates.storeId, storeId), eq(messageTemplates.template, code)));
  return settingsOf(code, row);
}

/** The settings of every message of `storeId`, in the order of MESSAGE_TEMPLATE_CODES. */
export async function listMessageTemplateSettings(
  db: Db,
  storeId: number,
): Promise<MessageTemplateSettings[]> {
  const rows = await db.select().from(messageTemplates).where(eq(messageTemplates.storeId, storeId));
  return MESSAGE_TEMPLATE_CODES.map((code) =>
    settingsOf(
      code,
      rows.find((row) => row.template === code),
    ),
  );
}

/**
 * Saves the store's settings of message `code` at `now` (null fields fall back to the defaults) and answers
 * them as they now are.
 * @throws ValidationError (`text` or `emailSubject`: 'Unknown variable {{x}}: this message has {{a}}, {{b}}')
 *   for a text naming a variable the message does not have.
 */
export async function saveMessageTemplateSettings(
  db: Db,
  storeId: number,
  code: MessageTemplateCode,
  body: MessageTemplateBody,
  now: Date,
): Promise<MessageTemplateSettings> {
  const fields: Record<string, string> = {};
  const allowed = MESSAGE_VARIABLES[code].map((name) => `{{${name}}}`).join(', ');
  for (const key of ['text', 'emailSubject'] as const) {
    const unknown = unknownVariables(code, body[key] ?? '');
    if (unknown.length > 0) {
      fields[key] =
        `Unknown variable ${unknown.map((name) => `{{${name}}}`).join(', ')}: this message has ${allowed}`;
    }
  }
  if (Object.keys(fields).length > 0) throw new ValidationError(fields);
  const values = {
    text: body.text,
    emailSubject: body.emailSubject,
    whatsappTemplateName: body.whatsappTemplateName,
    msg91TemplateId: body.msg91TemplateId,
    updatedAt: now,
  };
  // In a transaction with its announcement: orders keep the store's template texts in process
  // (../orders/order-store-cache.ts) and drop them when a change is announced.
  const row = await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const [saved] = await tx
      .insert(messageTemplates)
      .values({ storeId, template: code, ...values })
      .onConflictDoUpdate({ target: [messageTemplates.storeId, messageTemplates.template], set: values })
      .returning();
    await announceQuoteChange(tx, storeId);
    return saved;
  });
  return settingsOf(code, row);
}
