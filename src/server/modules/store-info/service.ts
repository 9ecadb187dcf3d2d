/**
 * Store information (spec §3 "Store info"): the shop's texts, its categories in the owner's order, category
 * images, policy overrides, and whether payments are simulated. Plain functions taking `db`; every query is
 * scoped to `storeId`.
 */
import { asc, eq, isNotNull, sql } from 'drizzle-orm';
import { sizeChartInOrder } from '@shared/store-info/size-chart';
import { socialLinksInOrder } from '@shared/store-info/social-links';
import type { StoreInfo } from '@shared/store-info/store-info-schema';
import type { Db } from '../../db/database';
import { categories } from '../../db/schema/catalog-tables';
import { stores } from '../../db/schema/store-tables';

/** The part of the payment settings that says whether a payment method is a simulation. */
export type SimulatedPayments = {
  gateway: { testMode: boolean } | null;
  upi: { testMode: boolean } | null;
};

/**
 * True when payments are simulated: the built-in sandbox gateway or the demo UPI ID is in use
 * (src/server/modules/payments/settings.ts decides both; docs/payments.md "Test mode").
 */
export function paymentsAreSimulated(payments: SimulatedPayments): boolean {
  return payments.gateway?.testMode === true || payments.upi?.testMode === true;
}

/**
 * Store information for `GET /storeInfo`: text fields (null when unset), categories in the owner's order
 * (those with a position), category images, policy overrides, and `testMode` as given (it comes from the
 * payment settings, not the database).
 */
export async function getStoreInfo(db: Db, storeId: number, testMode: boolean): Promise<StoreInfo> {
  const [store] = await db.select().from(stores).where(eq(stores.id, storeId)).limit(1);
  const categoryRows = await db
    .select({ name: categories.name, position: categories.position })
    .from(categories)
    .where(sql`${categories.storeId} = ${storeId} and ${isNotNull(categories.position)}`)
    .orderBy(asc(categories.position));
  const imageRows = await db
    .select({ name: categories.name, imageUrl: categories.imageUrl })
    .from(categories)
    .where(sql`${categories.storeId} = ${storeId} and ${isNotNull(categories.imageUrl)}`)
    .orderBy(asc(categories.id));
  return {
    storeName: store?.storeName ?? null,
    companyName: store?.companyName ?? null,
    companyAddress: store?.companyAddress ?? null,
    companyEmail: store?.companyEmail ?? null,
    companyPhone: store?.companyPhone ?? null,
    companyLogoUrl: store?.companyLogoUrl ?? null,
    description: store?.description ?? null,
    whatsappNumber: store?.whatsappNumber ?? null,
    socialLinks: socialLinksInOrder(store?.socialLinks ?? {}),
    sizeChart: store?.sizeChart ? sizeChartInOrder(store.sizeChart) : null,
    categories: categoryRows.map((row) => row.name),
    categoryImages: Object.fromEntries(imageRows.map((row) => [row.name, row.imageUrl as string])),
    policies: store?.policies ?? {},
    testMode,
  };
}
