/**
 * The owner's returns queue, read side (docs/returns.md "The shop's returns queue"): a tab of returns with the
 * count of every tab, one return, and the returns of one order — each as `adminReturnSchema`: the return as the
 * shopper's answers carry it (../orders/order-returns-view.ts, the one read path), its order's total, how the
 * order was paid, the shopper (name, e-mail, phone as on the order) and what the order's refunds already
 * settled (processed and pending refunds, read from `refunds` directly: the refunds module is a sibling).
 * Amounts in rupees. Every query is scoped to the store.
 */
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { paiseToRupees } from '@shared/money';
import { RETURN_QUEUE_TABS, type ReturnQueueTab } from '@shared/returns/return-rules';
import { HOLDING_REFUND_STATUSES, type AdminReturn } from '@shared/returns/return-schemas';
import type { Db } from '../../db/database';
import { orders } from '../../db/schema/order-tables';
import { payments } from '../../db/schema/payment-tables';
import { orderReturns, refunds } from '../../db/schema/return-tables';
import { NotFoundError } from '../../errors';
import { findAdminOrder } from '../orders/admin-orders';
import { returnsById } from '../orders/order-returns-view';

/** 404 for a return that is not one of this store's. */
export const RETURN_NOT_FOUND = 'Return not found';

/** Tabs whose oldest return is the next to handle, so they list oldest first; the others newest first. */
const OLDEST_FIRST: ReadonlySet<ReturnQueueTab> = new Set(['requested', 'approved']);

/** What the admin adds to a return, per order id. */
type OrderFacts = Pick<AdminReturn, 'orderTotal' | 'paidBy' | 'shopper' | 'refunded'>;

/** The totals, payment, shopper and refunded sums of `orderIds` of `storeId`, by order id. */
async function factsOfOrders(db: Db, storeId: number, orderIds: string[]): Promise<Map<string, OrderFacts>> {
  const facts = new Map<string, OrderFacts>();
  if (orderIds.length === 0) return facts;
  const [orderRows, paidRows, refundRows] = await Promise.all([
    db
      .select({
        id: orders.id,
        totalPaise: orders.totalPaise,
        cashOnDelivery: orders.cashOnDelivery,
        fullName: orders.fullName,
        email: orders.email,
        phone: orders.phone,
      })
      .from(orders)
      .where(and(eq(orders.storeId, storeId), inArray(orders.id, orderIds))),
    db
      .select({ orderId: payments.orderId, provider: payments.provider })
      .from(payments)
      .where(
        and(
          eq(payments.storeId, storeId),
          inArray(payments.orderId, orderIds),
          eq(payments.status, 'succeeded'),
        ),
      )
      .orderBy(asc(payments.createdAt), asc(payments.id)),
    db
      .select({ orderId: refunds.orderId, paise: sql<string | number>`sum(${refunds.amountPaise})` })
      .from(refunds)
      .where(
        and(
          eq(refunds.storeId, storeId),
          inArray(refunds.orderId, orderIds),
          inArray(refunds.status, [...HOLDING_REFUND_STATUSES]),
        ),
      )
      .groupBy(refunds.orderId),
  ]);
  const paidBy = new Map<string, 'upi' | 'gateway'>();
  for (const row of paidRows)
    if (row.provider !== 'cod' && !paidBy.has(row.orderId))
      paidBy.set(row.orderId, row.provider === 'upi' ? 'upi' : 'gateway');
  const refunded = new Map(refundRows.map((row) => [row.orderId, Number(row.paise)]));
  for (const row of orderRows)
    facts.set(row.id, {
      orderTotal: paiseToRupees(Number(row.totalPaise)),
      paidBy: paidBy.get(row.id) ?? (row.cashOnDelivery ? 'cod' : null),
      shopper: { name: row.fullName, email: row.email, phone: row.phone },
      refunded: paiseToRupees(refunded.get(row.id) ?? 0),
    });
  return facts;
}

/** The returns of `storeId` with ids `ids` (and their order ids), as the admin shows them, in that order. */
async function adminReturns(
  db: Db,
  storeId: number,
  rows: { id: string; orderId: string }[],
): Promise<AdminReturn[]> {
  const [views, facts] = await Promise.all([
    returnsById(
      db,
      storeId,
      rows.map((row) => row.id),
    ),
    factsOfOrders(db, storeId, [...new Set(rows.map((row) => row.orderId))]),
  ]);
  const orderOf = new Map(rows.map((row) => [row.id, row.orderId]));
  return views.map((view) => ({ ...view, ...facts.get(orderOf.get(view.id)!)! }));
}

/** A page of one tab of the queue, and the count of every tab. */
export type AdminReturnPage = {
  data: AdminReturn[];
  total: number;
  page: number;
  counts: Record<ReturnQueueTab, number>;
};

/**
 * One page of tab `status` of the returns queue of `storeId`: Requested and Approved oldest first (the next to
 * handle on top), Received and Closed (closed and rejected returns) newest first; `limit` a page from `page`
 * (1-based). `counts` holds the number of returns in each tab.
 */
export async function listAdminReturns(
  db: Db,
  storeId: number,
  query: { status: ReturnQueueTab; page: number; limit: number },
): Promise<AdminReturnPage> {
  const statuses = [...RETURN_QUEUE_TABS[query.status]];
  const order = OLDEST_FIRST.has(query.status)
    ? [asc(orderReturns.createdAt), asc(orderReturns.number)]
    : [desc(orderReturns.createdAt), desc(orderReturns.number)];
  const [rows, countRows] = await Promise.all([
    db
      .select({ id: orderReturns.id, orderId: orderReturns.orderId })
      .from(orderReturns)
      .where(and(eq(orderReturns.storeId, storeId), inArray(orderReturns.status, statuses)))
      .orderBy(...order)
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db
      .select({ status: orderReturns.status, count: count() })
      .from(orderReturns)
      .where(eq(orderReturns.storeId, storeId))
      .groupBy(orderReturns.status),
  ]);
  const byStatus = new Map(countRows.map((row) => [row.status, Number(row.count)]));
  const counts = Object.fromEntries(
    Object.entries(RETURN_QUEUE_TABS).map(([tab, tabStatuses]) => [
      tab,
      tabStatuses.reduce((sum, status) => sum + (byStatus.get(status) ?? 0), 0),
    ]),
  ) as Record<ReturnQueueTab, number>;
  return {
    data: await adminReturns(db, storeId, rows),
    total: counts[query.status],
    page: query.page,
    counts,
  };
}

/** Return `returnId` of `storeId` as the admin shows it. @throws {NotFoundError} for another store's return. */
export async function adminReturn(db: Db, storeId: number, returnId: string): Promise<AdminReturn> {
  const [row] = await db
    .select({ id: orderReturns.id, orderId: orderReturns.orderId })
    .from(orderReturns)
    .where(and(eq(orderReturns.storeId, storeId), eq(orderReturns.id, returnId)));
  if (!row) throw new NotFoundError(RETURN_NOT_FOUND);
  const [found] = await adminReturns(db, storeId, [row]);
  return found!;
}

/**
 * The returns of order `orderNumber` (as typed) of `storeId`, oldest first, as the admin shows them (the admin
 * order page lists them with links to each).
 * @throws {NotFoundError} for an order number that is not one of this store's.
 */
export async function adminReturnsOfOrder(
  db: Db,
  storeId: number,
  orderNumber: string,
): Promise<AdminReturn[]> {
  const order = await findAdminOrder(db, storeId, orderNumber);
  const rows = await db
    .select({ id: orderReturns.id, orderId: orderReturns.orderId })
    .from(orderReturns)
    .where(and(eq(orderReturns.storeId, storeId), eq(orderReturns.orderId, order.id)))
    .orderBy(asc(orderReturns.createdAt), asc(orderReturns.number));
  return adminReturns(db, storeId, rows);
}
