/**
 * The webhook outbox (docs/decisions/026-outgoing-webhooks.md): writing an event for every endpoint of the
 * store that receives its type, in the transaction of the change it reports (so a change rolled back sends
 * nothing, and a committed one is never lost). Plain functions taking `db`; claiming and recording the
 * deliveries is ./webhook-deliveries.ts, the sending loop ./webhook-sender.ts.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { WEBHOOK_PING_EVENT, type WebhookEventType } from '@shared/webhooks/webhook-schemas';
import type { Db } from '../../db/database';
import { stores } from '../../db/schema/store-tables';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema/webhook-tables';

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
