/**
 * `GET /admin/orders/{orderNumber}/refunds` (docs/returns.md "Refunds"): what the order's 'Refunds' panel shows
 * — paid, refunded and left (rupees), how it was paid and whether a gateway refund is possible, its refunds
 * (with their credit notes) and its returns with what each would refund. Read through the one read path of
 * returns and refunds (../orders/order-returns-view.ts).
 */
import { and, desc, eq } from 'drizzle-orm';
import { paiseToRupees } from '@shared/money';
import type { AdminRefunds } from '@shared/returns/admin-refund-schemas';
import type { Db } from '../../db/database';
import { orders } from '../../db/schema/order-tables';
import { payments } from '../../db/schema/payment-tables';
import { findAdminOrder } from '../orders/admin-orders';
import { refundsOfOrders, returnsOfOrders } from '../orders/order-returns-view';
import { isGatewayCode } from '../payments/providers/provider-registry';
import type { PaymentSettings } from '../payments/settings';
import { refundableAmount } from './refundable-amount';

/** How a payment's provider pays, as the admin names it. */
const paidByOf = (provider: string): AdminRefunds['paidBy'] =>
  provider === 'cod' ? 'cod' : isGatewayCode(provider) ? 'gateway' : 'upi';

/**
 * The refunds panel of order `orderNumber` of `storeId`.
 * @throws {NotFoundError} for an order number that is not one of this store's.
 */
export async function adminRefunds(
  db: Db,
  storeId: number,
  orderNumber: string,
  settings: PaymentSettings,
): Promise<AdminRefunds> {
  const order = await findAdminOrder(db, storeId, orderNumber);
  const [amounts, refundMap, returnMap, paid, [row]] = await Promise.all([
    refundableAmount(db, storeId, order.id),
    refundsOfOrders(db, storeId, [order.id]),
    returnsOfOrders(db, storeId, [order.id]),
    db
      .select({ provider: payments.provider })
      .from(payments)
      .where(
        and(eq(payments.storeId, storeId), eq(payments.orderId, order.id), eq(payments.status, 'succeeded')),
      )
      .orderBy(desc(payments.updatedAt)),
    db
      .select({ refundDue: orders.refundDue })
      .from(orders)
      .where(and(eq(orders.storeId, storeId), eq(orders.id, order.id))),
  ]);
  const gatewayPayment = paid.find((payment) => isGatewayCode(payment.provider));
  return {
    orderNumber: order.orderNumber,
    paid: paiseToRupees(amounts.paidPaise),
    refunded: paiseToRupees(amounts.refundedPaise),
    left: paiseToRupees(amounts.leftPaise),
    refundDue: row?.refundDue ?? false,
    paidBy: gatewayPayment ? 'gateway' : paid[0] ? paidByOf(paid[0].provider) : null,
    gatewayRefund: gatewayPayment !== undefined && settings.gateway?.provider === gatewayPayment.provider,
    refunds: refundMap.get(order.id) ?? [],
    returns: (returnMap.get(order.id) ?? []).map((entry) => ({
      id: entry.id,
      number: entry.number,
      status: entry.status,
      statusLabel: entry.statusLabel,
      refundAmount: entry.refundAmount,
    })),
  };
}
