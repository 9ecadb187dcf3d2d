/**
 * The one interface of the message channels (docs/messages.md "Channels and providers"): WhatsApp (Meta's
 * WhatsApp Cloud API), SMS (MSG91's Flow API) and e-mail (the mail outbox). The message sender hands each
 * claimed message to its channel's adapter and records the outcome.
 */
import type { Db } from '../../../db/database';
import type {
  MessageChannel,
  MessageTemplateCode,
  MessageVariables,
} from '@shared/notifications/message-templates';
import type { MessageTemplateSettings } from '@shared/notifications/message-admin-schemas';

/** A message the sender hands to an adapter: one outbox row. */
export type SendableMessage = {
  id: number;
  storeId: number;
  channel: MessageChannel;
  /** E.164 (`+919876543210`) for WhatsApp and SMS, an e-mail address for e-mail. */
  recipient: string;
  template: MessageTemplateCode;
  variables: MessageVariables;
  /** The text as rendered when the message was queued. */
  text: string;
  createdAt: Date;
};

/**
 * What one attempt came to: `sent` with the provider's id for the message; `failed` for good (the provider
 * refused it: a 4xx, a missing template id) with the reason; `retry` when it may work later (a 5xx, a
 * timeout, no connection). Reasons name no key or token.
 */
export type SendOutcome =
  | { kind: 'sent'; providerMessageId: string }
  | { kind: 'failed'; reason: string }
  | { kind: 'retry'; reason: string };

/** One channel's sending. */
export interface ChannelAdapter {
  readonly channel: MessageChannel;
  /**
   * True when the provider's keys are set: messages are sent. False in test mode: the sender keeps each
   * message as a file instead (./kept-message-file.ts).
   */
  readonly live: boolean;
  /** Sends `message` with the store's settings of its template; never throws for a provider's answer. */
  send(db: Db, message: SendableMessage, settings: MessageTemplateSettings): Promise<SendOutcome>;
}
