/**
 * Reading an order's life after delivery for every answer that shows it (docs/returns.md): its returns (lines,
 * photos, history, replacement shipment) in the shape of `returnSchema`, and its refunds in the shape of
 * `refundSchema`. The shopper's order answer, Track Order and the admin all read through here, so they always
 * agree. Amounts in rupees; quantities in the line's unit (pieces or metres). Every query is scoped to the store.
 */
import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import { paiseToRupees } from '@shared/money';
import { courierTrackingUrl } from '@shared/orders/couriers';
import { RETURN_REASONS, RETURN_STATUS_LABELS, type ReturnReason } from '@shared/returns/return-rules';
import type { OrderReturn, Refund } from '@shared/returns/return-schemas';
import type { Db } from '../../db/database';
import { taxDocuments } from '../../db/schema/gst-tables';
import { uploadedImages } from '../../db/schema/media-tables';
import { orderLines, orders } from '../../db/schema/order-tables';
import {
  orderReturns,
  refunds,
  returnEvents,
  returnLines,
  returnPhotos,
} from '../../db/schema/return-tables';

type ReturnRow = typeof orderReturns.$inferSelect;

/** Pushes `value` onto the list of `key` in `map`. */
function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/**
 * The returns of the given `orders` rows (`returnRows`, any order) as answers carry them, by return id.
 * `orderNumbers` maps each order id to its number.
 */
async function toReturns(
  db: Db,
  storeId: number,
  returnRows: ReturnRow[],
  orderNumbers: Map<string, string>,
): Promise<Map<string, OrderReturn>> {
  const result = new Map<string, OrderReturn>();
  if (returnRows.length === 0) return result;
  const returnIds = returnRows.map((row) => row.id);
  const [lineRows, photoRows, eventRows] = await Promise.all([
    db
      .select({ line: returnLines, orderLine: orderLines })
      .from(returnLines)
      .innerJoin(orderLines, eq(orderLines.id, returnLines.orderLineId))
      .where(and(eq(returnLines.storeId, storeId), inArray(returnLines.returnId, returnIds)))
      .orderBy(asc(orderLines.position), asc(returnLines.id)),
    db
      .select({ returnId: returnPhotos.returnId, url: uploadedImages.url })
      .from(returnPhotos)
      .innerJoin(uploadedImages, eq(uploadedImages.id, returnPhotos.imageId))
      .where(and(eq(returnPhotos.storeId, storeId), inArray(returnPhotos.returnId, returnIds)))
      .orderBy(asc(returnPhotos.position)),
    db
      .select()
      .from(returnEvents)
      .where(and(eq(returnEvents.storeId, storeId), inArray(returnEvents.returnId, returnIds)))
      .orderBy(asc(returnEvents.createdAt), asc(returnEvents.id)),
  ]);
  const linesByReturn = new Map<string, (typeof lineRows)[number][]>();
  for (const row of lineRows) push(linesByReturn, row.line.returnId, row);
  const photosByReturn = new Map<string, string[]>();
  for (const row of photoRows) push(photosByReturn, row.returnId, row.url);
  const eventsByReturn = new Map<string, (typeof eventRows)[number][]>();
  for (const row of eventRows) push(eventsByReturn, row.returnId, row);

  for (const row of returnRows) {
    const lines = linesByReturn.get(row.id) ?? [];
    const linesPaise = lines.reduce((sum, { line }) => sum + line.refundPaise, 0);
    result.set(row.id, {
      id: row.id,
      number: row.number,
      orderId: orderNumbers.get(row.orderId) ?? '',
      status: row.status,
      statusLabel: RETURN_STATUS_LABELS[row.status],
      note: row.note,
      lines: lines.map(({ line, orderLine }) => ({
        id: String(line.id),
        lineId: String(orderLine.id),
        productTitle: orderLine.productTitle,
        sku: orderLine.sku,
        size: orderLine.size,
        color: orderLine.color,
        unit: orderLine.unit === 'm' ? 'm' : 'piece',
        quantity: line.quantity,
        reason: line.reason as ReturnReason,
        reasonLabel: RETURN_REASONS[line.reason as ReturnReason] ?? line.reason,
        exchange:
          line.exchangeVariantId !== null || line.exchangeSize !== null || line.exchangeColor !== null
            ? { variantId: line.exchangeVariantId, size: line.exchangeSize, color: line.exchangeColor }
            : null,
        outcome: line.outcome,
        refundAmount: paiseToRupees(line.refundPaise),
      })),
      photos: photosByReturn.get(row.id) ?? [],
      pickupFee: paiseToRupees(row.pickupFeePaise),
      pickupNote: row.pickupNote,
      rejectionReason: row.rejectionReason,
      refundAmount: paiseToRupees(linesPaise > 0 ? Math.max(0, linesPaise - row.pickupFeePaise) : 0),
      replacement:
        row.replacementTrackingNumber !== null && row.replacementShippedAt !== null
          ? {
              courier: row.replacementCourier,
              trackingNumber: row.replacementTrackingNumber,
              trackingUrl: courierTrackingUrl(row.replacementCourier, row.replacementTrackingNumber),
              shippedAt: row.replacementShippedAt.toISOString(),
            }
          : null,
      history: (eventsByReturn.get(row.id) ?? []).map((event) => ({
        status: event.status,
        note: event.note,
        at: event.createdAt.toISOString(),
      })),
      createdAt: row.createdAt.toISOString(),
    });
  }
  return result;
}

/**
 * The returns of `storeId` that match `condition`: their rows, oldest first, and their views by return id.
 */
async function returnsWhere(
  db: Db,
  storeId: number,
  condition: SQL,
): Promise<{ rows: ReturnRow[]; views: Map<string, OrderReturn> }> {
  const found = await db
    .select({ row: orderReturns, orderNumber: orders.orderNumber })
    .from(orderReturns)
    .innerJoin(orders, eq(orders.id, orderReturns.orderId))
    .where(and(eq(orderReturns.storeId, storeId), condition))
    .orderBy(asc(orderReturns.createdAt), asc(orderReturns.number));
  const rows = found.map(({ row }) => row);
  const numbers = new Map(found.map(({ row, orderNumber }) => [row.orderId, orderNumber]));
  return { rows, views: await toReturns(db, storeId, rows, numbers) };
}

/** The returns of `orderIds` in `storeId`, oldest first, by order id (orders without returns are absent). */
export async function returnsOfOrders(
  db: Db,
  storeId: number,
  orderIds: string[],
): Promise<Map<string, OrderReturn[]>> {
  const byOrder = new Map<string, OrderReturn[]>();
  if (orderIds.length === 0) return byOrder;
  const { rows, views } = await returnsWhere(db, storeId, inArray(orderReturns.orderId, orderIds));
  for (const row of rows) push(byOrder, row.orderId, views.get(row.id)!);
  return byOrder;
}

/** The returns of `storeId` with the given ids, in the order of `returnIds` (unknown ids are left out). */
export async function returnsById(db: Db, storeId: number, returnIds: string[]): Promise<OrderReturn[]> {
  if (returnIds.length === 0) return [];
  const { views } = await returnsWhere(db, storeId, inArray(orderReturns.id, returnIds));
  return returnIds.flatMap((id) => views.get(id) ?? []);
}

/** The refunds of `orderIds` in `storeId`, oldest first, by order id, with their return and credit note. */
export async function refundsOfOrders(
  db: Db,
  storeId: number,
  orderIds: string[],
): Promise<Map<string, Refund[]>> {
  const byOrder = new Map<string, Refund[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select({
      refund: refunds,
      returnNumber: orderReturns.number,
      creditNoteNumber: taxDocuments.number,
      creditNoteIssuedAt: taxDocuments.issuedAt,
    })
    .from(refunds)
    .leftJoin(orderReturns, eq(orderReturns.id, refunds.returnId))
    .leftJoin(taxDocuments, eq(taxDocuments.id, refunds.creditNoteId))
    .where(and(eq(refunds.storeId, storeId), inArray(refunds.orderId, orderIds)))
    .orderBy(asc(refunds.createdAt), asc(refunds.id));
  for (const { refund, returnNumber, creditNoteNumber, creditNoteIssuedAt } of rows)
    push(byOrder, refund.orderId, {
      id: refund.id,
      amount: paiseToRupees(refund.amountPaise),
      reason: refund.reason,
      method: refund.method,
      reference: refund.reference,
      status: refund.status,
      failureReason: refund.failureReason,
      returnNumber: returnNumber ?? null,
      creditNote:
        creditNoteNumber && creditNoteIssuedAt
          ? { number: creditNoteNumber, issuedAt: creditNoteIssuedAt.toISOString() }
          : null,
      createdAt: refund.createdAt.toISOString(),
      processedAt: refund.processedAt?.toISOString() ?? null,
    });
  return byOrder;
}
