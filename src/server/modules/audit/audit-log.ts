/**
 * The audit log (docs/admin.md "Audit"): every change made in the admin panel or by the admin CLI is written
 * with who made it, what and when, and the fields it changed before → after — in the same transaction as the
 * change, so a change without its record (or a record without its change) cannot happen.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { auditLog } from '../../db/schema/admin-tables';

/** Who made a change: a signed-in member (their account id and e-mail) or the owner's CLI (`cli`). */
export type AuditActor = { accountId: number | null; label: string };

/** The CLI as an actor. */
export const CLI_ACTOR: AuditActor = { accountId: null, label: 'cli' };

export type AuditRecord = {
  storeId: number;
  actor: AuditActor;
  /** What kind of thing changed: `order`, `member`, … */
  entity: string;
  /** Its id as the owner knows it (an order number, a member id). */
  entityId: string;
  /** The change: `mark-paid`, `ship`, `deliver`, `cancel`, `invite`, `revoke`, … */
  action: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
};

/** Writes one audit entry with `tx` (call it inside the transaction that makes the change). */
export async function recordAudit(tx: Db, record: AuditRecord): Promise<void> {
  await tx.insert(auditLog).values({
    storeId: record.storeId,
    actorUserId: record.actor.accountId,
    actor: record.actor.label,
    entity: record.entity,
    entityId: record.entityId,
    action: record.action,
    before: record.before,
    after: record.after,
  });
}

/** An audit entry as shown on the thing changed (`at` as an ISO 8601 string). */
export type AuditView = {
  actor: string;
  action: string;
  at: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
};

/** The audit entries of one thing of `storeId`, oldest first. */
export async function auditOf(
  db: Db,
  storeId: number,
  entity: string,
  entityId: string,
): Promise<AuditView[]> {
  const rows = await db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.storeId, storeId), eq(auditLog.entity, entity), eq(auditLog.entityId, entityId)))
    .orderBy(asc(auditLog.createdAt), asc(auditLog.id));
  return rows.map((row) => ({
    actor: row.actor,
    action: row.action,
    at: row.createdAt.toISOString(),
    before: row.before,
    after: row.after,
  }));
}
