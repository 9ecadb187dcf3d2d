/**
 * Orders as the shop owner sees them (the `npm run orders` CLI, the admin panel later): every order of a store
 * or of all stores, with its lines, payments and history, and whether it was paid in test mode (the sandbox
 * gateway or the demo UPI ID: no money moved), which the owner must see wherever an order is shown.
 */
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { OrderStatusCode } from '@shared/orders/order-status';
import type { Db } from '../../db/database';
import { orderEvents, orderLines, orders } from '../../db/schema/order-tables';
import { payments } from '../../db/schema/payment-tables';
import { stores } from '../../db/schema/store-tables';
import { normalizeOrderNumber } from './order-number';

/** True when the order has a succeeded payment made in test mode. */
const paidInTestMode = sql<boolean>`EXISTS (
  SELECT 1 FROM ${payments}
  WHERE ${payments.orderId} = ${orders.id} AND ${payments.status} = 'succeeded' AND ${payments.testMode}
)`;

/** An order the owner named: enough to move it or pay it. */
export type OwnerOrderRef = { id: string; storeId: number; orderNumber: string; totalPaise: number };

/**
 * The orders numbered `input` (as typed: see `normalizeOrderNumber`) of `storeId`, or of every store when it
 * is undefined — at most two, so the caller can tell "several stores" apart.
 * @returns null when `input` cannot be an order number.
 */
export async function findOwnerOrders(
  db: Db,
  input: string,
  storeId: number | undefined,
): Promise<{ orderNumber: string; found: OwnerOrderRef[] } | null> {
  const orderNumber = normalizeOrderNumber(input);
  if (!orderNumber) return null;
  const found = await db
    .select({
      id: orders.id,
      storeId: orders.storeId,
      orderNumber: orders.orderNumber,
      totalPaise: orders.totalPaise,
    })
    .from(orders)
    .where(
      and(
        eq(orders.orderNumber, orderNumber),
        storeId !== undefined ? eq(orders.storeId, storeId) : undefined,
      ),
    )
    .limit(2);
  return { orderNumber, found };
}

/** One line of the owner's order list. */
export type OwnerOrderSummary = {
  orderNumber: string;
  createdAt: Date;
  status: number;
  totalPaise: number;
  email: string;
  /** The store's name, else its company name. */
  storeName: string | null;
  /** Items over all lines: the pieces of each line sold by the piece, one for each line sold by the metre. */
  units: number;
  /** Paid in test mode: no money moved. */
  testPayment: boolean;
};

/** The newest `limit` orders, of `storeId` and in `status` when given. */
export async function listOwnerOrders(
  db: Db,
  options: { storeId?: number | undefined; status?: OrderStatusCode | undefined; limit: number },
): Promise<OwnerOrderSummary[]> {
  return db
    .select({
      orderNumber: orders.orderNumber,
      createdAt: orders.createdAt,
      status: orders.status,
      totalPaise: orders.totalPaise,
      email: orders.email,
      storeName: sql<string | null>`coalesce(${stores.storeName}, ${stores.companyName})`,
      units: sql<number>`(
        SELECT coalesce(sum(CASE WHEN unit = 'm' THEN 1 ELSE quantity END), 0)::integer
        FROM ${orderLines} WHERE ${orderLines.orderId} = ${orders.id}
      )`,
      testPayment: paidInTestMode,
    })
    .from(orders)
    .innerJoin(stores, eq(stores.id, orders.storeId))
    .where(
      and(
        options.storeId !== undefined ? eq(orders.storeId, options.storeId) : undefined,
        options.status !== undefined ? eq(orders.status, options.status) : undefined,
      ),
    )
    .orderBy(desc(orders.createdAt), desc(orders.orderNumber))
    .limit(options.limit);
}

/** Everything about one order for the owner. */
export type OwnerOrderDetails = {
  order: typeof orders.$inferSelect;
  lines: (typeof orderLines.$inferSelect)[];
  payments: (typeof payments.$inferSelect)[];
  history: (typeof orderEvents.$inferSelect)[];
  /** Paid in test mode: no money moved. */
  testPayment: boolean;
};

/** The order `ref` with its lines (in order), payments and history (oldest first), or null. */
export async function ownerOrderDetails(db: Db, ref: OwnerOrderRef): Promise<OwnerOrderDetails | null> {
  const scope = (table: typeof orderLines | typeof orderEvents | typeof payments) =>
    and(eq(table.storeId, ref.storeId), eq(table.orderId, ref.id));
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.storeId, ref.storeId), eq(orders.id, ref.id)));
  if (!order) return null;
  const [lines, paid, history] = await Promise.all([
    db.select().from(orderLines).where(scope(orderLines)).orderBy(asc(orderLines.position)),
    db.select().from(payments).where(scope(payments)).orderBy(asc(payments.createdAt), asc(payments.id)),
    db
      .select()
      .from(orderEvents)
      .where(scope(orderEvents))
      .orderBy(asc(orderEvents.createdAt), asc(orderEvents.id)),
  ]);
  return {
    order,
    lines,
    payments: paid,
    history,
    testPayment: paid.some((payment) => payment.status === 'succeeded' && payment.testMode),
  };
}
