/**
 * Removes rows nobody will read again, so tables that only grew stay small: sessions that expired or were
 * signed out, `Idempotency-Key` records older than a day, e-mails sent more than 30 days ago (they hold
 * customers' names and addresses; failed and pending mails stay for the owner to see), and webhook deliveries
 * delivered or given up more than 30 days ago (docs/webhooks.md). The server sweeps once at start and then every
 * hour, deleting in batches of 500 rows per statement so no sweep holds locks (or, on the embedded database,
 * the single connection) for long.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { deleteInBatches } from '../../db/delete-in-batches';
import { outgoingMail } from '../../db/schema/mail-tables';
import { idempotencyKeys } from '../../db/schema/order-tables';
import { sessions } from '../../db/schema/user-tables';
import { sweepPasswordResetTokens } from '../accounts/password-reset';
import { sweepFinishedDeliveries } from '../webhooks/webhook-deliveries';

/**
 * How long an `Idempotency-Key` is remembered, in milliseconds: 24 hours, the window in which a client may
 * retry `POST /orders` and get the same order (the retention Stripe documents for its keys). A retry after
 * that creates a new order.
 */
export const IDEMPOTENCY_KEY_RETENTION_MS = 24 * 60 * 60 * 1000;
/**
 * How long a sent e-mail is kept in the outbox, in milliseconds: 30 days, long enough to answer "did the
 * confirmation go out?" for a recent order, short enough not to keep personal data without need.
 */
export const SENT_MAIL_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;
/** Rows removed per DELETE statement. */
export const SWEEP_BATCH_SIZE = 500;
/** Time between sweeps, in milliseconds (one hour). */
export const SWEEP_INTERVAL_MS = 60 * 60 * 1000;

/** Rows removed by one sweep, per table. */
export type SweepResult = {
  sessions: number;
  idempotencyKeys: number;
  sentMails: number;
  passwordResetTokens: number;
  webhookDeliveries: number;
};

export type SweepOptions = {
  /** The sweep's "now" (default: the current time). */
  now?: Date;
  /** Rows per DELETE statement (default {@link SWEEP_BATCH_SIZE}). */
  batchSize?: number;
};

/**
 * Deletes, in every store, the sessions that expired or were revoked before `now`, the idempotency keys
 * created more than {@link IDEMPOTENCY_KEY_RETENTION_MS} before `now`, the outbox mails sent more than
 * {@link SENT_MAIL_RETENTION_MS} before `now`, the used or expired password reset tokens
 * ({@link sweepPasswordResetTokens}) and the finished webhook deliveries ({@link sweepFinishedDeliveries}),
 * `batchSize` rows per statement.
 * @returns how many sessions, idempotency keys, sent mails, password reset tokens and webhook deliveries were
 *   removed.
 */
export async function sweepExpiredRows(db: Db, options: SweepOptions = {}): Promise<SweepResult> {
  const now = options.now ?? new Date();
  const batchSize = options.batchSize ?? SWEEP_BATCH_SIZE;
  const keysBefore = new Date(now.getTime() - IDEMPOTENCY_KEY_RETENTION_MS);
  const removedSessions = await deleteInBatches(batchSize, () =>
    db.execute(sql`
      DELETE FROM ${sessions} WHERE id IN (
        SELECT id FROM ${sessions}
        WHERE expires_at < ${now.toISOString()} OR revoked_at < ${now.toISOString()}
        LIMIT ${batchSize}
      )
      RETURNING 1`),
  );
  const removedKeys = await deleteInBatches(batchSize, () =>
    db.execute(sql`
      DELETE FROM ${idempotencyKeys} WHERE (store_id, user_id, key) IN (
        SELECT store_id, user_id, key FROM ${idempotencyKeys}
        WHERE created_at < ${keysBefore.toISOString()}
        LIMIT ${batchSize}
      )
      RETURNING 1`),
  );
  const mailsBefore = new Date(now.getTime() - SENT_MAIL_RETENTION_MS);
  const removedMails = await deleteInBatches(batchSize, () =>
    db.execute(sql`
      DELETE FROM ${outgoingMail} WHERE id IN (
        SELECT id FROM ${outgoingMail}
        WHERE status = 'sent' AND sent_at < ${mailsBefore.toISOString()}
        LIMIT ${batchSize}
      )
      RETURNING 1`),
  );
  const removedResetTokens = await sweepPasswordResetTokens(db, now, batchSize);
  const removedDeliveries = await sweepFinishedDeliveries(db, now, batchSize);
  return {
    sessions: removedSessions,
    idempotencyKeys: removedKeys,
    sentMails: removedMails,
    passwordResetTokens: removedResetTokens,
    webhookDeliveries: removedDeliveries,
  };
}

/** A running sweeper; `stop()` cancels the timer and waits for a sweep in progress to finish. */
export type Sweeper = { stop(): Promise<void> };

export type SweeperOptions = {
  /** Time between sweeps, in milliseconds (default {@link SWEEP_INTERVAL_MS}). */
  intervalMs?: number;
  /** Called after each sweep that removed rows. */
  onSwept?: (result: SweepResult) => void;
  /** Called when a sweep fails (the next one runs on time anyway). */
  onError?: (error: unknown) => void;
};

/**
 * Sweeps now, then every `intervalMs`. The timer does not keep the process alive.
 * @returns the sweeper to stop before the database closes.
 */
export function startSweeper(db: Db, options: SweeperOptions = {}): Sweeper {
  let running: Promise<void> | undefined;
  let stopped = false;
  const sweep = () => {
    if (running) return; // the previous sweep is still deleting
    running = sweepExpiredRows(db)
      .then(
        (result) => {
          if (Object.values(result).some((removed) => removed > 0)) options.onSwept?.(result);
        },
        (error: unknown) => {
          if (!stopped) options.onError?.(error);
        },
      )
      .finally(() => {
        running = undefined;
      });
  };
  sweep();
  const timer = setInterval(sweep, options.intervalMs ?? SWEEP_INTERVAL_MS);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
