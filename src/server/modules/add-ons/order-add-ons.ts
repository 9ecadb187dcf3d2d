/**
 * The add-ons of placed orders (docs/add-ons.md "After the order"): written with the order, read for its
 * answers, mails, packing slip and tax documents, and marked done by the shop ('Stitching done', audited).
 * Money in paise here, rupees in answers; measurements in inches. Every query is scoped to the store.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { OrderLineAddOn } from '@shared/add-ons/add-on-schemas';
import { paiseToRupees } from '@shared/money';
import type { Db } from '../../db/database';
import { orderLineAddOns } from '../../db/schema/add-on-tables';
import { orders } from '../../db/schema/order-tables';
import { ConflictError, NotFoundError } from '../../errors';
import { recordAudit, type AuditActor } from '../audit/audit-log';
import type { PricedAddOn } from './add-on-pricing';

/** A stored add-on row (paise, inches, tax heads). */
export type StoredOrderAddOn = typeof orderLineAddOns.$inferSelect;

/** The 404 and 409 messages of marking an add-on done. */
export const ADD_ON_NOT_FOUND = 'Add-on not found';
export const ALREADY_DONE = 'This add-on is already marked done';

/**
 * Writes the priced add-ons of order `orderId` (each onto its line, found by position) and adds their totals
 * and tax to the order's subtotal, total and tax (paise). Call inside the placing transaction, after the
 * order's own tax was recorded (../gst/order-tax.ts `recordOrderTax` sets the total from the subtotal).
 */
export async function recordOrderAddOns(
  tx: Db,
  storeId: number,
  orderId: string,
  priced: readonly PricedAddOn[],
): Promise<void> {
  if (priced.length === 0) return;
  const column = <T>(pick: (addOn: PricedAddOn) => T) => sql.param(priced.map(pick));
  const totalPaise = priced.reduce((sum, addOn) => sum + addOn.totalPaise, 0);
  const taxPaise = priced.reduce((sum, addOn) => sum + addOn.gst.taxPaise, 0);
  await tx.execute(sql`
    WITH wanted AS (
      SELECT * FROM unnest(
        ${column((a) => a.linePosition)}::integer[], ${column((a) => a.position)}::integer[],
        ${column((a) => a.code)}::text[], ${column((a) => a.title)}::text[],
        ${column((a) => a.unitPricePaise)}::integer[], ${column((a) => a.quantity)}::integer[],
        ${column((a) => a.totalPaise)}::bigint[], ${column((a) => a.leadDays)}::integer[],
        ${column((a) => a.measurementSet)}::text[], ${column((a) => a.profileName)}::text[],
        ${column((a) => (a.measurements ? JSON.stringify(a.measurements) : null))}::jsonb[],
        ${column((a) => a.standardSize)}::integer[], ${column((a) => a.sac)}::text[],
        ${column((a) => a.gst.ratePercent)}::numeric[], ${column((a) => a.gst.taxableValuePaise)}::bigint[],
        ${column((a) => a.gst.taxPaise)}::bigint[], ${column((a) => a.gst.cgstPaise)}::bigint[],
        ${column((a) => a.gst.sgstPaise)}::bigint[], ${column((a) => a.gst.igstPaise)}::bigint[]
      ) AS wanted(line_position, position, code, title, unit_price_paise, quantity, total_paise, lead_days,
        measurement_set, profile_name, measurements, standard_size, sac, gst_rate, taxable_value_paise,
        tax_paise, cgst_paise, sgst_paise, igst_paise)
    ),
    inserted AS (
      INSERT INTO order_line_add_ons (store_id, order_id, order_line_id, position, code, title,
        unit_price_paise, quantity, total_paise, lead_days, measurement_set, profile_name, measurements,
        standard_size, sac, gst_rate, taxable_value_paise, tax_paise, cgst_paise, sgst_paise, igst_paise)
      SELECT ${storeId}, ${orderId}, l.id, w.position, w.code, w.title, w.unit_price_paise, w.quantity,
        w.total_paise, w.lead_days, w.measurement_set, w.profile_name, w.measurements, w.standard_size, w.sac,
        w.gst_rate, w.taxable_value_paise, w.tax_paise, w.cgst_paise, w.sgst_paise, w.igst_paise
      FROM wanted AS w
        JOIN order_lines AS l ON l.store_id = ${storeId} AND l.order_id = ${orderId}
          AND l.position = w.line_position
      RETURNING 1
    )
    UPDATE orders SET subtotal_paise = subtotal_paise + ${totalPaise}, total_paise = total_paise + ${totalPaise},
      tax_paise = tax_paise + ${taxPaise}
    WHERE store_id = ${storeId} AND id = ${orderId} AND (SELECT count(*) FROM inserted) >= 0`);
}

/** The stored add-ons of `orderIds` in `storeId`, by line then position. */
export async function storedAddOnsOf(
  db: Db,
  storeId: number,
  orderIds: string[],
): Promise<StoredOrderAddOn[]> {
  if (orderIds.length === 0) return [];
  return db
    .select()
    .from(orderLineAddOns)
    .where(and(eq(orderLineAddOns.storeId, storeId), inArray(orderLineAddOns.orderId, orderIds)))
    .orderBy(asc(orderLineAddOns.orderLineId), asc(orderLineAddOns.position));
}

/** A stored add-on as answers carry it (rupees). */
export function toOrderLineAddOn(row: StoredOrderAddOn): OrderLineAddOn {
  return {
    id: String(row.id),
    code: row.code,
    title: row.title,
    price: paiseToRupees(row.unitPricePaise),
    quantity: row.quantity,
    total: paiseToRupees(row.totalPaise),
    leadDays: row.leadDays,
    measurementSet: row.measurementSet,
    profileName: row.profileName,
    measurements: row.measurements,
    standardSize: row.standardSize,
    sac: row.sac,
    gstRate: Number(row.gstRate),
    tax: paiseToRupees(row.taxPaise),
    doneAt: row.doneAt?.toISOString() ?? null,
  };
}

/** The answers' add-ons of `orderIds`, by order line id (lines without add-ons are absent). */
export async function addOnsByLine(
  db: Db,
  storeId: number,
  orderIds: string[],
): Promise<Map<number, OrderLineAddOn[]>> {
  const byLine = new Map<number, OrderLineAddOn[]>();
  for (const row of await storedAddOnsOf(db, storeId, orderIds)) {
    const list = byLine.get(row.orderLineId) ?? [];
    list.push(toOrderLineAddOn(row));
    byLine.set(row.orderLineId, list);
  }
  return byLine;
}

/**
 * Marks add-on `addOnId` of the order numbered `orderNumber` done ('Stitching done'), audited as
 * `add-on-done` on the order.
 * @throws {NotFoundError} {@link ADD_ON_NOT_FOUND} (not this store's order's add-on).
 * @throws {ConflictError} {@link ALREADY_DONE}.
 */
export async function markAddOnDone(
  db: Db,
  input: { storeId: number; orderNumber: string; addOnId: number; actor: AuditActor; now?: Date },
): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: orderLineAddOns.id, title: orderLineAddOns.title, doneAt: orderLineAddOns.doneAt })
      .from(orderLineAddOns)
      .innerJoin(orders, eq(orders.id, orderLineAddOns.orderId))
      .where(
        and(
          eq(orderLineAddOns.storeId, input.storeId),
          eq(orders.storeId, input.storeId),
          eq(orders.orderNumber, input.orderNumber),
          eq(orderLineAddOns.id, input.addOnId),
        ),
      )
      .for('update');
    if (!row) throw new NotFoundError(ADD_ON_NOT_FOUND);
    if (row.doneAt !== null) throw new ConflictError(ALREADY_DONE);
    const doneAt = input.now ?? new Date();
    await tx
      .update(orderLineAddOns)
      .set({ doneAt })
      .where(and(eq(orderLineAddOns.storeId, input.storeId), eq(orderLineAddOns.id, row.id)));
    await recordAudit(tx, {
      storeId: input.storeId,
      actor: input.actor,
      entity: 'order',
      entityId: input.orderNumber,
      action: 'add-on-done',
      before: { addOn: row.title, done: false },
      after: { addOn: row.title, done: true },
    });
  });
}
