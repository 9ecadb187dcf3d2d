/**
 * Each store's own version of a message (docs/messages.md "Templates"): the text it sends instead of the
 * default English one, the e-mail subject, and the names the providers know the message by — the WhatsApp
 * template Meta approved and the MSG91 (DLT) template id. A message without a row here uses the defaults.
 * Change a table here, then run `npm run db:generate`.
 */
import { integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { MessageTemplateCode } from '@shared/notifications/message-templates';
import { stores } from './store-tables';

/** One store's settings of one message; a null column falls back to the default. */
export const messageTemplates = pgTable(
  'message_templates',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    template: text('template').$type<MessageTemplateCode>().notNull(),
    /** The text with `{{name}}` variables; null → the default English text. */
    text: text('text'),
    /** The subject when the message goes by e-mail; null → the default subject. */
    emailSubject: text('email_subject'),
    /** The name of the WhatsApp template Meta approved for it; null → the code with `_` for `-`. */
    whatsappTemplateName: text('whatsapp_template_name'),
    /** The MSG91 flow template id (mapped to the DLT template id); null → the SMS cannot be sent. */
    msg91TemplateId: text('msg91_template_id'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('message_templates_store_template').on(table.storeId, table.template)],
);
