/**
 * Promotions from the catalogue file's `store.promotions` (docs/catalog-format.md "Promotions"): each is
 * matched by name (case-insensitive) within the store — a new name creates a promotion, a known one is
 * rewritten when it differs; promotions absent from the file are kept. Run inside the import's transaction,
 * after its categories and products, so the file's own category names and SKUs resolve.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { PromotionValues } from '@shared/discounts/promotion-schemas';
import type { Db } from '../../db/database';
import { promotions } from '../../db/schema/promotion-tables';
import { AppError, ValidationError } from '../../errors';
import { rowValues } from './promotion-admin';

/**
 * Creates or rewrites the file's promotions in `storeId`. @returns whether anything changed.
 * @throws {ValidationError} `store.promotions[i].categories` / `.products` for a name or SKU the store lacks.
 */
export async function importPromotions(tx: Db, storeId: number, file: PromotionValues[]): Promise<boolean> {
  let changed = false;
  for (const [index, values] of file.entries()) {
    let row: Awaited<ReturnType<typeof rowValues>>;
    try {
      row = await rowValues(tx, storeId, values);
    } catch (error) {
      if (!(error instanceof AppError) || !error.fields) throw error;
      throw new ValidationError(
        Object.fromEntries(
          Object.entries(error.fields).map(([key, message]) => [
            `store.promotions[${index}].${key}`,
            message,
          ]),
        ),
      );
    }
    const [current] = await tx
      .select()
      .from(promotions)
      .where(and(eq(promotions.storeId, storeId), sql`lower(${promotions.name}) = lower(${values.name})`))
      .limit(1);
    if (!current) {
      await tx.insert(promotions).values({ ...row, storeId });
      changed = true;
      continue;
    }
    const same =
      current.name === row.name &&
      current.kind === row.kind &&
      current.value === row.value &&
      current.scope === row.scope &&
      JSON.stringify([...current.categoryIds].sort()) === JSON.stringify([...row.categoryIds].sort()) &&
      JSON.stringify([...current.subCategories].sort()) === JSON.stringify([...row.subCategories].sort()) &&
      JSON.stringify([...current.productIds].sort()) === JSON.stringify([...row.productIds].sort()) &&
      current.startsAt.getTime() === row.startsAt.getTime() &&
      current.endsAt.getTime() === row.endsAt.getTime() &&
      current.paused === row.paused;
    if (same) continue;
    await tx
      .update(promotions)
      .set({ ...row, updatedAt: new Date() })
      .where(and(eq(promotions.storeId, storeId), eq(promotions.id, current.id)));
    changed = true;
  }
  return changed;
}
