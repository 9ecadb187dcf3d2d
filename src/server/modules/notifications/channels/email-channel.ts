/**
 * E-mail through the mail outbox (docs/messages.md "Channels and providers"): the message's text under the
 * store's subject for it becomes a mail of the mail outbox, which sends it with its own retries (SMTP_URL,
 * else an `.eml` file in `DATA_DIR/outbox`). The mail outbox sits beside this module, so the app hands in
 * the function that writes the mail.
 */
import type { Db } from '../../../db/database';
import { renderMessageText } from '@shared/notifications/message-templates';
import type { ChannelAdapter } from './channel-adapter';

/** Writes a plain-text mail from the store `storeId` to the mail outbox; answers the mail's id. */
export type QueueMail = (
  db: Db,
  storeId: number,
  mail: { to: string; subject: string; text: string },
) => Promise<number>;

/** The e-mail adapter: always live (the mail outbox has its own test mode). */
export function emailChannel(queueMail: QueueMail, onQueued: () => void = () => {}): ChannelAdapter {
  return {
    channel: 'email',
    live: true,
    async send(db, message, template) {
      const subject = renderMessageText(template.emailSubject, message.variables);
      const mailId = await queueMail(db, message.storeId, {
        to: message.recipient,
        subject,
        text: message.text,
      });
      onQueued();
      return { kind: 'sent', providerMessageId: `mail:${mailId}` };
    },
  };
}
