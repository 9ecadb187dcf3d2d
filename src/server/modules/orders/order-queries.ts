/**
 * Reading orders for the API (docs/product.md §3 "Order as read from the server"): a customer's list and one order by
 * its number, in the shape of `orderSchema` — `id` is the order number, amounts in rupees. Every query is
 * scoped to the store (and, for a customer's list, the user).
 */
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Order } from '@shared/orders/order-schemas';
import { ORDER_CHARGE_LABELS } from '@shared/delivery/charge-tax';
import { paiseToRupees } from '@shared/money';
import { courierTrackingUrl } from '@shared/orders/couriers';
import { shownCourierStatus } from '@shared/orders/courier-status';
import type { Db } from '../../db/database';
import { taxDocuments } from '../../db/schema/gst-tables';
import { orderLines, orders } from '../../db/schema/order-tables';
import type { OrderLineAddOn } from '@shared/add-ons/add-on-schemas';
import { addOnsByLine } from '../add-ons/order-add-ons';
import { afterDeliveryOfOrders, type AfterDelivery } from './order-after-delivery';
import { activityOfOrders, type OrderActivity } from './order-history';

/** The 404 answer for an unknown order and a wrong contact alike (docs/product.md §8). */
export const ORDER_NOT_FOUND = 'Order not found or access denied';
/** `GET /orders` answers at most this many orders, newest first. */
export const MAX_LISTED_ORDERS = 100;

type OrderRow = typeof orders.$inferSelect;
type LineRow = Pick<
  typeof orderLines.$inferSelect,
  | 'id'
  | 'orderId'
  | 'productId'
  | 'variantId'
  | 'productTitle'
  | 'sku'
  | 'size'
  | 'color'
  | 'imageUrl'
  | 'unit'
  | 'quantity'
  | 'unitPricePaise'
  | 'lineTotalPaise'
  | 'discountPaise'
  | 'hsn'
  | 'gstRate'
  | 'taxableValuePaise'
  | 'taxPaise'
  | 'cgstPaise'
  | 'sgstPaise'
  | 'igstPaise'
>;

const lineColumns = {
  id: orderLines.id,
  orderId: orderLines.orderId,
  productId: orderLines.productId,
  variantId: orderLines.variantId,
  productTitle: orderLines.productTitle,
  sku: orderLines.sku,
  size: orderLines.size,
  color: orderLines.color,
  imageUrl: orderLines.imageUrl,
  unit: orderLines.unit,
  quantity: orderLines.quantity,
  unitPricePaise: orderLines.unitPricePaise,
  lineTotalPaise: orderLines.lineTotalPaise,
  discountPaise: orderLines.discountPaise,
  hsn: orderLines.hsn,
  gstRate: orderLines.gstRate,
  taxableValuePaise: orderLines.taxableValuePaise,
  taxPaise: orderLines.taxPaise,
  cgstPaise: orderLines.cgstPaise,
  sgstPaise: orderLines.sgstPaise,
  igstPaise: orderLines.igstPaise,
};

/** How the order's GST was levied, from its snapshot columns; null for an order placed before GST was recorded. */
function gstSupplyOf(row: OrderRow): Order['gstSupply'] {
  if (row.placeOfSupplyCode === null) return null;
  if (row.supplierGstin === null) return 'not-registered';
  return row.supplierStateCode === row.placeOfSupplyCode ? 'intra-state' : 'inter-state';
}

/** An issued tax document of an order, as listed with it. */
type DocumentRow = { orderId: string; kind: string; number: string; issuedAt: Date };

/**
 * The order's invoice (or bill of supply), its first credit note (null when none was issued) and every credit
 * note, oldest first (docs/returns.md: a refund or an RTO may each issue one).
 */
function documentsOf(documents: DocumentRow[]): Pick<Order, 'invoice' | 'creditNote' | 'creditNotes'> {
  const summary = (row: DocumentRow | undefined) =>
    row
      ? {
          number: row.number,
          kind: row.kind as 'tax-invoice' | 'bill-of-supply' | 'credit-note',
          issuedAt: row.issuedAt.toISOString(),
        }
      : null;
  const creditNotes = documents
    .filter((row) => row.kind === 'credit-note')
    .sort((a, b) => a.issuedAt.getTime() - b.issuedAt.getTime() || a.number.localeCompare(b.number));
  return {
    invoice: summary(documents.find((row) => row.kind !== 'credit-note')),
    creditNote: summary(creditNotes[0]),
    creditNotes: creditNotes.map((row) => summary(row)!),
  };
}

/** The issued tax documents of `orderIds` in `storeId`, by order id. */
async function documentsOfOrders(
  db: Db,
  storeId: number,
  orderIds: string[],
): Promise<Map<string, DocumentRow[]>> {
  const byOrder = new Map<string, DocumentRow[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select({
      orderId: taxDocuments.orderId,
      kind: taxDocuments.kind,
      number: taxDocuments.number,
      issuedAt: taxDocuments.issuedAt,
    })
    .from(taxDocuments)
    .where(and(eq(taxDocuments.storeId, storeId), inArray(taxDocuments.orderId, orderIds)));
  for (const row of rows) byOrder.set(row.orderId, [...(byOrder.get(row.orderId) ?? []), row]);
  return byOrder;
}

/**
 * The API shape of an order (`orderSchema`): `id` is the order number, amounts in rupees. `after`: its returns,
 * refunds and return window (./order-after-delivery.ts); without it those fields are left out.
 */
export function toOrder(
  row: OrderRow,
  lines: LineRow[],
  documents: DocumentRow[] = [],
  activity: OrderActivity = { history: [], paidBy: null },
  after?: AfterDelivery,
  addOns: ReadonlyMap<number, OrderLineAddOn[]> = new Map(),
): Order {
  return {
    id: row.orderNumber,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    items: lines.map((line) => ({
      id: String(line.id),
      productId: line.productId,
      variantId: line.variantId,
      productTitle: line.productTitle,
      sku: line.sku,
      size: line.size,
      color: line.color,
      imgUrl: line.imageUrl,
      unit: line.unit === 'm' ? 'm' : 'piece',
      quantity: line.quantity,
      price: paiseToRupees(line.unitPricePaise),
      // round(price × quantity): the line before the coupon's share, which `discount` shows.
      lineTotal: paiseToRupees(line.lineTotalPaise + line.discountPaise),
      ...(line.discountPaise > 0 ? { discount: paiseToRupees(line.discountPaise) } : {}),
      ...(line.gstRate === null
        ? {}
        : {
            hsn: line.hsn,
            gstRate: line.gstRate,
            taxableValue: paiseToRupees(line.taxableValuePaise ?? line.lineTotalPaise),
            tax: paiseToRupees(line.taxPaise),
            cgst: paiseToRupees(line.cgstPaise),
            sgst: paiseToRupees(line.sgstPaise),
            igst: paiseToRupees(line.igstPaise),
          }),
      ...after?.lines.get(line.id),
      ...(addOns.has(line.id) ? { addOns: addOns.get(line.id)! } : {}),
    })),
    shippingAddress: {
      fullName: row.fullName,
      address: row.address,
      city: row.city,
      state: row.state,
      postalCode: row.postalCode,
      phone: row.phone,
    },
    shippingMethod: row.shippingMethod,
    trackingNumber: row.trackingNumber,
    courier: row.courier,
    trackingUrl: courierTrackingUrl(row.courier, row.trackingNumber),
    courierStatus: shownCourierStatus(row.status, row.courierStatus),
    paymentDueAt: row.paymentDueAt?.toISOString() ?? null,
    cancellationCause: row.cancellationCause,
    refundDue: row.refundDue,
    subtotal: paiseToRupees(row.subtotalPaise),
    shippingFee: paiseToRupees(row.shippingFeePaise),
    discount: paiseToRupees(row.discountPaise),
    couponCode: row.couponCode,
    total: paiseToRupees(row.totalPaise),
    tax: paiseToRupees(row.taxPaise),
    gstSupply: gstSupplyOf(row),
    ...documentsOf(documents),
    history: activity.history,
    paidBy: activity.paidBy,
    cashOnDelivery: row.cashOnDelivery,
    codFee: paiseToRupees(row.codFeePaise),
    charges: row.charges.map((charge) => ({
      kind: charge.kind,
      label: ORDER_CHARGE_LABELS[charge.kind],
      amount: paiseToRupees(charge.amountPaise),
      gstRate: charge.ratePercent,
      tax: paiseToRupees(charge.taxPaise),
    })),
    paymentReported: row.shopperPaidAt ? { at: row.shopperPaidAt.toISOString(), utr: row.shopperUtr } : null,
    ...(after
      ? {
          returnWindowLastDay: after.returnWindowLastDay,
          exchangesOffered: after.exchangesOffered,
          returns: after.returns,
          refunds: after.refunds,
        }
      : {}),
  };
}

/** The answers of order `rows` of `storeId` (in their order), read with a fixed number of queries. */
async function toOrders(db: Db, storeId: number, rows: OrderRow[]): Promise<Order[]> {
  const ids = rows.map((row) => row.id);
  const lines = await linesOf(db, storeId, ids);
  const documents = await documentsOfOrders(db, storeId, ids);
  const activity = await activityOfOrders(db, storeId, ids);
  const after = await afterDeliveryOfOrders(db, storeId, rows, lines, activity);
  const addOns = await addOnsByLine(db, storeId, ids);
  return rows.map((row) =>
    toOrder(
      row,
      lines.get(row.id) ?? [],
      documents.get(row.id) ?? [],
      activity.get(row.id),
      after.get(row.id),
      addOns,
    ),
  );
}

async function linesOf(db: Db, storeId: number, orderIds: string[]): Promise<Map<string, LineRow[]>> {
  const byOrder = new Map<string, LineRow[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select(lineColumns)
    .from(orderLines)
    .where(and(eq(orderLines.storeId, storeId), inArray(orderLines.orderId, orderIds)))
    .orderBy(asc(orderLines.orderId), asc(orderLines.position));
  for (const row of rows) {
    const list = byOrder.get(row.orderId);
    if (list) list.push(row);
    else byOrder.set(row.orderId, [row]);
  }
  return byOrder;
}

/** The user's orders in `storeId`, newest first (at most {@link MAX_LISTED_ORDERS}). */
export async function listOrders(db: Db, storeId: number, userId: number): Promise<Order[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(and(eq(orders.storeId, storeId), eq(orders.userId, userId)))
    .orderBy(desc(orders.createdAt), desc(orders.orderNumber))
    .limit(MAX_LISTED_ORDERS);
  return toOrders(db, storeId, rows);
}

/** An order found by its number, with what decides who may see it. */
export type TrackedOrder = { order: Order; userId: number; email: string; phoneDigits: string };

/** The order of `storeId` with the (normalised) `orderNumber`, or null. */
export async function findOrderByNumber(
  db: Db,
  storeId: number,
  orderNumber: string,
): Promise<TrackedOrder | null> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.storeId, storeId), eq(orders.orderNumber, orderNumber)))
    .limit(1);
  if (!row) return null;
  const [order] = await toOrders(db, storeId, [row]);
  return {
    order: order!,
    userId: row.userId,
    email: row.email,
    phoneDigits: row.phoneDigits,
  };
}
