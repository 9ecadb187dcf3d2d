/**
 * Collecting the cash of a cash-on-delivery order (docs/delivery.md): when the order is delivered, its open
 * `cod` payment succeeds with the order's total, in the transaction of the move, so the order then counts as
 * paid (a later cancellation owes a refund, the invoice's buyer details come from that payment).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { orders } from '../../db/schema/order-tables';
import { payments } from '../../db/schema/payment-tables';

/** Marks the open `cod` payment of order `orderId` paid with the order's total (paise); no-op for other orders. */
export async function collectCashOnDelivery(tx: Db, storeId: number, orderId: string): Promise<void> {
  await tx
    .update(payments)
    .set({
      status: 'succeeded',
      amountPaise: sql`(SELECT ${orders.totalPaise} FROM ${orders} WHERE ${orders.id} = ${orderId})`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(payments.storeId, storeId),
        eq(payments.orderId, orderId),
        eq(payments.provider, 'cod'),
        eq(payments.status, 'initiated'),
      ),
    );
}
