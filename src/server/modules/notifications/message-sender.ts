/**
 * The message sender (docs/messages.md, docs/decisions/029-message-channels.md): runs in the app process,
 * started and stopped with the app like the mail outbox's sender. Each {@link MessageSender.tick} claims the
 * due messages of the message outbox and hands each to its channel's adapter: sent (the provider's id kept),
 * kept as a file when the channel has no provider keys (test mode), retried after {@link MESSAGE_RETRY_DELAYS_MS}
 * when the provider may take it later, or failed (the provider refused it, or the last attempt failed). Ticks
 * run every {@link MESSAGE_TICK_INTERVAL_MS}, and shortly after a message is queued. Tests call `tick(now)`.
 */
import { OutboxLoop } from '../../outbox-loop';
import type { Db } from '../../db/database';
import type { MessageChannel } from '@shared/notifications/message-templates';
import type { ChannelAdapter, SendOutcome } from './channels/channel-adapter';
import {
  claimDueMessages,
  failAbandonedMessages,
  markMessageAttemptFailed,
  markMessageKept,
  markMessageSent,
  type ClaimedMessage,
} from './message-claims';
import { onMessageQueued } from './message-outbox';
import { messageTemplateSettings } from './message-template-settings';
import { writeKeptMessage } from './kept-message-file';

/** The waits before the 2nd to the 5th attempt (ms): 30 s, 2 min, 10 min, 1 h; then the message is failed. */
export const MESSAGE_RETRY_DELAYS_MS: readonly number[] = [30_000, 2 * 60_000, 10 * 60_000, 60 * 60_000];
/** Attempts per message: the first and one per retry delay. */
export const MAX_MESSAGE_ATTEMPTS = MESSAGE_RETRY_DELAYS_MS.length + 1;
/** How often the sender looks for due messages (ms). */
export const MESSAGE_TICK_INTERVAL_MS = 5_000;
/** How long a claim holds (ms): far longer than a provider's time limit. */
export const MESSAGE_CLAIM_LEASE_MS = 5 * 60_000;
/** Messages claimed per tick. */
export const MESSAGES_PER_TICK = 20;
/** How long after a message is queued the sender's tick starts (ms). */
export const MESSAGE_WAKE_DELAY_MS = 100;

/** When attempt `attempts` + 1 may start after attempt `attempts` failed at `now`; null after the last. */
export function messageRetryAt(attempts: number, now: Date): Date | null {
  const delay = MESSAGE_RETRY_DELAYS_MS[attempts - 1];
  return delay === undefined ? null : new Date(now.getTime() + delay);
}

/** Where the sender reports (pino's `log.warn/error(object, message)`); never with a recipient or a key. */
export type MessageSenderLogger = {
  warn(object: Record<string, unknown>, message: string): void;
  error(object: Record<string, unknown>, message: string): void;
};

/** What one tick did. */
export type MessageTickResult = { sent: number; kept: number; retrying: number; failed: number };

export type MessageSenderOptions = {
  db: Db;
  /** One adapter per channel. */
  channels: ChannelAdapter[];
  /** Where test mode keeps the messages (`DATA_DIR`; files go to `outbox/messages/`). */
  dataDir: string;
  log: MessageSenderLogger;
  clock?: () => Date;
  intervalMs?: number;
};

/** Sends the message outbox: {@link tick} once, or {@link start} to tick on a timer until {@link stop}. */
export class MessageSender {
  private readonly channels: Map<MessageChannel, ChannelAdapter>;
  private readonly clock: () => Date;
  private readonly loop: OutboxLoop;

  constructor(private readonly options: MessageSenderOptions) {
    this.channels = new Map(options.channels.map((adapter) => [adapter.channel, adapter]));
    this.clock = options.clock ?? (() => new Date());
    this.loop = new OutboxLoop({
      intervalMs: options.intervalMs ?? MESSAGE_TICK_INTERVAL_MS,
      wakeDelayMs: MESSAGE_WAKE_DELAY_MS,
      tick: () => this.tick(this.clock()),
      log: options.log,
      failureMessage: 'message outbox tick failed',
      subscribe: onMessageQueued,
    });
  }

  /**
   * Sends every message due at `now`, one after another, recording each outcome as it happens. A provider's
   * failure is recorded on the message (never thrown); a database failure rejects, and the claimed messages
   * are taken over when their claim lapses.
   */
  async tick(now: Date = this.clock()): Promise<MessageTickResult> {
    const { db } = this.options;
    const result: MessageTickResult = { sent: 0, kept: 0, retrying: 0, failed: 0 };
    result.failed += await failAbandonedMessages(db, now, MAX_MESSAGE_ATTEMPTS);
    const claimed = await claimDueMessages(db, now, {
      limit: MESSAGES_PER_TICK,
      leaseMs: MESSAGE_CLAIM_LEASE_MS,
      maxAttempts: MAX_MESSAGE_ATTEMPTS,
    });
    for (const message of claimed) {
      const outcome = await this.attempt(message);
      if (outcome === 'kept') {
        await markMessageKept(db, message, now);
        result.kept++;
      } else if (outcome.kind === 'sent') {
        await markMessageSent(db, message, outcome.providerMessageId, now);
        result.sent++;
      } else {
        const next = outcome.kind === 'retry' ? messageRetryAt(message.attempts, now) : null;
        await markMessageAttemptFailed(db, message, outcome.reason, next);
        const details = {
          messageId: message.id,
          storeId: message.storeId,
          channel: message.channel,
          attempts: message.attempts,
          reason: outcome.reason,
        };
        if (next) {
          this.options.log.warn({ ...details, retryAt: next.toISOString() }, 'message not sent; will retry');
          result.retrying++;
        } else {
          this.options.log.error(details, 'message not sent; given up');
          result.failed++;
        }
      }
    }
    return result;
  }

  /** Starts ticking: now, then every interval, and soon after each queued message. */
  start(): void {
    this.loop.start();
  }

  /** Asks for a tick within {@link MESSAGE_WAKE_DELAY_MS}. */
  wake(): void {
    this.loop.wake();
  }

  /** Stops the timer and waits for a tick in progress; unsent messages stay for the next start. */
  stop(): Promise<void> {
    return this.loop.stop();
  }

  /** One attempt: `kept` in test mode, else the adapter's outcome (a thrown error counts as retry). */
  private async attempt(message: ClaimedMessage): Promise<SendOutcome | 'kept'> {
    const adapter = this.channels.get(message.channel);
    if (!adapter) return { kind: 'failed', reason: `No adapter sends ${message.channel} messages` };
    try {
      if (!adapter.live) {
        await writeKeptMessage(this.options.dataDir, message);
        return 'kept';
      }
      const settings = await messageTemplateSettings(this.options.db, message.storeId, message.template);
      return await adapter.send(this.options.db, message, settings);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      return { kind: 'retry', reason: `The attempt failed: ${reason.slice(0, 200)}` };
    }
  }
}
