/**
 * Cash on delivery (docs/delivery.md): the store turns it on with a fee (default ₹49), an order-value cap
 * (default ₹5,000) and optionally the PIN-code prefixes where it is offered. Choosing it on the payment page
 * adds the fee to the order as its own charge (taxed at the principal supply's rate, CGST Act section 8),
 * records an open `cod` payment with the payer's details, and moves the Pending order to COD awaiting
 * confirmation without a payment window, sending the shopper the Confirm / Cancel message
 * (../orders/cod-confirmation.ts); its stock stays reserved. The cash is collected when the order is delivered
 * (../orders/order-lifecycle.ts). An account has at most {@link MAX_OPEN_COD_ORDERS} COD orders not yet
 * delivered or cancelled. Amounts in paise.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { codRefusal, codRefusalMessage, type DeliverySettings } from '@shared/delivery/delivery-rules';
import { supplyKind } from '@shared/gst/tax-split';
import { ORDER_STATUS } from '@shared/orders/order-status';
import type { Db } from '../../db/database';
import { orderLines, orders } from '../../db/schema/order-tables';
import { payments, type PaymentPayer } from '../../db/schema/payment-tables';
import { ConflictError, NotFoundError, ValidationError } from '../../errors';
import { readDeliverySettings } from '../delivery/delivery-settings-store';
import { taxedCharge } from '../delivery/order-charges';
import { lockCustomer } from '../orders/checkout-lock';
import { transitionInTransaction } from '../orders/order-lifecycle';
import { startCodConfirmation } from '../orders/cod-confirmation';
import { normalizeOrderNumber } from '../orders/order-number';
import { ORDER_NOT_FOUND } from '../orders/order-queries';
import { notPayableMessage } from './start-payment';

/** Open COD orders (awaiting confirmation, Processing or Shipped) an account may have at once. */
export const MAX_OPEN_COD_ORDERS = 2;

/** The 409 of a third open COD order. */
export const TOO_MANY_COD_ORDERS =
  'You already have 2 cash-on-delivery orders that are not delivered yet. Please pay this order online, or wait until one of them is delivered.';

/** The `order_events` cause of the move to Processing. */
export const COD_CAUSE = 'cash on delivery chosen';

type CodOrder = {
  id: string;
  orderNumber: string;
  userId: number;
  status: number;
  postalCode: string;
  totalPaise: number;
  supplierGstin: string | null;
  supplierStateCode: string | null;
  placeOfSupplyCode: string | null;
};

async function lockedOrder(tx: Db, storeId: number, orderNumber: string): Promise<CodOrder | undefined> {
  const [order] = await tx
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      userId: orders.userId,
      status: orders.status,
      postalCode: orders.postalCode,
      totalPaise: orders.totalPaise,
      supplierGstin: orders.supplierGstin,
      supplierStateCode: orders.supplierStateCode,
      placeOfSupplyCode: orders.placeOfSupplyCode,
    })
    .from(orders)
    .where(and(eq(orders.storeId, storeId), eq(orders.orderNumber, orderNumber)))
    .for('update');
  return order;
}

/** The account's COD orders that are neither delivered nor cancelled. */
async function openCodOrders(tx: Db, storeId: number, userId: number): Promise<number> {
  const [row] = await tx
    .select({ count: sql<number>`count(*)::integer` })
    .from(orders)
    .where(
      and(
        eq(orders.storeId, storeId),
        eq(orders.userId, userId),
        eq(orders.cashOnDelivery, true),
        sql`${orders.status} IN (${ORDER_STATUS.codAwaitingConfirmation}, ${ORDER_STATUS.processing}, ${ORDER_STATUS.shipped})`,
      ),
    );
  return Number(row?.count ?? 0);
}

/** Cash on delivery as offered for one order: its fee and what the order then costs, paise. */
export type CodOffer = { feePaise: number; totalPaise: number };

/**
 * What COD costs for the user's Pending order `orderNumber` when it is offered (the payment form lists it only
 * then: the store's settings allow its PIN code and value): the fee and the order's total with it — the same
 * sum {@link payByCashOnDelivery} charges. Null when it is not offered, also for an unknown order or one of
 * someone else.
 */
export async function cashOnDeliveryOffered(
  db: Db,
  storeId: number,
  userId: number,
  orderNumberInput: string,
  settings?: DeliverySettings,
): Promise<CodOffer | null> {
  const orderNumber = normalizeOrderNumber(orderNumberInput);
  if (!orderNumber) return null;
  const cod = (settings ?? (await readDeliverySettings(db, storeId))).cod;
  if (!cod.enabled) return null;
  const [order] = await db
    .select({
      userId: orders.userId,
      status: orders.status,
      postalCode: orders.postalCode,
      total: orders.totalPaise,
    })
    .from(orders)
    .where(and(eq(orders.storeId, storeId), eq(orders.orderNumber, orderNumber)));
  if (!order || order.userId !== userId || order.status !== ORDER_STATUS.pending) return null;
  if (codRefusal(cod, order.postalCode, order.total) !== null) return null;
  const feePaise = Math.max(cod.feePaise, 0);
  return { feePaise, totalPaise: Number(order.total) + feePaise };
}

export type CashOnDeliveryInput = {
  storeId: number;
  userId: number;
  /** The order number as the client sent it. */
  orderId: string;
  payer: PaymentPayer;
  /** `MAIL_FROM`, for the order's mail. */
  mailFrom?: string | undefined;
  /** The shop's public origin, for the COD confirmation link (`<origin>/c/<token>`). */
  shopOrigin: string;
  /** When the confirmation window starts (default: now). */
  now?: Date;
};

/**
 * Pays the user's Pending order by cash on delivery, in one transaction (the account's checkout lock held, so
 * the limit of open COD orders holds on PostgreSQL too): the fee is added as a charge with its GST, the total
 * and the order's tax grow by it, the payment window is cleared, an open `cod` payment records the payer, and
 * the order moves to COD awaiting confirmation with the 'cod-confirmation' message. Nothing changes when it throws.
 * @returns the order number and its new total (paise).
 * @throws {NotFoundError} for a missing order or one of another customer.
 * @throws {ConflictError} for an order that is not Pending; {@link TOO_MANY_COD_ORDERS}.
 * @throws {ValidationError} `fields.method`: 'This shop does not offer cash on delivery', 'Cash on delivery is
 *   available for orders up to ₹5,000', 'Cash on delivery is not available for this PIN code'.
 */
export async function payByCashOnDelivery(
  db: Db,
  input: CashOnDeliveryInput,
): Promise<{ orderNumber: string; totalPaise: number }> {
  const orderNumber = normalizeOrderNumber(input.orderId);
  if (!orderNumber) throw new NotFoundError(ORDER_NOT_FOUND);
  const { storeId, userId } = input;
  return db.transaction(async (tx) => {
    await lockCustomer(tx, userId);
    const order = await lockedOrder(tx, storeId, orderNumber);
    if (!order || order.userId !== userId) throw new NotFoundError(ORDER_NOT_FOUND);
    if (order.status !== ORDER_STATUS.pending) {
      throw new ConflictError(notPayableMessage(order.orderNumber, order.status));
    }
    const { cod } = await readDeliverySettings(tx, storeId);
    const refusal = codRefusal(cod, order.postalCode, order.totalPaise);
    if (refusal) throw new ValidationError({ method: codRefusalMessage(refusal, cod) });
    if ((await openCodOrders(tx, storeId, userId)) >= MAX_OPEN_COD_ORDERS) {
      throw new ConflictError(TOO_MANY_COD_ORDERS);
    }
    const lines = await tx
      .select({ lineTotalPaise: orderLines.lineTotalPaise, gstRate: orderLines.gstRate })
      .from(orderLines)
      .where(and(eq(orderLines.storeId, storeId), eq(orderLines.orderId, order.id)))
      .orderBy(asc(orderLines.position));
    const supply = order.supplierGstin
      ? supplyKind(order.supplierStateCode ?? '', order.placeOfSupplyCode ?? '')
      : null;
    const fee = taxedCharge(
      'cod',
      cod.feePaise,
      lines.map((line) => ({ lineTotalPaise: line.lineTotalPaise, ratePercent: Number(line.gstRate ?? 0) })),
      supply,
    );
    const feePaise = fee?.amountPaise ?? 0;
    const totalPaise = order.totalPaise + feePaise;
    await tx
      .update(orders)
      .set({
        cashOnDelivery: true,
        codFeePaise: feePaise,
        ...(fee ? { charges: sql`${orders.charges} || ${JSON.stringify([fee])}::jsonb` } : {}),
        totalPaise,
        taxPaise: sql`${orders.taxPaise} + ${fee?.taxPaise ?? 0}`,
        paymentDueAt: null,
        updatedAt: sql`now()`,
      })
      .where(and(eq(orders.storeId, storeId), eq(orders.id, order.id)));
    await tx.insert(payments).values({
      storeId,
      orderId: order.id,
      provider: 'cod',
      method: 'cod',
      amountPaise: totalPaise,
      status: 'initiated',
      payer: input.payer,
    });
    await transitionInTransaction(tx, storeId, order.id, ORDER_STATUS.codAwaitingConfirmation, COD_CAUSE, {
      onlyFrom: ORDER_STATUS.pending,
      mailFrom: input.mailFrom,
    });
    await startCodConfirmation(tx, storeId, order.id, {
      shopOrigin: input.shopOrigin,
      now: input.now ?? new Date(),
    });
    return { orderNumber: order.orderNumber, totalPaise };
  });
}
