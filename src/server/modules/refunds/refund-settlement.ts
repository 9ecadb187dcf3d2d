/**
 * What a processed refund brings with it, in its transaction (docs/returns.md "Refunds", docs/gst.md "Credit
 * notes"): the GST credit note against the order's invoice (CGST Rule 53: the return's refunded lines, else on
 * value), 'Refund due' cleared once processed refunds cover what was paid, and the shopper's 'Refund
 * processed' mail with the credit note attached. Amounts in paise.
 */
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { orders } from '../../db/schema/order-tables';
import { refunds, returnLines } from '../../db/schema/return-tables';
import { issueRefundCreditNote } from '../gst/tax-documents';
import { refundableAmount } from './refundable-amount';
import { enqueueRefundProcessedMail } from './refund-mail';
import { queueRefundUpdateMessage } from './refund-update-message';
import { enqueueRefundProcessedEvent } from '../webhooks/return-events';

type RefundRow = typeof refunds.$inferSelect;

/** The lines a return refunds (not its exchanges): order line and quantity, in the line's unit. */
async function refundedLinesOf(tx: Db, storeId: number, returnId: string) {
  return tx
    .select({ orderLineId: returnLines.orderLineId, quantity: returnLines.quantity })
    .from(returnLines)
    .where(
      and(
        eq(returnLines.storeId, storeId),
        eq(returnLines.returnId, returnId),
        isNull(returnLines.exchangeVariantId),
        gt(returnLines.refundPaise, 0),
      ),
    );
}

/**
 * Completes processed refund `refund` inside its transaction: issues its credit note when the order was
 * invoiced (and records it on the refund), clears the order's 'Refund due' when processed refunds now cover
 * what was paid, and queues the shopper's mail and phone message.
 * @returns the credit note's number, or null when none was issued (no invoice, or nothing left to credit).
 */
export async function settleProcessedRefund(
  tx: Db,
  refund: RefundRow,
  mailFrom: string | undefined,
  now = new Date(),
): Promise<string | null> {
  const { storeId, orderId } = refund;
  const items = refund.returnId ? await refundedLinesOf(tx, storeId, refund.returnId) : [];
  const creditNote = await issueRefundCreditNote(tx, storeId, orderId, refund.amountPaise, items, now);
  if (creditNote) {
    await tx
      .update(refunds)
      .set({ creditNoteId: creditNote.id, updatedAt: sql`now()` })
      .where(eq(refunds.id, refund.id));
  }
  const { paidPaise } = await refundableAmount(tx, storeId, orderId);
  const [processed] = await tx
    .select({ total: sql<string>`coalesce(sum(${refunds.amountPaise}), 0)` })
    .from(refunds)
    .where(and(eq(refunds.storeId, storeId), eq(refunds.orderId, orderId), eq(refunds.status, 'processed')));
  if (Number(processed?.total ?? 0) >= paidPaise) {
    await tx
      .update(orders)
      .set({ refundDue: false, updatedAt: sql`now()` })
      .where(and(eq(orders.storeId, storeId), eq(orders.id, orderId), eq(orders.refundDue, true)));
  }
  await enqueueRefundProcessedMail(tx, storeId, orderId, refund, creditNote?.content ?? null, mailFrom);
  await queueRefundUpdateMessage(tx, storeId, orderId, refund);
  await enqueueRefundProcessedEvent(tx, storeId, refund.id);
  return creditNote?.content.number ?? null;
}
