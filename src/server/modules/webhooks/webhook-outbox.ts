/**
 * The webhook outbox (docs/decisions/026-outgoing-webhooks.md): writing an event for every endpoint of the
 * store that receives its type, in the transaction of the change it reports (so a change rolled back sends
 * nothing, and a committed one is never lost); claiming due deliveries (`FOR UPDATE SKIP LOCKED`, so several
 * servers on one PostgreSQL never send the same attempt twice); recording each attempt's answer. Plain
 * functions taking `db`; the sending loop is ./webhook-sender.ts.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, lte, or, sql } from 'drizzle-orm';
import { WEBHOOK_PING_EVENT, type WebhookEventType } from '@shared/webhooks/webhook-schemas';
import type { Db } from '../../db/database';
import { deleteInBatches } from '../../db/delete-in-batches';
import { stores } from '../../db/schema/store-tables';
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from '../../db/schema/webhook-tables';

/** The JSON body of every delivery (snake_case keys, as receivers' code usually reads them). */
export type WebhookPayload = {
  /** The event's id: the same for every endpoint that receives it (receivers drop repeats by it). */
  id: string;
  type: WebhookEventType | typeof WEBHOOK_PING_EVENT;
  /** ISO 8601. */
  created_at: string;
  store: { id: number; name: string | null };
  data: Record<string, unknown>;
};

const listeners = new Set<() => void>();

/** Calls `listener` after each write of a delivery (the sender's wake); returns the unsubscribe. */
export function onWebhookEnqueued(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The store's name for payloads: its shop name, else its company name. */
async function storeOf(tx: Db, storeId: number): Promise<WebhookPayload['store']> {
  const [row] = await tx
    .select({ name: sql<string | null>`coalesce(${stores.storeName}, ${stores.companyName})` })
    .from(stores)
    .where(eq(stores.id, storeId));
  return { id: storeId, name: row?.name ?? null };
}

/** An active endpoint of a store and the events it receives (as a caller that keeps them holds it). */
export type ReceivingEndpoint = { id: number; events: readonly string[] };

/**
 * The active endpoints of `storeId` that receive `type`: picked from `known` (every active endpoint of the
 * store, as the caller read them in this transaction or keeps them: ../orders/order-store-cache.ts) when
 * given, else read.
 */
async function receivingEndpoints(
  tx: Db,
  storeId: number,
  type: WebhookEventType,
  known?: readonly ReceivingEndpoint[],
): Promise<{ id: number }[]> {
  if (known) return known.filter((endpoint) => endpoint.events.includes(type)).map(({ id }) => ({ id }));
  return tx
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.storeId, storeId),
        eq(webhookEndpoints.active, true),
        sql`${type} = ANY(${webhookEndpoints.events})`,
      ),
    );
}

/**
 * True when some active endpoint of `storeId` receives `type` (skip building events nobody receives);
 * `known`: the store's active endpoints when the caller holds them (nothing is read then).
 */
export async function storeReceives(
  tx: Db,
  storeId: number,
  type: WebhookEventType,
  known?: readonly ReceivingEndpoint[],
): Promise<boolean> {
  return (await receivingEndpoints(tx, storeId, type, known)).length > 0;
}

/**
 * Writes event `type` of `storeId` to the outbox: one delivery for each active endpoint of the store that
 * receives `type`, due at once. Call it inside the transaction of the change. `data` is built only when some
 * endpoint wants the event (a shop without webhooks pays one indexed query, or none when the caller passes
 * `known`, the store's active endpoints it holds); null from it writes nothing.
 * @returns how many deliveries were written.
 */
export async function enqueueWebhookEvent(
  tx: Db,
  storeId: number,
  type: WebhookEventType,
  data: () => Promise<Record<string, unknown> | null>,
  known?: readonly ReceivingEndpoint[],
): Promise<number> {
  const endpoints = await receivingEndpoints(tx, storeId, type, known);
  if (endpoints.length === 0) return 0;
  const built = await data();
  if (!built) return 0;
  return (
    await writeDeliveries(
      tx,
      storeId,
      endpoints.map((endpoint) => endpoint.id),
      type,
      built,
    )
  ).length;
}

/** Writes one delivery of a `ping` event to endpoint `endpointId` (the screen's 'Send test ping'). */
export async function enqueuePing(tx: Db, storeId: number, endpointId: number): Promise<string> {
  const [id] = await writeDeliveries(tx, storeId, [endpointId], WEBHOOK_PING_EVENT, {
    message: 'A test ping from the shop admin',
  });
  return id!;
}

/** Writes the event's deliveries, one per endpoint, and wakes the senders. @returns their ids. */
async function writeDeliveries(
  tx: Db,
  storeId: number,
  endpointIds: number[],
  type: WebhookPayload['type'],
  data: Record<string, unknown>,
): Promise<string[]> {
  const payload: WebhookPayload = {
    id: randomUUID(),
    type,
    created_at: new Date().toISOString(),
    store: await storeOf(tx, storeId),
    data,
  };
  const body = JSON.stringify(payload);
  const rows = await tx
    .insert(webhookDeliveries)
    .values(
      endpointIds.map((endpointId) => ({ storeId, endpointId, eventId: payload.id, eventType: type, body })),
    )
    .returning({ id: webhookDeliveries.id });
  for (const listener of listeners) listener();
  return rows.map((row) => row.id);
}

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
