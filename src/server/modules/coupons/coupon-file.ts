/**
 * Coupons in the catalogue file (docs/catalog-format.md `store.coupons`): the store's coupons as the file writes
 * them (the admin form's fields, rupees), and the import's upsert by code. The admin's own reads and writes are
 * ./coupon-admin.ts.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { CheckedCouponInput } from '@shared/discounts/coupon-schemas';
import type { Db } from '../../db/database';
import { coupons, type CouponRow } from '../../db/schema/coupon-tables';
import { announceQuoteChange } from '../stores/quote-change';
import { couponColumnsOf, couponToApi } from './coupon-admin';

/** A stored coupon as the catalogue file's `store.coupons` entry (the admin form's fields, rupees). */
export function couponFileEntry(row: CouponRow): CheckedCouponInput {
  const { id: _id, status: _status, timesUsed: _used, ...fields } = couponToApi(row);
  return fields;
}

/** The store's coupons for the catalogue file, oldest first. */
export async function couponsForFile(db: Db, storeId: number): Promise<CheckedCouponInput[]> {
  const rows = await db.select().from(coupons).where(eq(coupons.storeId, storeId)).orderBy(asc(coupons.id));
  return rows.map(couponFileEntry);
}

/**
 * Writes the catalogue file's `store.coupons` (docs/catalog-format.md): each entry creates the coupon of its
 * code or updates the one with that code in any letter case (its uses so far are kept); coupons the file does
 * not name stay as they are. Not audited one by one: the import as a whole is the change.
 * @returns how many coupons were created or changed.
 */
export async function upsertCouponsFromFile(
  tx: Db,
  storeId: number,
  entries: readonly CheckedCouponInput[],
): Promise<number> {
  let changed = 0;
  for (const entry of entries) {
    const columns = couponColumnsOf(entry);
    const [current] = await tx
      .select()
      .from(coupons)
      .where(sql`${coupons.storeId} = ${storeId} AND upper(${coupons.code}) = ${columns.code.toUpperCase()}`);
    if (!current) {
      await tx.insert(coupons).values({ storeId, ...columns });
      changed++;
    } else if (
      JSON.stringify(couponFileEntry(current)) !== JSON.stringify(couponFileEntry({ ...current, ...columns }))
    ) {
      await tx
        .update(coupons)
        .set({ ...columns, updatedAt: sql`now()` })
        .where(and(eq(coupons.storeId, storeId), eq(coupons.id, current.id)));
      changed++;
    }
  }
  if (changed > 0) await announceQuoteChange(tx, storeId);
  return changed;
}
