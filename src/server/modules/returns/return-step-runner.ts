/**
 * How every owner's step on a return runs (./return-steps.ts, docs/returns.md "The shop's returns queue"): in
 * one transaction, the return row locked (`FOR UPDATE`), its status checked (409 'Return RT-… is already
 * approved' / 'Return RT-… is not received yet', nothing changed), the step's work done, then a `return_events`
 * row with the note the shopper reads and the member who made it, the audit entry (../audit/audit-log.ts) and
 * the shopper's mail in the outbox (./return-step-mail.ts). Queries run one at a time on the transaction's one
 * connection.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { paiseToRupees } from '@shared/money';
import { RETURN_STATUS_LABELS, type ReturnStatus } from '@shared/returns/return-rules';
import type { Db } from '../../db/database';
import { orderLines } from '../../db/schema/order-tables';
import { orderReturns, returnEvents, returnLines } from '../../db/schema/return-tables';
import { ConflictError, NotFoundError } from '../../errors';
import { recordAudit, type AuditActor } from '../audit/audit-log';
import { RETURN_NOT_FOUND } from './admin-returns';
import { enqueueReturnStepMail, type ReturnMailStep, type ReturnMailView } from './return-step-mail';
import { queueReturnStepMessage } from './return-step-messages';

/** Who makes the step, in which store, and the sender of the shopper's mail. */
export type ReturnStepContext = { storeId: number; actor: AuditActor; mailFrom?: string | undefined };

export type ReturnRow = typeof orderReturns.$inferSelect;
export type LineRow = { line: typeof returnLines.$inferSelect; orderLine: typeof orderLines.$inferSelect };

/** Where each status stands on the way requested → approved → received → closed (rejected: at the end). */
const PROGRESS: Record<ReturnStatus, number> = {
  requested: 0,
  approved: 1,
  received: 2,
  closed: 3,
  rejected: 3,
};

/**
 * The refusal of a step that needs status `needed` on a return that is `current`: 'Return RT-… is already
 * approved' when it went past (or was rejected or closed), 'Return RT-… is not received yet' before.
 */
export function returnStepRefusal(number: string, current: ReturnStatus, needed: ReturnStatus): string {
  return PROGRESS[current] > PROGRESS[needed]
    ? `Return ${number} is already ${current}`
    : `Return ${number} is not ${needed} yet`;
}

/** The locked return, its lines (with their order lines) and its view after the step, for one step's work. */
export type StepState = { tx: Db; row: ReturnRow; lines: LineRow[] };

/**
 * Runs `work` on return `returnId` of the context's store in one transaction with the return row locked, after
 * checking it is `needed`; then records the event (`status`, `note`), the audit entry (`action`, before →
 * after) and the shopper's mail of `mail`.
 * @throws {NotFoundError} for another store's return; {@link ConflictError} for an illegal move.
 */
export async function runReturnStep(
  db: Db,
  context: ReturnStepContext,
  returnId: string,
  step: {
    needed: ReturnStatus;
    action: string;
    work: (state: StepState) => Promise<{
      status: ReturnStatus | 'replacement-shipped';
      note: string | null;
      details?: Record<string, unknown>;
      mail?: ReturnMailStep;
    }>;
  },
): Promise<void> {
  const { storeId } = context;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(orderReturns)
      .where(and(eq(orderReturns.storeId, storeId), eq(orderReturns.id, returnId)))
      .for('update');
    if (!row) throw new NotFoundError(RETURN_NOT_FOUND);
    if (row.status !== step.needed)
      throw new ConflictError(returnStepRefusal(row.number, row.status, step.needed));
    const lines = await tx
      .select({ line: returnLines, orderLine: orderLines })
      .from(returnLines)
      .innerJoin(orderLines, eq(orderLines.id, returnLines.orderLineId))
      .where(and(eq(returnLines.storeId, storeId), eq(returnLines.returnId, row.id)))
      .orderBy(asc(orderLines.position), asc(returnLines.id));
    const done = await step.work({ tx, row, lines });
    await tx.insert(returnEvents).values({
      storeId,
      returnId: row.id,
      status: done.status,
      note: done.note,
      actorUserId: context.actor.accountId,
    });
    const [after] = await tx
      .select()
      .from(orderReturns)
      .where(and(eq(orderReturns.storeId, storeId), eq(orderReturns.id, row.id)));
    await recordAudit(tx, {
      storeId,
      actor: context.actor,
      entity: 'return',
      entityId: row.number,
      action: step.action,
      before: { status: RETURN_STATUS_LABELS[row.status] },
      after: { status: RETURN_STATUS_LABELS[after!.status], ...done.details },
    });
    if (done.mail) {
      await enqueueReturnStepMail(
        tx,
        storeId,
        row.orderId,
        mailViewOf(after!, lines),
        done.mail,
        context.mailFrom,
      );
      await queueReturnStepMessage(tx, storeId, row.orderId, row.number, done.mail);
    }
  });
}

/** True when a return line asks for another size or colour. */
export const isExchange = (line: LineRow['line']) =>
  line.exchangeVariantId !== null || line.exchangeSize !== null || line.exchangeColor !== null;

/**
 * The return as its mail shows it, from its row and lines in the step's transaction (queries one at a time on
 * the transaction's one connection). The refund is the lines' value less the pickup fee, never below 0, as
 * every answer counts it (../orders/order-returns-view.ts).
 */
function mailViewOf(row: ReturnRow, lines: LineRow[]): ReturnMailView {
  const linesPaise = lines.reduce((sum, { line }) => sum + line.refundPaise, 0);
  return {
    number: row.number,
    pickupNote: row.pickupNote,
    rejectionReason: row.rejectionReason,
    pickupFee: paiseToRupees(row.pickupFeePaise),
    refundAmount: paiseToRupees(linesPaise > 0 ? Math.max(0, linesPaise - row.pickupFeePaise) : 0),
    lines: lines.map(({ line, orderLine }) => ({
      productTitle: orderLine.productTitle,
      size: orderLine.size,
      color: orderLine.color,
      unit: orderLine.unit === 'm' ? 'm' : 'piece',
      quantity: line.quantity,
      exchange: isExchange(line)
        ? { variantId: line.exchangeVariantId, size: line.exchangeSize, color: line.exchangeColor }
        : null,
    })),
    replacement: row.replacementTrackingNumber
      ? { courier: row.replacementCourier, trackingNumber: row.replacementTrackingNumber }
      : null,
  };
}

/** Sets the return's status (and `values`), stamping `updated_at`. */
export async function setReturn(
  tx: Db,
  row: ReturnRow,
  values: Partial<typeof orderReturns.$inferInsert>,
): Promise<void> {
  await tx
    .update(orderReturns)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(orderReturns.storeId, row.storeId), eq(orderReturns.id, row.id)));
}

/** True when the return has a line exchanged for another size or colour. */
export const hasExchange = (lines: LineRow[]) => lines.some(({ line }) => isExchange(line));
