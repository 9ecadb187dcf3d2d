/**
 * What is left to refund on an order (docs/returns.md "Refunds"): what was paid (its succeeded payments; a cash
 * on delivery order counts once its cash was collected) less what its refunds already hold (pending and
 * processed ones; a failed refund holds nothing). Amounts in paise. Call inside the refund's transaction after
 * locking the order row (`SELECT … FOR UPDATE`), so two refunds at once cannot both take the last rupees.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { HOLDING_REFUND_STATUSES } from '@shared/returns/return-schemas';
import type { Db } from '../../db/database';
import { payments } from '../../db/schema/payment-tables';
import { refunds } from '../../db/schema/return-tables';

/** Paid, refunded (pending + processed) and left to refund on order `orderId` of `storeId`, in paise. */
export async function refundableAmount(
  tx: Db,
  storeId: number,
  orderId: string,
): Promise<{ paidPaise: number; refundedPaise: number; leftPaise: number }> {
  const [paid] = await tx
    .select({ total: sql<string>`coalesce(sum(${payments.amountPaise}), 0)` })
    .from(payments)
    .where(
      and(eq(payments.storeId, storeId), eq(payments.orderId, orderId), eq(payments.status, 'succeeded')),
    );
  const [refunded] = await tx
    .select({ total: sql<string>`coalesce(sum(${refunds.amountPaise}), 0)` })
    .from(refunds)
    .where(
      and(
        eq(refunds.storeId, storeId),
        eq(refunds.orderId, orderId),
        inArray(refunds.status, [...HOLDING_REFUND_STATUSES]),
      ),
    );
  const paidPaise = Number(paid?.total ?? 0);
  const refundedPaise = Number(refunded?.total ?? 0);
  return { paidPaise, refundedPaise, leftPaise: Math.max(0, paidPaise - refundedPaise) };
}
