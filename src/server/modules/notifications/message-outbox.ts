/**
 * The message outbox (`outgoing_messages`): a WhatsApp, SMS or e-mail message is written here in the
 * transaction of the change it reports and sent after the commit with retries (docs/messages.md). Plain
 * functions taking `db`.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/database';
import { outgoingMessages, phoneConsents } from '../../db/schema/notification-tables';
import {
  renderMessageText,
  type MessageChannel,
  type MessageTemplateCode,
  type MessageVariables,
} from '@shared/notifications/message-templates';
import { isOptedOut } from './phone-consent';
import { messageTemplateSettings } from './message-template-settings';

/** Called after a message was queued (the message sender wakes up; ./message-sender.ts). */
const queuedListeners = new Set<() => void>();

/** Calls `listener` after each queued message until the returned function is called. */
export function onMessageQueued(listener: () => void): () => void {
  queuedListeners.add(listener);
  return () => void queuedListeners.delete(listener);
}

/** A message to queue: its kind, the channel, the recipient and the values its text is filled with. */
export type QueuedMessage = {
  template: MessageTemplateCode;
  channel: MessageChannel;
  /** An E.164 Indian mobile number (`+919876543210`) for `whatsapp` and `sms`; an e-mail address for `email`. */
  to: string;
  variables: MessageVariables;
};

/**
 * Writes `message` to the outbox of `storeId`, due at once, with its text rendered from the store's template
 * (the default English text until the shop changes it). Call it inside the transaction of the change the
 * message reports. A phone that opted out (a 'STOP' reply) gets nothing but the sign-in code it asked for.
 * `known.templateText`: the store's text of the template when the caller holds it (its own or the default, as
 * ./message-template-settings.ts answers it); else it is read.
 * @returns the outbox row's id, or null when the recipient opted out and nothing was queued.
 */
export async function queueMessage(
  db: Db,
  storeId: number,
  message: QueuedMessage,
  known: { templateText?: string } = {},
): Promise<number | null> {
  if (
    message.channel !== 'email' &&
    message.template !== 'otp' &&
    (await isOptedOut(db, storeId, message.to))
  ) {
    return null;
  }
  const template = known.templateText ?? (await messageTemplateSettings(db, storeId, message.template)).text;
  const text = renderMessageText(template, message.variables);
  const [row] = await db
    .insert(outgoingMessages)
    .values({
      storeId,
      channel: message.channel,
      recipient: message.to,
      template: message.template,
      variables: message.variables,
      text,
    })
    .returning({ id: outgoingMessages.id });
  for (const listener of queuedListeners) listener();
  return row!.id;
}

/** A message to a phone whose channel its consent chooses (see {@link queuePhoneMessage}). */
export type PhoneMessage = {
  template: MessageTemplateCode;
  /** An E.164 Indian mobile number (`+919876543210`). */
  to: string;
  variables: MessageVariables;
  /** Whether SMS may carry it when the number did not opt in to WhatsApp (the shop's transactional SMS). */
  smsAllowed: boolean;
  /** The store's text of the template when the caller holds it; else it is read. */
  templateText?: string;
};

/**
 * Writes `message` to the outbox of `storeId` on the channel the number's consent (./phone-consent.ts)
 * chooses, reading the consent and writing the row in one statement: WhatsApp when the number opted in, else
 * SMS when `smsAllowed`; nothing when it opted out (a 'STOP' reply) or neither applies. Call it inside the
 * transaction of the change the message reports.
 * @returns the outbox row's id, or null when nothing was queued.
 */
export async function queuePhoneMessage(
  db: Db,
  storeId: number,
  message: PhoneMessage,
): Promise<number | null> {
  const template =
    message.templateText ?? (await messageTemplateSettings(db, storeId, message.template)).text;
  const text = renderMessageText(template, message.variables);
  const [row] = rowsOf<{ id: number }>(
    await db.execute(sql`
      INSERT INTO ${outgoingMessages} (store_id, channel, recipient, template, variables, text)
      SELECT ${storeId}::integer, chosen.channel, ${message.to}::text, ${message.template}::text,
        ${JSON.stringify(message.variables)}::jsonb, ${text}::text
      FROM (
        SELECT CASE WHEN consent.whatsapp_opt_in_at IS NOT NULL THEN 'whatsapp'
          WHEN ${message.smsAllowed}::boolean THEN 'sms' END AS channel
        FROM (SELECT 1) AS one
          LEFT JOIN ${phoneConsents} AS consent ON consent.store_id = ${storeId}::integer
            AND consent.phone = ${message.to}::text
        WHERE consent.opted_out_at IS NULL
      ) AS chosen
      WHERE chosen.channel IS NOT NULL
      RETURNING id`),
  );
  if (!row) return null;
  for (const listener of queuedListeners) listener();
  return Number(row.id);
}

/** One outbox row as the admin's Messages log and the tests read it. */
export type MessageLogEntry = {
  id: number;
  channel: MessageChannel;
  recipient: string;
  template: MessageTemplateCode;
  variables: MessageVariables;
  text: string;
  status: string;
  createdAt: Date;
};

/** The newest `limit` messages of `storeId`, newest first, optionally of one template only. */
export async function listMessages(
  db: Db,
  storeId: number,
  options: { limit: number; template?: MessageTemplateCode },
): Promise<MessageLogEntry[]> {
  return db
    .select({
      id: outgoingMessages.id,
      channel: outgoingMessages.channel,
      recipient: outgoingMessages.recipient,
      template: outgoingMessages.template,
      variables: outgoingMessages.variables,
      text: outgoingMessages.text,
      status: outgoingMessages.status,
      createdAt: outgoingMessages.createdAt,
    })
    .from(outgoingMessages)
    .where(
      and(
        eq(outgoingMessages.storeId, storeId),
        options.template ? eq(outgoingMessages.template, options.template) : undefined,
      ),
    )
    .orderBy(desc(outgoingMessages.id))
    .limit(options.limit);
}
