/**
 * The lead time the delivery estimate adds for chosen add-ons (docs/add-ons.md "At checkout"): add-ons are
 * worked on side by side, so the estimate adds the longest `lead_days` among them. Read straight from the
 * store's add-on table (the add-ons module sits above this one); scoped to the store.
 */
import { and, eq, inArray, max } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { storeAddOns } from '../../db/schema/add-on-tables';

/**
 * The longest lead time, in days, of store `storeId`'s add-ons whose codes are in `codes`; 0 when none of the
 * codes is an add-on of the store (unknown codes add nothing).
 */
export async function longestAddOnLeadDays(db: Db, storeId: number, codes: string[]): Promise<number> {
  if (codes.length === 0) return 0;
  const [row] = await db
    .select({ days: max(storeAddOns.leadDays) })
    .from(storeAddOns)
    .where(and(eq(storeAddOns.storeId, storeId), inArray(storeAddOns.code, codes)));
  return row?.days ?? 0;
}
