/**
 * Working the webhook outbox (docs/decisions/026-outgoing-webhooks.md): claiming due deliveries (`FOR UPDATE SKIP
 * LOCKED`, so several servers on one PostgreSQL never send the same attempt twice), recording each attempt's
 * answer, giving up on deliveries past their time, and sweeping finished ones. Plain functions taking `db`; the
 * writing side is ./webhook-outbox.ts, the sending loop ./webhook-sender.ts.
 */
import { and, asc, eq, inArray, lte, or, sql } from 'drizzle-orm';
import { WEBHOOK_PING_EVENT } from '@shared/webhooks/webhook-schemas';
import type { Db } from '../../db/database';
import { deleteInBatches } from '../../db/delete-in-batches';
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from '../../db/schema/webhook-tables';

/** A delivery claimed for one attempt; `attempts` already counts this one. */
export type ClaimedDelivery = {
  id: string;
  storeId: number;
  eventType: string;
  body: string;
  attempts: number;
  giveUpAt: Date;
  url: string;
  secret: string;
};

/**
 * Claims the deliveries due at `now` (pending and due, or `sending` under a claim that lapsed) of active
 * endpoints (a ping goes to a paused one too), oldest first, in one statement: `FOR UPDATE SKIP LOCKED` makes
 * a concurrent claim of another server skip them; they become `sending` with one more attempt and
 * `next_attempt_at` at the end of the lease.
 */
export async function claimDueDeliveries(
  db: Db,
  now: Date,
  options: { limit: number; leaseMs: number },
): Promise<ClaimedDelivery[]> {
  const due = db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(
      and(
        inArray(webhookDeliveries.status, ['pending', 'sending']),
        lte(webhookDeliveries.nextAttemptAt, now),
        or(eq(webhookEndpoints.active, true), eq(webhookDeliveries.eventType, WEBHOOK_PING_EVENT)),
      ),
    )
    .orderBy(asc(webhookDeliveries.nextAttemptAt), asc(webhookDeliveries.createdAt))
    .limit(options.limit)
    .for('update', { of: webhookDeliveries, skipLocked: true });
  const claimed = await db
    .update(webhookDeliveries)
    .set({
      status: 'sending',
      attempts: sql`${webhookDeliveries.attempts} + 1`,
      nextAttemptAt: new Date(now.getTime() + options.leaseMs),
    })
    .from(webhookEndpoints)
    .where(and(inArray(webhookDeliveries.id, due), eq(webhookEndpoints.id, webhookDeliveries.endpointId)))
    .returning({
      id: webhookDeliveries.id,
      storeId: webhookDeliveries.storeId,
      eventType: webhookDeliveries.eventType,
      body: webhookDeliveries.body,
      attempts: webhookDeliveries.attempts,
      giveUpAt: webhookDeliveries.giveUpAt,
      url: webhookEndpoints.url,
      secret: webhookEndpoints.secret,
    });
  return claimed;
}

/** One attempt's outcome: the answer (status, first characters of its body) or the error, and its duration. */
export type AttemptOutcome = {
  statusCode: number | null;
  responseExcerpt: string | null;
  error: string | null;
  durationMs: number;
};

/**
 * Records attempt `delivery.attempts` made at `attemptedAt` and its outcome, and moves the delivery on:
 * `delivered` on a 2xx, else pending again at `retryAt`, or `failed` for good when `retryAt` is null. Only
 * while the claim is still this server's (same attempt, still sending).
 */
export async function recordAttempt(
  db: Db,
  delivery: ClaimedDelivery,
  attemptedAt: Date,
  outcome: AttemptOutcome,
  retryAt: Date | null,
): Promise<void> {
  const delivered = outcome.statusCode !== null && outcome.statusCode >= 200 && outcome.statusCode < 300;
  await db.transaction(async (tx) => {
    const moved = await tx
      .update(webhookDeliveries)
      .set({
        lastStatusCode: outcome.statusCode,
        lastError: delivered ? null : (outcome.error ?? `HTTP ${outcome.statusCode}`),
        ...(delivered
          ? { status: 'delivered' as const, deliveredAt: attemptedAt }
          : retryAt
            ? { status: 'pending' as const, nextAttemptAt: retryAt }
            : { status: 'failed' as const }),
      })
      .where(
        and(
          eq(webhookDeliveries.id, delivery.id),
          eq(webhookDeliveries.status, 'sending'),
          eq(webhookDeliveries.attempts, delivery.attempts),
        ),
      )
      .returning({ id: webhookDeliveries.id });
    if (moved.length === 0) return;
    await tx.insert(webhookAttempts).values({
      storeId: delivery.storeId,
      deliveryId: delivery.id,
      attempt: delivery.attempts,
      attemptedAt,
      statusCode: outcome.statusCode,
      responseExcerpt: outcome.responseExcerpt,
      error: outcome.error,
      durationMs: Math.round(outcome.durationMs),
    });
  });
}

/** The `last_error` of a delivery given up without a last answer (the server stopped, or the endpoint paused). */
export const NOT_DELIVERED_IN_TIME = 'Not delivered within 24 hours';

/**
 * Gives up on deliveries still waiting (or claimed and never reported back) `graceMs` after their 24 hours
 * ran out at `now`: a paused endpoint's, or one whose last attempt's server stopped.
 * @returns how many were marked failed.
 */
export async function failExpiredDeliveries(db: Db, now: Date, graceMs: number): Promise<number> {
  const expired = await db
    .update(webhookDeliveries)
    .set({
      status: 'failed',
      lastError: sql`coalesce(${webhookDeliveries.lastError}, ${NOT_DELIVERED_IN_TIME})`,
    })
    .where(
      and(
        inArray(webhookDeliveries.status, ['pending', 'sending']),
        lte(webhookDeliveries.nextAttemptAt, now),
        lte(webhookDeliveries.giveUpAt, new Date(now.getTime() - graceMs)),
      ),
    )
    .returning({ id: webhookDeliveries.id });
  return expired.length;
}

/**
 * How long a delivered or given-up delivery (and its attempts) is kept, in milliseconds: 30 days, like sent
 * e-mails — long enough to answer "did the ERP get that order?", short enough not to keep the customers'
 * details in its body without need.
 */
export const FINISHED_DELIVERY_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * Deletes the deliveries delivered or given up whose event is older than {@link FINISHED_DELIVERY_RETENTION_MS}
 * at `now` (their attempts go with them), `batchSize` rows per statement.
 * @returns how many were deleted.
 */
export function sweepFinishedDeliveries(db: Db, now: Date, batchSize: number): Promise<number> {
  const before = new Date(now.getTime() - FINISHED_DELIVERY_RETENTION_MS);
  return deleteInBatches(batchSize, () =>
    db.execute(sql`
      DELETE FROM ${webhookDeliveries} WHERE id IN (
        SELECT id FROM ${webhookDeliveries}
        WHERE status IN ('delivered', 'failed') AND created_at < ${before.toISOString()}
        LIMIT ${batchSize}
      )
      RETURNING 1`),
  );
}
