/**
 * Store info (docs/product.md §3 "Store info"), the public, read-only part of the store settings: the shop's
 * texts, its categories in the owner's order, category images, policy overrides, and whether payments are
 * simulated. The owner changes them in the admin (./settings-service.ts) or by a catalogue file. Plain functions
 * taking `db`; every query is scoped to `storeId`.
 */
import { and, asc, eq, inArray, isNotNull, isNull, like, sql } from 'drizzle-orm';
import { categorySizeChartsInOrder } from '@shared/store-settings/category-size-charts';
import { sizeChartInOrder } from '@shared/store-settings/size-chart';
import { socialLinksInOrder } from '@shared/store-settings/social-links';
import type { StoreInfo } from '@shared/store-settings/store-info-schema';
import type { Db } from '../../db/database';
import { categories, products } from '../../db/schema/catalog-tables';
import { stores } from '../../db/schema/store-tables';
import { returnSettingsOf } from '../stores/return-settings';

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
 * The home tile image of each listed category of `storeId` that has none of its own, by category name: the
 * image of its first product on sale in listing order (`sort_order`), only images this server serves (paths
 * starting with `/`, never an outside URL). A category without such a product is absent.
 */
async function productImagesOfCategories(
  db: Db,
  storeId: number,
  categoryIds: number[],
): Promise<Map<number, string>> {
  const byCategory = new Map<number, string>();
  if (categoryIds.length === 0) return byCategory;
  const rows = await db
    .selectDistinctOn([products.categoryId], { categoryId: products.categoryId, imgUrl: products.imgUrl })
    .from(products)
    .where(
      and(
        eq(products.storeId, storeId),
        inArray(products.categoryId, categoryIds),
        isNull(products.archivedAt),
        like(products.imgUrl, '/%'),
        sql`${products.imgUrl} not like '//%'`,
      ),
    )
    .orderBy(asc(products.categoryId), asc(products.sortOrder), asc(products.createdAt), asc(products.id));
  for (const row of rows) if (row.imgUrl) byCategory.set(row.categoryId, row.imgUrl);
  return byCategory;
}

/**
 * Store information for `GET /storeInfo`: text fields (null when unset), categories in the owner's order
 * (those with a position), category images (a listed category without its own image gets its first product's,
 * so every home tile has one), policy overrides, `testMode` as given (it comes from the
 * payment settings, not the database), and the return settings (the defaults while none are set).
 */
export async function getStoreInfo(db: Db, storeId: number, testMode: boolean): Promise<StoreInfo> {
  const [store] = await db.select().from(stores).where(eq(stores.id, storeId)).limit(1);
  const categoryRows = await db
    .select({
      id: categories.id,
      name: categories.name,
      position: categories.position,
      imageUrl: categories.imageUrl,
    })
    .from(categories)
    .where(sql`${categories.storeId} = ${storeId} and ${isNotNull(categories.position)}`)
    .orderBy(asc(categories.position));
  const imageRows = await db
    .select({ name: categories.name, imageUrl: categories.imageUrl })
    .from(categories)
    .where(sql`${categories.storeId} = ${storeId} and ${isNotNull(categories.imageUrl)}`)
    .orderBy(asc(categories.id));
  const withoutImage = categoryRows.filter((row) => !row.imageUrl?.trim());
  const fromProducts = await productImagesOfCategories(
    db,
    storeId,
    withoutImage.map((row) => row.id),
  );
  const categoryImages: Record<string, string> = Object.fromEntries(
    imageRows.map((row) => [row.name, row.imageUrl as string]),
  );
  for (const row of withoutImage) {
    const image = fromProducts.get(row.id);
    if (image) categoryImages[row.name] = image;
  }
  return {
    storeName: store?.storeName ?? null,
    companyName: store?.companyName ?? null,
    companyAddress: store?.companyAddress ?? null,
    companyEmail: store?.companyEmail ?? null,
    companyPhone: store?.companyPhone ?? null,
    companyLogoUrl: store?.companyLogoUrl ?? null,
    description: store?.description ?? null,
    whatsappNumber: store?.whatsappNumber ?? null,
    supportHours: store?.supportHours ?? null,
    socialLinks: socialLinksInOrder(store?.socialLinks ?? {}),
    sizeChart: store?.sizeChart ? sizeChartInOrder(store.sizeChart) : null,
    categorySizeCharts: categorySizeChartsInOrder(store?.categorySizeCharts ?? {}),
    categories: categoryRows.map((row) => row.name),
    categoryImages,
    policies: store?.policies ?? {},
    testMode,
    returns: returnSettingsOf(store?.returnSettings),
  };
}
