/**
 * The admin panel's order queries (docs/admin.md "Orders"): a store's orders filtered, sorted and paginated
 * on the server, the same filter for the CSV export, and one order's detail with its lines, payments,
 * history and audit entries. Every query is scoped to the store; money stays in paise.
 */
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type {
  AdminOrderAction,
  AdminOrderDetail,
  AdminOrderFilters,
  AdminOrderListQuery,
  AdminOrderRow,
} from '@shared/admin/admin-order-schemas';
import { ORDER_STATUS, type OrderStatusCode } from '@shared/orders/order-status';
import type { Db } from '../../db/database';
import { orderEvents, orderLines, orders } from '../../db/schema/order-tables';
import { payments } from '../../db/schema/payment-tables';
import { NotFoundError } from '../../errors';
import { auditOf } from '../audit/audit-log';
import { filterConditions, testPaid } from './admin-order-filters';
import { ORDER_TRANSITIONS } from './order-lifecycle';
import { orderDocumentSummaries } from '../gst/document-download';
import { normalizeOrderNumber } from './order-number';
import { addOnsByLine } from '../add-ons/order-add-ons';
import { ORDER_NOT_FOUND } from './order-queries';

const ORDER_BY: Record<AdminOrderFilters['sort'], SQL[]> = {
  newest: [desc(orders.createdAt), desc(orders.orderNumber)],
  oldest: [asc(orders.createdAt), asc(orders.orderNumber)],
  'total-desc': [desc(orders.totalPaise), desc(orders.createdAt)],
  'total-asc': [asc(orders.totalPaise), desc(orders.createdAt)],
};

const rowColumns = {
  orderNumber: orders.orderNumber,
  createdAt: orders.createdAt,
  status: orders.status,
  fullName: orders.fullName,
  email: orders.email,
  phone: orders.phone,
  totalPaise: orders.totalPaise,
  payment: sql<string | null>`(
    SELECT p.provider FROM payments p WHERE p.order_id = "orders"."id" ORDER BY p.created_at DESC, p.id DESC LIMIT 1
  )`,
  testPayment: testPaid,
  couponCode: orders.couponCode,
  discountPaise: orders.discountPaise,
};

function toRow(row: {
  orderNumber: string;
  createdAt: Date;
  status: number;
  fullName: string;
  email: string;
  phone: string;
  totalPaise: number;
  payment: string | null;
  testPayment: boolean;
  couponCode: string | null;
  discountPaise: number;
}): AdminOrderRow {
  return {
    ...row,
    createdAt: row.createdAt.toISOString(),
    totalPaise: Number(row.totalPaise),
    discountPaise: Number(row.discountPaise),
  };
}

/**
 * Above this many matches a text search is "broad" (e.g. a common surname): walking the date index finds a
 * page of them fastest. Below it, the matches are fetched first through the trigram indexes, then sorted.
 */
const NARROW_SEARCH_ROWS = 1000;

/**
 * One page of `storeId`'s orders matching `query` (page from 1, `limit` rows), sorted as asked; only the
 * orders of account `userId` when given (a customer's detail). A name, e-mail or phone search that matches
 * few orders is answered in two steps — the matching ids through the trigram indexes, then those rows
 * sorted — because the planner cannot tell how many rows a `%…%` pattern matches and would otherwise walk
 * the whole date index looking for them.
 * @returns the rows and whether a next page has any.
 */
export async function listAdminOrders(
  db: Db,
  storeId: number,
  query: AdminOrderListQuery,
  userId?: number,
): Promise<{ orders: AdminOrderRow[]; hasMore: boolean }> {
  let where = filterConditions(storeId, query, userId);
  if (query.q && !normalizeOrderNumber(query.q)) {
    const matches = await db
      .select({ id: orders.id })
      .from(orders)
      .where(where)
      .limit(NARROW_SEARCH_ROWS + 1);
    if (matches.length <= NARROW_SEARCH_ROWS) {
      if (matches.length === 0) return { orders: [], hasMore: false };
      where = and(
        eq(orders.storeId, storeId),
        inArray(
          orders.id,
          matches.map((match) => match.id),
        ),
      );
    }
  }
  const rows = await db
    .select(rowColumns)
    .from(orders)
    .where(where)
    .orderBy(...ORDER_BY[query.sort])
    .limit(query.limit + 1)
    .offset((query.page - 1) * query.limit);
  return { orders: rows.slice(0, query.limit).map(toRow), hasMore: rows.length > query.limit };
}

/** Most rows one CSV export holds. */
export const MAX_EXPORT_ROWS = 50_000;

/** Every order of `storeId` matching `filters` (at most {@link MAX_EXPORT_ROWS}), sorted as asked. */
export async function exportAdminOrders(
  db: Db,
  storeId: number,
  filters: AdminOrderFilters,
): Promise<AdminOrderRow[]> {
  const rows = await db
    .select(rowColumns)
    .from(orders)
    .where(filterConditions(storeId, filters))
    .orderBy(...ORDER_BY[filters.sort])
    .limit(MAX_EXPORT_ROWS);
  return rows.map(toRow);
}

/** The admin's step that moves an order to each status. */
const ACTION_TO: Partial<Record<OrderStatusCode, AdminOrderAction>> = {
  [ORDER_STATUS.processing]: 'mark-paid',
  [ORDER_STATUS.shipped]: 'ship',
  [ORDER_STATUS.delivered]: 'deliver',
  [ORDER_STATUS.cancelled]: 'cancel',
};

/**
 * The steps an order in `status` may take, by the state machine: Pending → mark paid or cancel, … A Pending
 * order whose shopper said 'I have paid' (`reported`) may also have that report rejected.
 */
export function availableActions(status: number, reported = false): AdminOrderAction[] {
  const moves = ORDER_TRANSITIONS[status as OrderStatusCode] ?? [];
  const steps = moves.flatMap((to) => ACTION_TO[to] ?? []);
  return reported && status === ORDER_STATUS.pending ? [...steps, 'reject-report'] : steps;
}

/** The order numbered `input` (as typed) of `storeId`: its id and status. @throws {NotFoundError} */
export async function findAdminOrder(
  db: Db,
  storeId: number,
  input: string,
): Promise<{ id: string; orderNumber: string; status: number; totalPaise: number }> {
  const orderNumber = normalizeOrderNumber(input);
  if (!orderNumber) throw new NotFoundError(ORDER_NOT_FOUND);
  const [found] = await db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      status: orders.status,
      totalPaise: orders.totalPaise,
    })
    .from(orders)
    .where(and(eq(orders.storeId, storeId), eq(orders.orderNumber, orderNumber)))
    .limit(1);
  if (!found) throw new NotFoundError(ORDER_NOT_FOUND);
  return { ...found, totalPaise: Number(found.totalPaise) };
}

/**
 * Everything the admin shows of order `input` of `storeId`: address, lines (SKU, size, colour, quantity and
 * unit), payments (UTR or gateway id, amount, time), status history, audit entries and the steps it may take.
 * The courier is the order's (stored at the ship step), else the one the audit log's ship entry names.
 * @throws {NotFoundError} for an order number that is not one of this store's.
 */
export async function adminOrderDetail(db: Db, storeId: number, input: string): Promise<AdminOrderDetail> {
  const found = await findAdminOrder(db, storeId, input);
  const scope = (table: typeof orderLines | typeof orderEvents | typeof payments) =>
    and(eq(table.storeId, storeId), eq(table.orderId, found.id));
  const [[order], lines, paid, history, audit, documents, addOns] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(and(eq(orders.storeId, storeId), eq(orders.id, found.id))),
    db.select().from(orderLines).where(scope(orderLines)).orderBy(asc(orderLines.position)),
    db.select().from(payments).where(scope(payments)).orderBy(asc(payments.createdAt), asc(payments.id)),
    db
      .select()
      .from(orderEvents)
      .where(scope(orderEvents))
      .orderBy(asc(orderEvents.createdAt), asc(orderEvents.id)),
    auditOf(db, storeId, 'order', found.orderNumber),
    orderDocumentSummaries(db, storeId, found.id),
    addOnsByLine(db, storeId, [found.id]),
  ]);
  if (!order) throw new NotFoundError(ORDER_NOT_FOUND);
  const shipped = [...audit].reverse().find((entry) => entry.action === 'ship');
  const courier =
    order.courier ?? (typeof shipped?.after?.courier === 'string' ? shipped.after.courier : null);
  return {
    orderNumber: order.orderNumber,
    status: order.status,
    createdAt: order.createdAt.toISOString(),
    email: order.email,
    shippingAddress: {
      fullName: order.fullName,
      address: order.address,
      city: order.city,
      state: order.state,
      postalCode: order.postalCode,
      phone: order.phone,
    },
    shippingMethod: order.shippingMethod,
    trackingNumber: order.trackingNumber,
    courier,
    paymentDueAt: order.paymentDueAt?.toISOString() ?? null,
    cancellationCause: order.cancellationCause,
    refundDue: order.refundDue,
    testPayment: paid.some((payment) => payment.status === 'succeeded' && payment.testMode),
    paymentReported: order.shopperPaidAt
      ? { at: order.shopperPaidAt.toISOString(), utr: order.shopperUtr }
      : null,
    subtotalPaise: Number(order.subtotalPaise),
    shippingFeePaise: Number(order.shippingFeePaise),
    cashOnDelivery: order.cashOnDelivery,
    codFeePaise: Number(order.codFeePaise),
    taxPaise: Number(order.taxPaise),
    totalPaise: Number(order.totalPaise),
    lines: lines.map((line) => ({
      sku: line.sku,
      title: line.productTitle,
      size: line.size,
      color: line.color,
      unit: line.unit,
      quantity: Number(line.quantity),
      unitPricePaise: line.unitPricePaise,
      lineTotalPaise: Number(line.lineTotalPaise),
      ...(addOns.has(line.id) ? { addOns: addOns.get(line.id)! } : {}),
    })),
    payments: paid.map((payment) => ({
      provider: payment.provider,
      method: payment.method,
      reference: payment.gatewayId,
      amountPaise: Number(payment.amountPaise),
      status: payment.status,
      testMode: payment.testMode,
      at: payment.updatedAt.toISOString(),
    })),
    history: history.map((event) => ({
      from: event.fromStatus,
      to: event.toStatus,
      cause: event.cause,
      at: event.createdAt.toISOString(),
    })),
    audit,
    documents,
    actions: availableActions(order.status, order.shopperPaidAt !== null),
  };
}
