/**
 * The owner's coupons (docs/discounts.md "Owner"): list with the status at this moment, create, edit, pause
 * or resume, duplicate, and each coupon's uses with its orders and the discount given. Every change is
 * audited in its own transaction (docs/admin.md "Audit") and announced to the checkout quote's cache
 * (../stores/quote-change.ts). The API speaks rupees; the tables paise.
 */
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { couponStatus } from '@shared/discounts/coupon-rules';
import type { CheckedCouponInput, Coupon, CouponUses } from '@shared/discounts/coupon-schemas';
import { paiseToRupees, rupeesToPaise } from '@shared/money';
import { ORDER_STATUS } from '@shared/orders/order-status';
import type { Db } from '../../db/database';
import { coupons, type CouponRow } from '../../db/schema/coupon-tables';
import { orders } from '../../db/schema/order-tables';
import { ConflictError, NotFoundError } from '../../errors';
import { recordAudit, type AuditActor } from '../audit/audit-log';
import { announceQuoteChange } from '../stores/quote-change';

export const COUPON_NOT_FOUND = 'Coupon not found';
export const CODE_TAKEN = 'is already the code of another coupon';

/** A stored coupon as the admin API answers it (rupees, ISO times, status at `now`). */
export function couponToApi(row: CouponRow, now = new Date()): Coupon {
  return {
    id: row.id,
    code: row.code,
    description: row.description,
    kind: row.kind,
    value: row.kind === 'fixed' ? paiseToRupees(row.value) : row.value,
    minSubtotal: row.minSubtotalPaise === null ? null : paiseToRupees(row.minSubtotalPaise),
    maxDiscount: row.maxDiscountPaise === null ? null : paiseToRupees(row.maxDiscountPaise),
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt?.toISOString() ?? null,
    usageLimit: row.usageLimit,
    perCustomerLimit: row.perCustomerLimit,
    firstOrderOnly: row.firstOrderOnly,
    scope: row.scope,
    categories: row.categories,
    productIds: row.productIds,
    excludeSaleItems: row.excludeSaleItems,
    paused: row.paused,
    status: couponStatus(row, now),
    timesUsed: row.timesUsed,
  };
}

/** The columns of a checked form (paise; names and ids in lower case). */
export function couponColumnsOf(input: CheckedCouponInput) {
  return {
    code: input.code,
    description: input.description,
    kind: input.kind,
    value: input.kind === 'fixed' ? rupeesToPaise(input.value) : input.kind === 'percent' ? input.value : 0,
    minSubtotalPaise: input.minSubtotal === null ? null : rupeesToPaise(input.minSubtotal),
    maxDiscountPaise:
      input.kind === 'percent' && input.maxDiscount !== null ? rupeesToPaise(input.maxDiscount) : null,
    startsAt: new Date(input.startsAt),
    endsAt: input.endsAt === null ? null : new Date(input.endsAt),
    usageLimit: input.usageLimit,
    perCustomerLimit: input.perCustomerLimit,
    firstOrderOnly: input.firstOrderOnly,
    scope: input.scope,
    categories:
      input.scope === 'categories' ? [...new Set(input.categories.map((name) => name.toLowerCase()))] : [],
    productIds:
      input.scope === 'products' ? [...new Set(input.productIds.map((id) => id.toLowerCase()))] : [],
    excludeSaleItems: input.excludeSaleItems,
    paused: input.paused,
  };
}

const isUniqueViolation = (error: unknown) =>
  [error, (error as { cause?: unknown } | null)?.cause].some(
    (candidate) => (candidate as { code?: unknown } | null)?.code === '23505',
  );

/** The store's coupons, newest first. */
export async function listCoupons(db: Db, storeId: number, now = new Date()): Promise<Coupon[]> {
  const rows = await db.select().from(coupons).where(eq(coupons.storeId, storeId)).orderBy(desc(coupons.id));
  return rows.map((row) => couponToApi(row, now));
}

async function couponRow(db: Db, storeId: number, couponId: number, lock = false): Promise<CouponRow> {
  const query = db
    .select()
    .from(coupons)
    .where(and(eq(coupons.storeId, storeId), eq(coupons.id, couponId)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new NotFoundError(COUPON_NOT_FOUND);
  return row;
}

/** One coupon of the store. @throws {NotFoundError} 'Coupon not found'. */
export async function readCoupon(db: Db, storeId: number, couponId: number): Promise<Coupon> {
  return couponToApi(await couponRow(db, storeId, couponId));
}

/**
 * Writes a coupon (a new one when `couponId` is null), audited as `create` or `update`.
 * @throws {ConflictError} `fields.code` 'is already the code of another coupon' (any letter case).
 * @throws {NotFoundError} for an unknown `couponId`.
 */
export async function saveCoupon(
  db: Db,
  storeId: number,
  actor: AuditActor,
  couponId: number | null,
  input: CheckedCouponInput,
): Promise<Coupon> {
  try {
    return await db.transaction(async (tx) => {
      const before = couponId === null ? null : await couponRow(tx, storeId, couponId, true);
      const columns = couponColumnsOf(input);
      const [row] =
        before === null
          ? await tx
              .insert(coupons)
              .values({ storeId, ...columns })
              .returning()
          : await tx
              .update(coupons)
              .set({ ...columns, updatedAt: sql`now()` })
              .where(and(eq(coupons.storeId, storeId), eq(coupons.id, before.id)))
              .returning();
      const after = couponToApi(row!);
      await recordAudit(tx, {
        storeId,
        actor,
        entity: 'coupon',
        entityId: row!.code,
        action: before === null ? 'create' : 'update',
        before: before === null ? null : couponToApi(before),
        after,
      });
      await announceQuoteChange(tx, storeId);
      return after;
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new ConflictError(`The code ${input.code} is taken`, { code: CODE_TAKEN });
    throw error;
  }
}

/** Pauses or resumes a coupon, audited as `pause` / `resume`. @throws {NotFoundError}. */
export async function setCouponPaused(
  db: Db,
  storeId: number,
  actor: AuditActor,
  couponId: number,
  paused: boolean,
): Promise<Coupon> {
  return db.transaction(async (tx) => {
    const before = await couponRow(tx, storeId, couponId, true);
    const [row] = await tx
      .update(coupons)
      .set({ paused, updatedAt: sql`now()` })
      .where(and(eq(coupons.storeId, storeId), eq(coupons.id, couponId)))
      .returning();
    await recordAudit(tx, {
      storeId,
      actor,
      entity: 'coupon',
      entityId: row!.code,
      action: paused ? 'pause' : 'resume',
      before: { paused: before.paused },
      after: { paused },
    });
    await announceQuoteChange(tx, storeId);
    return couponToApi(row!);
  });
}

/**
 * A copy of a coupon under a new code (paused, no uses), audited as `duplicate`: the owner edits its dates
 * and resumes it. The new code is the old one with `-COPY` (then `-COPY2`, …) until one is free.
 */
export async function duplicateCoupon(
  db: Db,
  storeId: number,
  actor: AuditActor,
  couponId: number,
): Promise<Coupon> {
  return db.transaction(async (tx) => {
    const source = await couponRow(tx, storeId, couponId);
    const taken = new Set(
      (
        await tx
          .select({ code: coupons.code })
          .from(coupons)
          .where(
            and(
              eq(coupons.storeId, storeId),
              sql`upper(${coupons.code}) LIKE ${`${source.code.toUpperCase()}-COPY%`}`,
            ),
          )
      ).map((row) => row.code.toUpperCase()),
    );
    const base = `${source.code.slice(0, 24)}-COPY`;
    let code = base;
    for (let n = 2; taken.has(code.toUpperCase()); n++) code = `${base}${n}`;
    const { id: _id, createdAt: _created, updatedAt: _updated, timesUsed: _used, ...copied } = source;
    const [row] = await tx
      .insert(coupons)
      .values({ ...copied, code, paused: true, timesUsed: 0 })
      .returning();
    const after = couponToApi(row!);
    await recordAudit(tx, {
      storeId,
      actor,
      entity: 'coupon',
      entityId: code,
      action: 'duplicate',
      before: { code: source.code },
      after,
    });
    await announceQuoteChange(tx, storeId);
    return after;
  });
}

/** The orders placed with a coupon (newest first) and the discount they were given (orders not cancelled). */
export async function couponUses(db: Db, storeId: number, couponId: number): Promise<CouponUses> {
  await couponRow(db, storeId, couponId);
  const rows = await db
    .select({
      orderNumber: orders.orderNumber,
      createdAt: orders.createdAt,
      email: orders.email,
      status: orders.status,
      discountPaise: orders.discountPaise,
      totalPaise: orders.totalPaise,
      releasedAt: orders.couponReleasedAt,
    })
    .from(orders)
    .where(and(eq(orders.storeId, storeId), eq(orders.couponId, couponId)))
    .orderBy(desc(orders.createdAt), asc(orders.orderNumber));
  return {
    orders: rows.map((row) => ({
      orderId: row.orderNumber,
      createdAt: row.createdAt.toISOString(),
      email: row.email,
      status: row.status,
      discount: paiseToRupees(row.discountPaise),
      total: paiseToRupees(row.totalPaise),
      released: row.releasedAt !== null,
    })),
    totalDiscount: paiseToRupees(
      rows
        .filter((row) => row.status !== ORDER_STATUS.cancelled)
        .reduce((sum, row) => sum + row.discountPaise, 0),
    ),
  };
}
