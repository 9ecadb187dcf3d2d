/**
 * The outbox sender (docs/decisions/009-mail-outbox.md): runs in the app process, started and stopped with the
 * app, and sends what the outbox holds. Each {@link OutboxSender.tick} claims the due mails (several servers
 * on one database never claim the same mail), hands each to the mailer and records the outcome: sent, or
 * retried after {@link RETRY_DELAYS_MS} (1 min, 5 min, 30 min, 2 h, 6 h), or failed after the last attempt —
 * then `npm run orders -- mail` lists it for the shop owner. Ticks run every {@link TICK_INTERVAL_MS}, and
 * at once after a route wrote a mail ({@link OutboxSender.wake}). Tests call `tick(now)` with their own clock.
 */
import { OutboxLoop } from '../../outbox-loop';
import type { Db } from '../../db/database';
import { describeMailError, mailErrorText } from './mail-error';
import type { Mailer } from './mailer';
import {
  claimDueMails,
  failAbandonedMails,
  markMailAttemptFailed,
  markMailsSent,
  type ClaimedMail,
} from './outbox';

/** The waits before the 2nd to the 6th attempt (ms); after the 6th failed attempt a mail is failed. */
export const RETRY_DELAYS_MS: readonly number[] = [
  60_000,
  5 * 60_000,
  30 * 60_000,
  2 * 60 * 60_000,
  6 * 60 * 60_000,
];
/** Attempts per mail: the first and one per retry delay. */
export const MAX_MAIL_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
/** How often the sender looks for due mails (ms). */
export const TICK_INTERVAL_MS = 15_000;
/**
 * How long a server's claim on a mail holds (ms): longer than any send (nodemailer's SMTP socket timeout is
 * 10 minutes). A server that stops mid-send leaves the mail to be taken over after this.
 */
export const CLAIM_LEASE_MS = 15 * 60_000;
/** Mails claimed per tick. */
export const MAILS_PER_TICK = 20;
/** How long after {@link OutboxSender.wake} its tick starts (ms). */
export const WAKE_DELAY_MS = 200;

/**
 * When attempt `attempts` + 1 may start after attempt `attempts` failed at `now`, or null when that was the
 * last attempt.
 */
export function retryAt(attempts: number, now: Date): Date | null {
  const delay = RETRY_DELAYS_MS[attempts - 1];
  return delay === undefined ? null : new Date(now.getTime() + delay);
}

/** Where the sender reports (pino's `log.warn/error(object, message)`); never with an address. */
export type SenderLogger = {
  warn(object: Record<string, unknown>, message: string): void;
  error(object: Record<string, unknown>, message: string): void;
};

/** What one tick did. */
export type TickResult = { sent: number; retrying: number; failed: number };

export type OutboxSenderOptions = {
  db: Db;
  mailer: Mailer;
  log: SenderLogger;
  /** The clock of the timer's ticks (default: the system clock). */
  clock?: () => Date;
  /** Between timer ticks (ms; default {@link TICK_INTERVAL_MS}). */
  intervalMs?: number;
};

/** Sends the outbox: {@link tick} once, or {@link start} to tick on a timer until {@link stop}. */
export class OutboxSender {
  private readonly db: Db;
  private readonly mailer: Mailer;
  private readonly log: SenderLogger;
  private readonly clock: () => Date;
  private readonly loop: OutboxLoop;

  constructor(options: OutboxSenderOptions) {
    this.db = options.db;
    this.mailer = options.mailer;
    this.log = options.log;
    this.clock = options.clock ?? (() => new Date());
    // A wake-up's tick leaves giving up on abandoned mails to the timer's ticks.
    this.loop = new OutboxLoop({
      intervalMs: options.intervalMs ?? TICK_INTERVAL_MS,
      wakeDelayMs: WAKE_DELAY_MS,
      tick: (cause) => this.tick(this.clock(), { sweepAbandoned: cause === 'timer' }),
      log: this.log,
      failureMessage: 'mail outbox tick failed',
    });
  }

  /**
   * Sends every mail due at `now`, one after another, and records the outcomes: each failure as it happens,
   * the mails the transport accepted together at the end (one statement; a server that stops in between
   * sends those again once their claim lapses — delivery is at least once either way). A transport failure is
   * recorded on the mail (never thrown); a database failure rejects and the claimed mails are taken over
   * when their claim lapses.
   * @param options.sweepAbandoned also give up on mails whose last attempt never reported back (default true;
   *   the ticks {@link wake} asks for leave that to the timer's).
   */
  async tick(now: Date = this.clock(), options: { sweepAbandoned?: boolean } = {}): Promise<TickResult> {
    const result: TickResult = { sent: 0, retrying: 0, failed: 0 };
    if (options.sweepAbandoned ?? true) {
      result.failed += await failAbandonedMails(this.db, now, MAX_MAIL_ATTEMPTS);
    }
    const claimed = await claimDueMails(this.db, now, {
      limit: MAILS_PER_TICK,
      leaseMs: CLAIM_LEASE_MS,
      maxAttempts: MAX_MAIL_ATTEMPTS,
    });
    const sent: ClaimedMail[] = [];
    for (const mail of claimed) {
      if (await this.send(mail, now)) sent.push(mail);
      else if (mail.attempts >= MAX_MAIL_ATTEMPTS) result.failed++;
      else result.retrying++;
    }
    await markMailsSent(this.db, sent, now);
    result.sent = sent.length;
    return result;
  }

  /** Starts ticking: now, then every interval (the timer does not keep the process alive). */
  start(): void {
    this.loop.start();
  }

  /**
   * Asks for a tick within {@link WAKE_DELAY_MS} (a route just wrote a mail); ticks already running are
   * followed by one more. The wait gathers the mails of a busy moment into one tick.
   */
  wake(): void {
    this.loop.wake();
  }

  /** Stops the timer and waits for a tick in progress; unsent mails stay in the outbox for the next start. */
  stop(): Promise<void> {
    return this.loop.stop();
  }

  private async send(mail: ClaimedMail, now: Date): Promise<boolean> {
    try {
      await this.mailer.sendMail({ ...mail.message });
    } catch (error) {
      const next = retryAt(mail.attempts, now);
      await markMailAttemptFailed(this.db, mail, mailErrorText(error), next);
      const details = { mailId: mail.id, storeId: mail.storeId, attempts: mail.attempts };
      if (next) {
        this.log.warn(
          { ...details, retryAt: next.toISOString(), mailError: describeMailError(error) },
          'e-mail not sent; will retry',
        );
      } else {
        this.log.error(
          { ...details, mailError: describeMailError(error) },
          'e-mail not sent after the last attempt; `npm run orders -- mail` lists it',
        );
      }
      return false;
    }
    return true;
  }
}
