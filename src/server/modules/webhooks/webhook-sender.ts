/**
 * The webhook sender (docs/decisions/026-outgoing-webhooks.md): runs in the app process, started and stopped
 * with the app like the mail outbox sender (docs/decisions/009-mail-outbox.md). Each {@link WebhookSender.tick}
 * claims the due deliveries (several servers on one PostgreSQL never claim the same one; PGlite has one
 * process), posts each (./webhook-http.ts), and records the answer: delivered on a 2xx, else retried after an
 * exponential backoff with jitter ({@link retryDelayMs}) until 24 h after the event — the last attempt at that
 * moment — then given up. Ticks run every {@link WEBHOOK_TICK_INTERVAL_MS} and shortly after a delivery is
 * written. Tests call `tick(now)` with their own clock.
 */
import { OutboxLoop } from '../../outbox-loop';
import type { Db } from '../../db/database';
import type { ResolveAll } from './webhook-address';
import { postWebhook, WEBHOOK_TIMEOUT_MS } from './webhook-http';
import {
  claimDueDeliveries,
  failExpiredDeliveries,
  recordAttempt,
  type ClaimedDelivery,
} from './webhook-deliveries';
import { onWebhookEnqueued } from './webhook-outbox';
import { webhookSignature } from './webhook-signature';

/** The first retry's wait (ms); each later one doubles, up to {@link MAX_RETRY_DELAY_MS}. */
export const FIRST_RETRY_DELAY_MS = 60_000;
/** The longest wait between two attempts (ms). */
export const MAX_RETRY_DELAY_MS = 4 * 60 * 60_000;
/** How often the sender looks for due deliveries (ms). */
export const WEBHOOK_TICK_INTERVAL_MS = 10_000;
/** How long a server's claim holds (ms): longer than any attempt; then another server may take it over. */
export const WEBHOOK_CLAIM_LEASE_MS = 2 * 60_000;
/** Deliveries claimed per tick. */
export const DELIVERIES_PER_TICK = 20;
/** Attempts made at once within a tick. */
export const PARALLEL_ATTEMPTS = 5;
/** How long after a delivery is written its tick starts (ms): its transaction commits in between. */
export const WEBHOOK_WAKE_DELAY_MS = 200;

/**
 * The wait after failed attempt `attempts` (1 = the first): 1 min, 2 min, 4 min, … doubling up to 4 h, each
 * multiplied by a jitter from 0.8 to 1.2 (`random()` in [0, 1)) so that many deliveries failing together do
 * not come back together.
 */
export function retryDelayMs(attempts: number, random: () => number = Math.random): number {
  const base = Math.min(FIRST_RETRY_DELAY_MS * 2 ** Math.min(attempts - 1, 30), MAX_RETRY_DELAY_MS);
  return Math.round(base * (0.8 + 0.4 * random()));
}

/**
 * When the attempt after failed attempt `attempts` (at `now`) may start: after {@link retryDelayMs}, but not
 * later than `giveUpAt` (the last attempt is made then); null when `now` is already at or past `giveUpAt`.
 */
export function nextAttemptAt(
  attempts: number,
  now: Date,
  giveUpAt: Date,
  random: () => number = Math.random,
): Date | null {
  if (now.getTime() >= giveUpAt.getTime()) return null;
  return new Date(Math.min(now.getTime() + retryDelayMs(attempts, random), giveUpAt.getTime()));
}

/** Where the sender reports (pino's `log.warn/error(object, message)`); never a secret or a body. */
export type WebhookLogger = {
  warn(object: Record<string, unknown>, message: string): void;
  error(object: Record<string, unknown>, message: string): void;
};

/** What one tick did. */
export type WebhookTickResult = { delivered: number; retrying: number; failed: number };

export type WebhookSenderOptions = {
  db: Db;
  log: WebhookLogger;
  /** Only public internet addresses (production: docs/webhooks.md "Addresses"). */
  publicOnly: boolean;
  /** One attempt's time limit (ms; default {@link WEBHOOK_TIMEOUT_MS}). */
  timeoutMs?: number;
  /** The resolver of the public-only check (default: the system's). */
  resolveAll?: ResolveAll;
  /** The jitter's randomness (default `Math.random`). */
  random?: () => number;
  /** The clock of the timer's ticks (default: the system clock). */
  clock?: () => Date;
  /** Between timer ticks (ms; default {@link WEBHOOK_TICK_INTERVAL_MS}). */
  intervalMs?: number;
};

/** Sends the webhook outbox: {@link tick} once, or {@link start} to tick on a timer until {@link stop}. */
export class WebhookSender {
  private readonly options: WebhookSenderOptions;
  private readonly clock: () => Date;
  private readonly loop: OutboxLoop;

  /** Only public internet addresses (production): the admin's check of new endpoints uses it too. */
  readonly publicOnly: boolean;
  /** The resolver of the public-only check. */
  readonly resolveAll: ResolveAll | undefined;

  constructor(options: WebhookSenderOptions) {
    this.options = options;
    this.publicOnly = options.publicOnly;
    this.resolveAll = options.resolveAll;
    this.clock = options.clock ?? (() => new Date());
    this.loop = new OutboxLoop({
      intervalMs: options.intervalMs ?? WEBHOOK_TICK_INTERVAL_MS,
      wakeDelayMs: WEBHOOK_WAKE_DELAY_MS,
      tick: () => this.tick(this.clock()),
      log: options.log,
      failureMessage: 'webhook outbox tick failed',
      subscribe: onWebhookEnqueued,
    });
  }

  /**
   * Attempts every delivery due at `now` ({@link PARALLEL_ATTEMPTS} at a time) and records each answer. A
   * failed attempt is recorded on its delivery (never thrown); a database failure rejects, and the claimed
   * deliveries are taken over when their claim lapses.
   */
  async tick(now: Date = this.clock()): Promise<WebhookTickResult> {
    const result: WebhookTickResult = { delivered: 0, retrying: 0, failed: 0 };
    result.failed += await failExpiredDeliveries(this.options.db, now, WEBHOOK_CLAIM_LEASE_MS);
    const claimed = await claimDueDeliveries(this.options.db, now, {
      limit: DELIVERIES_PER_TICK,
      leaseMs: WEBHOOK_CLAIM_LEASE_MS,
    });
    for (let start = 0; start < claimed.length; start += PARALLEL_ATTEMPTS) {
      const outcomes = await Promise.all(
        claimed.slice(start, start + PARALLEL_ATTEMPTS).map((delivery) => this.attempt(delivery, now)),
      );
      for (const outcome of outcomes) result[outcome]++;
    }
    return result;
  }

  /** Starts ticking: now, then every interval and after each written delivery (the timer does not keep the process alive). */
  start(): void {
    this.loop.start();
  }

  /** Asks for a tick within {@link WEBHOOK_WAKE_DELAY_MS} (a delivery was just written). */
  wake(): void {
    this.loop.wake();
  }

  /** Stops the timer and waits for a tick in progress; waiting deliveries stay in the outbox. */
  stop(): Promise<void> {
    return this.loop.stop();
  }

  private async attempt(delivery: ClaimedDelivery, now: Date): Promise<keyof WebhookTickResult> {
    const outcome = await postWebhook({
      url: delivery.url,
      body: delivery.body,
      headers: {
        'content-type': 'application/json',
        'x-resham-event': delivery.eventType,
        'x-resham-delivery': delivery.id,
        'x-resham-signature': webhookSignature(delivery.secret, delivery.body),
      },
      timeoutMs: this.options.timeoutMs ?? WEBHOOK_TIMEOUT_MS,
      publicOnly: this.options.publicOnly,
      resolveAll: this.options.resolveAll,
    });
    const ok = outcome.statusCode !== null && outcome.statusCode >= 200 && outcome.statusCode < 300;
    const next = ok ? null : nextAttemptAt(delivery.attempts, now, delivery.giveUpAt, this.options.random);
    await recordAttempt(this.options.db, delivery, now, outcome, next);
    if (ok) return 'delivered';
    const details = {
      deliveryId: delivery.id,
      storeId: delivery.storeId,
      event: delivery.eventType,
      attempts: delivery.attempts,
      statusCode: outcome.statusCode,
      webhookError: outcome.error,
    };
    if (next) {
      this.options.log.warn({ ...details, retryAt: next.toISOString() }, 'webhook not delivered; will retry');
      return 'retrying';
    }
    this.options.log.error(details, 'webhook not delivered within 24 hours; given up');
    return 'failed';
  }
}
