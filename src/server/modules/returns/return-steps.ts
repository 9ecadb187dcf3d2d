/**
 * The owner's steps on a return (docs/returns.md "The shop's returns queue", "Exchanges"): approve (requested →
 * approved, holding the exchange sizes' stock), reject (requested → rejected, with the reason the shopper
 * reads), receive (approved → received, each line restocked or written off), ship the replacement of an
 * exchange (received, courier and tracking number) and close (received → closed; an exchange only once its
 * replacement shipped). Each step runs in one transaction: the return row is locked (`FOR UPDATE`), the move is
 * checked, the return changes, a `return_events` row records it with the note the shopper reads and the member
 * who made it, the audit log gets its entry (../audit/audit-log.ts) and the shopper's mail is written to the
 * outbox (./return-step-mail.ts). An illegal move throws a 409 {@link ConflictError} ('Return RT-… is already
 * approved') and changes nothing. Quantities in the line's unit (pieces or metres).
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { courierDisplayName } from '@shared/orders/couriers';
import { RETURN_STATUS_LABELS, type ReturnStatus } from '@shared/returns/return-rules';
import { paiseToRupees } from '@shared/money';
import { rowsOf, type Db } from '../../db/database';
import { productVariants, products } from '../../db/schema/catalog-tables';
import { orderLines } from '../../db/schema/order-tables';
import { orderReturns, returnEvents, returnLines } from '../../db/schema/return-tables';
import { ConflictError, NotFoundError, ValidationError } from '../../errors';
import { recordAudit, type AuditActor } from '../audit/audit-log';
import { RETURN_NOT_FOUND } from './admin-returns';
import { enqueueReturnStepMail, type ReturnMailStep, type ReturnMailView } from './return-step-mail';

/** Who makes the step, in which store, and the sender of the shopper's mail. */
export type ReturnStepContext = { storeId: number; actor: AuditActor; mailFrom?: string | undefined };

type ReturnRow = typeof orderReturns.$inferSelect;
type LineRow = { line: typeof returnLines.$inferSelect; orderLine: typeof orderLines.$inferSelect };

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

/** 409 of an exchange whose size is gone: 'Cotton Kurta in size L (White) is sold out: the exchange cannot be held'. */
export function exchangeSoldOutMessage(title: string, size: string | null, color: string | null): string {
  const option = size ? ` in size ${size}${color ? ` (${color})` : ''}` : color ? ` in ${color}` : '';
  return `${title}${option} is sold out: the exchange cannot be held`;
}

/** 409 of ship-replacement on a return without exchange lines. */
export const noExchangeMessage = (number: string) => `Return ${number} has no exchange to ship`;
/** 409 of a second ship-replacement. */
export const replacementShippedMessage = (number: string) =>
  `The replacement of return ${number} has already shipped`;
/** 409 of closing an exchange before its replacement shipped. */
export const closeBeforeReplacementMessage = (number: string) =>
  `Return ${number} can be closed once its replacement has shipped`;

/** The locked return, its lines (with their order lines) and its view after the step, for one step's work. */
type StepState = { tx: Db; row: ReturnRow; lines: LineRow[] };

/**
 * Runs `work` on return `returnId` of the context's store in one transaction with the return row locked, after
 * checking it is `needed`; then records the event (`status`, `note`), the audit entry (`action`, before →
 * after) and the shopper's mail of `mail`.
 * @throws {NotFoundError} for another store's return; {@link ConflictError} for an illegal move.
 */
async function runReturnStep(
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
    if (done.mail)
      await enqueueReturnStepMail(
        tx,
        storeId,
        row.orderId,
        mailViewOf(after!, lines),
        done.mail,
        context.mailFrom,
      );
  });
}

/** True when a return line asks for another size or colour. */
const isExchange = (line: LineRow['line']) =>
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
async function setReturn(
  tx: Db,
  row: ReturnRow,
  values: Partial<typeof orderReturns.$inferInsert>,
): Promise<void> {
  await tx
    .update(orderReturns)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(orderReturns.storeId, row.storeId), eq(orderReturns.id, row.id)));
}

/**
 * Holds the stock of each exchange line's variant: `stock = stock - quantity WHERE stock >= quantity`, in
 * variant id order (so two approvals never deadlock), only where the stock is tracked; marks the line
 * `exchange_held` 1 when the line's quantity was taken, 0 when nothing was (the variant's stock is not tracked).
 * @throws {ConflictError} naming the size when a variant is gone or short (the transaction then undoes it all).
 */
async function holdExchangeStock(tx: Db, storeId: number, lines: LineRow[]): Promise<void> {
  const exchanges = lines
    .filter(({ line }) => isExchange(line))
    .sort((a, b) => String(a.line.exchangeVariantId).localeCompare(String(b.line.exchangeVariantId)));
  for (const { line, orderLine } of exchanges) {
    const soldOut = () =>
      new ConflictError(
        exchangeSoldOutMessage(orderLine.productTitle, line.exchangeSize, line.exchangeColor),
      );
    if (!line.exchangeVariantId) throw soldOut();
    const taken = rowsOf<{ id: string }>(
      await tx.execute(sql`
        UPDATE ${productVariants} SET stock = stock - ${line.quantity}
        WHERE store_id = ${storeId} AND id = ${line.exchangeVariantId}
          AND stock IS NOT NULL AND stock >= ${line.quantity}
        RETURNING id`),
    );
    let held = 1;
    if (taken.length === 0) {
      const [variant] = await tx
        .select({ stock: productVariants.stock })
        .from(productVariants)
        .where(and(eq(productVariants.storeId, storeId), eq(productVariants.id, line.exchangeVariantId)));
      if (!variant || variant.stock !== null) throw soldOut();
      held = 0; // Not tracked: nothing to hold.
    }
    await tx
      .update(returnLines)
      .set({ exchangeHeld: held })
      .where(and(eq(returnLines.storeId, storeId), eq(returnLines.id, line.id)));
  }
}

/**
 * Requested → approved, with the pickup note (or the reverse shipment's tracking number) the shopper reads;
 * the exchange sizes' stock is held from now on. Mails the shopper 'Return RT-… approved'.
 * @throws {ConflictError} from any other status, or when an exchange size is sold out (naming it).
 */
export function approveReturn(
  db: Db,
  context: ReturnStepContext,
  returnId: string,
  body: { pickupNote?: string | undefined },
): Promise<void> {
  const pickupNote = body.pickupNote || null;
  return runReturnStep(db, context, returnId, {
    needed: 'requested',
    action: 'approve',
    work: async ({ tx, row, lines }) => {
      await holdExchangeStock(tx, context.storeId, lines);
      await setReturn(tx, row, { status: 'approved', pickupNote });
      return { status: 'approved', note: pickupNote, details: { pickupNote }, mail: 'approved' };
    },
  });
}

/**
 * Requested → rejected, with `reason`, which the shopper reads on the order and in the mail 'Return RT-… not
 * accepted'. Nothing was held yet, so no stock moves. @throws {ConflictError} from any other status.
 */
export function rejectReturn(
  db: Db,
  context: ReturnStepContext,
  returnId: string,
  body: { reason: string },
): Promise<void> {
  return runReturnStep(db, context, returnId, {
    needed: 'requested',
    action: 'reject',
    work: async ({ tx, row }) => {
      await setReturn(tx, row, { status: 'rejected', rejectionReason: body.reason });
      return { status: 'rejected', note: body.reason, details: { reason: body.reason }, mail: 'rejected' };
    },
  });
}

/**
 * Puts `quantity` back on the stock the order line came from (its variant, else its product), where that
 * stock is still tracked; a deleted product or variant takes nothing back.
 */
async function restockLine(tx: Db, storeId: number, orderLine: LineRow['orderLine'], quantity: number) {
  const table = orderLine.variantId ? productVariants : products;
  const id = orderLine.variantId ?? orderLine.productId;
  if (!id) return;
  await tx.execute(sql`
    UPDATE ${table} SET stock = stock + ${quantity}
    WHERE store_id = ${storeId} AND id = ${id} AND stock IS NOT NULL`);
}

/**
 * Approved → received: `outcomes` says, for every line of the return (by its `id`), whether it goes back on
 * sale (`restocked`: the quantity returns to the order line's variant or product stock, when tracked) or is
 * written off as damaged (`written-off`: no stock moves). Mails the shopper 'Return RT-… received'.
 * @throws {ConflictError} from any other status.
 * @throws {ValidationError} (`fields.lines.<i>.id`, `fields.lines`) for a line that is not the return's, a
 *   line listed twice, or a line left out.
 */
export function receiveReturn(
  db: Db,
  context: ReturnStepContext,
  returnId: string,
  body: { lines: { id: string; outcome: 'restocked' | 'written-off' }[] },
): Promise<void> {
  return runReturnStep(db, context, returnId, {
    needed: 'approved',
    action: 'receive',
    work: async ({ tx, row, lines }) => {
      const byId = new Map(lines.map((entry) => [String(entry.line.id), entry]));
      const fields: Record<string, string> = {};
      const outcomes = new Map<string, 'restocked' | 'written-off'>();
      body.lines.forEach(({ id, outcome }, index) => {
        if (!byId.has(id)) fields[`lines.${index}.id`] = 'is not an item of this return';
        else if (outcomes.has(id)) fields[`lines.${index}.id`] = 'each item may be listed once';
        else outcomes.set(id, outcome);
      });
      if (Object.keys(fields).length === 0 && outcomes.size < lines.length)
        fields.lines = 'Please say what became of each item';
      if (Object.keys(fields).length > 0) throw new ValidationError(fields);
      // Products before variants, each in id order, as checkout locks them.
      const ordered = [...lines].sort((a, b) => {
        const key = (entry: LineRow) =>
          `${entry.orderLine.variantId ? 1 : 0}:${entry.orderLine.variantId ?? entry.orderLine.productId}`;
        return key(a).localeCompare(key(b));
      });
      for (const { line, orderLine } of ordered) {
        const outcome = outcomes.get(String(line.id))!;
        if (outcome === 'restocked') await restockLine(tx, context.storeId, orderLine, line.quantity);
        await tx
          .update(returnLines)
          .set({ outcome })
          .where(and(eq(returnLines.storeId, context.storeId), eq(returnLines.id, line.id)));
      }
      await setReturn(tx, row, { status: 'received' });
      return {
        status: 'received',
        note: null,
        details: {
          items: lines.map(({ line, orderLine }) => ({
            sku: orderLine.sku,
            quantity: line.quantity,
            outcome: outcomes.get(String(line.id)),
          })),
        },
        mail: 'received',
      };
    },
  });
}

/** True when the return has a line exchanged for another size or colour. */
const hasExchange = (lines: LineRow[]) =>
  lines.some(
    ({ line }) =>
      line.exchangeVariantId !== null || line.exchangeSize !== null || line.exchangeColor !== null,
  );

/**
 * Ships the replacement of a received exchange as a shipment of the same order: its courier (a known
 * courier's own spelling) and tracking number, from the stock held since approval; no new payment. The
 * event 'replacement-shipped' and the mail 'Replacement for return RT-… shipped' carry the tracking (with the
 * courier's tracking link when known). The return stays received until it is closed.
 * @throws {ConflictError} for a return without exchange lines, not yet received, closed, or whose replacement
 *   already shipped.
 */
export function shipReplacement(
  db: Db,
  context: ReturnStepContext,
  returnId: string,
  body: { courier?: string | undefined; trackingNumber: string },
): Promise<void> {
  const courier = body.courier ? courierDisplayName(body.courier) : null;
  return runReturnStep(db, context, returnId, {
    needed: 'received',
    action: 'ship-replacement',
    work: async ({ tx, row, lines }) => {
      if (!hasExchange(lines)) throw new ConflictError(noExchangeMessage(row.number));
      if (row.replacementShippedAt) throw new ConflictError(replacementShippedMessage(row.number));
      await setReturn(tx, row, {
        replacementCourier: courier,
        replacementTrackingNumber: body.trackingNumber,
        replacementShippedAt: new Date(),
      });
      return {
        status: 'replacement-shipped',
        note: courier ? `${courier} ${body.trackingNumber}` : body.trackingNumber,
        details: { courier, trackingNumber: body.trackingNumber },
        mail: 'replacement-shipped',
      };
    },
  });
}

/**
 * Received → closed: nothing more happens to the return (its refund, if any, is the refunds' work). An
 * exchange closes only once its replacement has shipped. No mail.
 * @throws {ConflictError} from any other status, or for an exchange whose replacement has not shipped.
 */
export function closeReturn(db: Db, context: ReturnStepContext, returnId: string): Promise<void> {
  return runReturnStep(db, context, returnId, {
    needed: 'received',
    action: 'close',
    work: async ({ tx, row, lines }) => {
      if (hasExchange(lines) && !row.replacementShippedAt)
        throw new ConflictError(closeBeforeReplacementMessage(row.number));
      await setReturn(tx, row, { status: 'closed' });
      return { status: 'closed', note: null };
    },
  });
}
