/**
 * The owner's webhook endpoints (docs/webhooks.md "Set-up", docs/admin.md "Webhooks"): list, create (the
 * secret is answered this once), change the events, pause or resume, delete, send a test ping, and the recent
 * deliveries of an endpoint with every attempt's answer. Every change is written to the audit log in its
 * transaction (without the secret). Scoped to the store; another store's endpoint is a 404.
 */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  MAX_WEBHOOK_ENDPOINTS,
  webhookTexts,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEndpointCreate,
  type WebhookEndpointCreated,
  type WebhookEndpointUpdate,
  type WebhookEventType,
} from '@shared/webhooks/webhook-schemas';
import type { Db } from '../../db/database';
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from '../../db/schema/webhook-tables';
import { ConflictError, NotFoundError, ValidationError } from '../../errors';
import { recordAudit, type AuditActor } from '../audit/audit-log';
import { announceQuoteChange } from '../stores/quote-change';
import { webhookAddressProblem, type ResolveAll } from '../webhooks/webhook-address';
import { enqueuePing } from '../webhooks/webhook-outbox';
import { newWebhookSecret } from '../webhooks/webhook-signature';

/** Who asks and under which address rule (production: public addresses only). */
export type WebhookAdminContext = {
  storeId: number;
  actor: AuditActor;
  publicOnly: boolean;
  resolveAll?: ResolveAll | undefined;
};

/** Deliveries an endpoint's list shows, newest first. */
export const DELIVERIES_LISTED = 50;

const AUDIT_ENTITY = 'webhook';

type EndpointRow = typeof webhookEndpoints.$inferSelect;

function endpointView(row: EndpointRow, counts?: { retrying: number; failed: number }): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    events: row.events as WebhookEventType[],
    active: row.active,
    createdAt: row.createdAt.toISOString(),
    retrying: counts?.retrying ?? 0,
    failed: counts?.failed ?? 0,
  };
}

/** What the audit log keeps of an endpoint (never its secret). */
const audited = (row: Pick<EndpointRow, 'url' | 'events' | 'active'>) => ({
  url: row.url,
  events: row.events,
  active: row.active,
});

/** The store's endpoints, oldest first, with their deliveries of the last 24 h retrying and given up. */
export async function listWebhookEndpoints(db: Db, storeId: number): Promise<WebhookEndpoint[]> {
  const rows = await db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.storeId, storeId))
    .orderBy(asc(webhookEndpoints.id));
  if (rows.length === 0) return [];
  const counts = await db
    .select({
      endpointId: webhookDeliveries.endpointId,
      retrying: sql<number>`count(*) FILTER (WHERE ${webhookDeliveries.status} IN ('pending', 'sending') AND ${webhookDeliveries.attempts} > 0)::int`,
      failed: sql<number>`count(*) FILTER (WHERE ${webhookDeliveries.status} = 'failed')::int`,
    })
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.storeId, storeId),
        inArray(
          webhookDeliveries.endpointId,
          rows.map((row) => row.id),
        ),
        sql`${webhookDeliveries.createdAt} > now() - interval '24 hours'`,
      ),
    )
    .groupBy(webhookDeliveries.endpointId);
  const byEndpoint = new Map(counts.map((count) => [count.endpointId, count]));
  return rows.map((row) => endpointView(row, byEndpoint.get(row.id)));
}

/** Refuses a URL the address rule forbids (`fields.url`). */
async function checkAddress(context: WebhookAdminContext, url: string): Promise<void> {
  const problem = await webhookAddressProblem(new URL(url), context);
  if (problem) throw new ValidationError({ url: problem });
}

/**
 * Creates an endpoint of `context.storeId`, active, with a new secret.
 * @returns the endpoint and its secret — the only answer that ever carries it.
 * @throws {ValidationError} `fields.url` for an address the rule forbids (docs/webhooks.md "Addresses").
 * @throws {ConflictError} past {@link MAX_WEBHOOK_ENDPOINTS} endpoints.
 */
export async function createWebhookEndpoint(
  db: Db,
  context: WebhookAdminContext,
  body: WebhookEndpointCreate,
): Promise<WebhookEndpointCreated> {
  await checkAddress(context, body.url);
  const secret = newWebhookSecret();
  return db.transaction(async (tx) => {
    const [count] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.storeId, context.storeId));
    if ((count?.count ?? 0) >= MAX_WEBHOOK_ENDPOINTS) throw new ConflictError(webhookTexts.tooManyEndpoints);
    const [row] = await tx
      .insert(webhookEndpoints)
      .values({ storeId: context.storeId, url: body.url, events: body.events, secret })
      .returning();
    // Orders keep the active endpoints in process (../orders/order-store-cache.ts) until this is announced.
    await announceQuoteChange(tx, context.storeId);
    await recordAudit(tx, {
      storeId: context.storeId,
      actor: context.actor,
      entity: AUDIT_ENTITY,
      entityId: String(row!.id),
      action: 'create',
      before: null,
      after: audited(row!),
    });
    return { endpoint: endpointView(row!), secret };
  });
}

/** The endpoint `endpointId` of `storeId`, locked for the change. @throws {NotFoundError} */
async function lockedEndpoint(tx: Db, storeId: number, endpointId: number): Promise<EndpointRow> {
  const [row] = await tx
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.storeId, storeId), eq(webhookEndpoints.id, endpointId)))
    .for('update');
  if (!row) throw new NotFoundError(webhookTexts.endpointNotFound);
  return row;
}

/**
 * Changes the events of endpoint `endpointId` and/or pauses (`active: false`: no new deliveries; waiting ones
 * wait) or resumes it.
 * @throws {NotFoundError} for another store's or an unknown endpoint.
 */
export async function updateWebhookEndpoint(
  db: Db,
  context: WebhookAdminContext,
  endpointId: number,
  body: WebhookEndpointUpdate,
): Promise<WebhookEndpoint> {
  return db.transaction(async (tx) => {
    const before = await lockedEndpoint(tx, context.storeId, endpointId);
    const [row] = await tx
      .update(webhookEndpoints)
      .set({
        ...(body.events ? { events: body.events } : {}),
        ...(body.active !== undefined ? { active: body.active } : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(webhookEndpoints.id, endpointId))
      .returning();
    // Orders keep the active endpoints in process (../orders/order-store-cache.ts) until this is announced.
    await announceQuoteChange(tx, context.storeId);
    await recordAudit(tx, {
      storeId: context.storeId,
      actor: context.actor,
      entity: AUDIT_ENTITY,
      entityId: String(endpointId),
      action: body.active === false ? 'pause' : body.active === true && !before.active ? 'resume' : 'update',
      before: audited(before),
      after: audited(row!),
    });
    return endpointView(row!);
  });
}

/** Deletes endpoint `endpointId` with its deliveries. @throws {NotFoundError} */
export async function deleteWebhookEndpoint(
  db: Db,
  context: WebhookAdminContext,
  endpointId: number,
): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await lockedEndpoint(tx, context.storeId, endpointId);
    await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.id, endpointId));
    // Orders keep the active endpoints in process (../orders/order-store-cache.ts) until this is announced.
    await announceQuoteChange(tx, context.storeId);
    await recordAudit(tx, {
      storeId: context.storeId,
      actor: context.actor,
      entity: AUDIT_ENTITY,
      entityId: String(endpointId),
      action: 'delete',
      before: audited(before),
      after: null,
    });
  });
}

/** Queues a `ping` delivery to endpoint `endpointId` (sent at once). @throws {NotFoundError} */
export async function pingWebhookEndpoint(
  db: Db,
  context: WebhookAdminContext,
  endpointId: number,
): Promise<string> {
  return db.transaction(async (tx) => {
    await lockedEndpoint(tx, context.storeId, endpointId);
    const deliveryId = await enqueuePing(tx, context.storeId, endpointId);
    await recordAudit(tx, {
      storeId: context.storeId,
      actor: context.actor,
      entity: AUDIT_ENTITY,
      entityId: String(endpointId),
      action: 'ping',
      before: null,
      after: { deliveryId },
    });
    return deliveryId;
  });
}

/**
 * The {@link DELIVERIES_LISTED} latest deliveries of endpoint `endpointId`, newest first, each with every
 * attempt's answer (oldest attempt first).
 * @throws {NotFoundError} for another store's or an unknown endpoint.
 */
export async function listWebhookDeliveries(
  db: Db,
  storeId: number,
  endpointId: number,
): Promise<WebhookDelivery[]> {
  const [endpoint] = await db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.storeId, storeId), eq(webhookEndpoints.id, endpointId)));
  if (!endpoint) throw new NotFoundError(webhookTexts.endpointNotFound);
  const deliveries = await db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.storeId, storeId), eq(webhookDeliveries.endpointId, endpointId)))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(DELIVERIES_LISTED);
  const attempts =
    deliveries.length === 0
      ? []
      : await db
          .select()
          .from(webhookAttempts)
          .where(
            and(
              eq(webhookAttempts.storeId, storeId),
              inArray(
                webhookAttempts.deliveryId,
                deliveries.map((delivery) => delivery.id),
              ),
            ),
          )
          .orderBy(asc(webhookAttempts.attempt));
  return deliveries.map((delivery) => ({
    id: delivery.id,
    eventId: delivery.eventId,
    eventType: delivery.eventType,
    status: delivery.status,
    attempts: delivery.attempts,
    nextAttemptAt: delivery.status === 'pending' ? delivery.nextAttemptAt.toISOString() : null,
    createdAt: delivery.createdAt.toISOString(),
    deliveredAt: delivery.deliveredAt?.toISOString() ?? null,
    lastStatusCode: delivery.lastStatusCode,
    answers: attempts
      .filter((attempt) => attempt.deliveryId === delivery.id)
      .map((attempt) => ({
        attempt: attempt.attempt,
        at: attempt.attemptedAt.toISOString(),
        statusCode: attempt.statusCode,
        response: attempt.responseExcerpt,
        error: attempt.error,
        durationMs: attempt.durationMs,
      })),
  }));
}
