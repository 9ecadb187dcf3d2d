/**
 * The owner's steps on a return (docs/returns.md "The shop's returns queue", "Exchanges"): approve (requested →
 * approved, holding the exchange sizes' stock), reject (requested → rejected, with the reason the shopper
 * reads), receive (approved → received, each line restocked or written off), ship the replacement of an
 * exchange (received, courier and tracking number) and close (received → closed; an exchange only once its
 * replacement shipped). Each runs through ./return-step-runner.ts: one transaction with the return row locked,
 * its event, audit entry and the shopper's mail; an illegal move throws a 409 {@link ConflictError} and changes
 * nothing. Quantities in the line's unit (pieces or metres).
 */
import { and, eq } from 'drizzle-orm';
import { courierDisplayName } from '@shared/orders/couriers';
import type { Db } from '../../db/database';
import { returnLines } from '../../db/schema/return-tables';
import { ConflictError, ValidationError } from '../../errors';
import {
  hasExchange,
  runReturnStep,
  setReturn,
  type LineRow,
  type ReturnStepContext,
} from './return-step-runner';
import { holdExchangeStock, restockLine } from './return-stock';

export type { ReturnStepContext } from './return-step-runner';

/** 409 of ship-replacement on a return without exchange lines. */
export const noExchangeMessage = (number: string) => `Return ${number} has no exchange to ship`;
/** 409 of a second ship-replacement. */
export const replacementShippedMessage = (number: string) =>
  `The replacement of return ${number} has already shipped`;
/** 409 of closing an exchange before its replacement shipped. */
export const closeBeforeReplacementMessage = (number: string) =>
  `Return ${number} can be closed once its replacement has shipped`;

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
