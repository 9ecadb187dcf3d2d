/**
 * The catalogue file of a store as it stands (docs/catalog-format.md "Export"): the `store` block and every
 * product with its images, attributes and variants, in the import format — prices back in **rupees**, stock in
 * pieces or metres. Importing the export changes nothing: each product comes out in the listing order with the
 * figures the import hashed, and `stock` is the count the file last set (`imported_stock`, what a re-import
 * compares against, so sales since then are never put back), or the stock on hand for a product no import has
 * counted. Fields without a value are left out; a product's `addOns` only when it has its own choice. Plain functions taking `db`; every query is scoped to the store.
 */
import { couponsForFile } from '../coupons/coupon-file';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { addOnInRupees, listStoreAddOns } from '../add-ons/store-add-ons';
import type { Db } from '../../db/database';
import { productAddOnChoices } from '../../db/schema/add-on-tables';
import {
  categories,
  productAttributes,
  productImages,
  products,
  productVariants,
} from '../../db/schema/catalog-tables';
import { stores } from '../../db/schema/store-tables';
import { listPromotions } from '../promotions/promotion-admin';
import { categorySizeChartsInOrder } from '@shared/store-settings/category-size-charts';
import { sizeChartInOrder } from '@shared/store-settings/size-chart';
import { socialLinksInOrder } from '@shared/store-settings/social-links';
import { loadSynonyms } from '../search/synonyms';
import { returnSettingsOf } from '../stores/return-settings';

/** A JSON object of the file (the import schema reads it; `z.input` of the import schemas). */
type FileObject = Record<string, unknown>;

/** Drops the keys whose value is null or undefined. */
function withoutEmpty(object: FileObject): FileObject {
  return Object.fromEntries(
    Object.entries(object).filter(([, value]) => value !== null && value !== undefined),
  );
}

const rupeesOf = (paise: number | null) => (paise === null ? null : paise / 100);
/** The count the file last set, else the stock on hand (a product no import counted). */
const fileStock = (importedStock: number | null, stock: number | null) => importedStock ?? stock;

/**
 * The `store` block of `storeId` in the import format: texts, WhatsApp number, listed categories in order,
 * category images, policies, synonym groups (always given, so a re-import keeps them) and GST settings
 * (`gstDefaults` under the category's or sub-category's own spelling), and the return settings once the
 * store set any (`returns`, rupees), its automatic promotions (`promotions`, oldest start first) and its
 * add-ons (`addOns`, rupees, categories in their own spelling; absent while it has none). Host names are not
 * exported.
 */
export async function exportStoreBlock(db: Db, storeId: number): Promise<FileObject> {
  const storeCoupons = await couponsForFile(db, storeId);
  const [store] = await db.select().from(stores).where(eq(stores.id, storeId)).limit(1);
  const categoryRows = await db
    .select({ name: categories.name, position: categories.position, imageUrl: categories.imageUrl })
    .from(categories)
    .where(eq(categories.storeId, storeId))
    .orderBy(asc(categories.position), asc(categories.id));
  const subCategoryRows = await db
    .selectDistinct({ name: products.parentCategory })
    .from(products)
    .where(and(eq(products.storeId, storeId), isNotNull(products.parentCategory)));
  // `gst_defaults` keys are lower-case category or sub-category names: give them back their own spelling.
  const nameByLowerCase = new Map(
    [...subCategoryRows.map((row) => row.name!), ...categoryRows.map((row) => row.name)].map((name) => [
      name.toLowerCase(),
      name,
    ]),
  );
  const gstDefaults = Object.fromEntries(
    Object.entries(store?.gstDefaults ?? {}).map(([key, entry]) => [nameByLowerCase.get(key) ?? key, entry]),
  );
  return withoutEmpty({
    storeName: store?.storeName,
    companyName: store?.companyName,
    companyAddress: store?.companyAddress,
    companyEmail: store?.companyEmail,
    companyPhone: store?.companyPhone,
    companyLogoUrl: store?.companyLogoUrl,
    description: store?.description,
    whatsappNumber: store?.whatsappNumber,
    supportHours: store?.supportHours,
    socialLinks: socialLinksInOrder(store?.socialLinks ?? {}),
    sizeChart: store?.sizeChart ? sizeChartInOrder(store.sizeChart) : undefined,
    // Absent when no category has a chart of its own.
    categorySizeCharts:
      store && Object.keys(store.categorySizeCharts).length > 0
        ? categorySizeChartsInOrder(store.categorySizeCharts)
        : undefined,
    categories: categoryRows.filter((row) => row.position !== null).map((row) => row.name),
    categoryImages: Object.fromEntries(
      categoryRows.filter((row) => row.imageUrl !== null).map((row) => [row.name, row.imageUrl]),
    ),
    policies: store?.policies ?? {},
    synonyms: await loadSynonyms(db, storeId),
    legalName: store?.legalName,
    legalAddress: store?.legalAddress,
    state: store?.state,
    gstin: store?.gstin,
    invoicePrefix: store?.invoicePrefix ?? 'RS',
    gstDefaults,
    returns: store?.returnSettings ? returnSettingsBlock(store.returnSettings) : undefined,
    promotions: await promotionsBlock(db, storeId),
    // Only a store with coupons has the block (an older file's round trip stays the same).
    coupons: storeCoupons.length > 0 ? storeCoupons : undefined,
    addOns: await addOnsBlock(db, storeId, nameByLowerCase),
  });
}

/**
 * The store's add-ons as the file carries them (docs/catalog-format.md "Add-ons"): rupees, categories in the
 * spelling of the store's categories (they are kept in lower case); none: absent, as in a file without them.
 */
async function addOnsBlock(
  db: Db,
  storeId: number,
  nameByLowerCase: Map<string, string>,
): Promise<FileObject[] | undefined> {
  const addOns = await listStoreAddOns(db, storeId);
  if (addOns.length === 0) return undefined;
  return addOns.map((addOn) => {
    const inRupees = addOnInRupees(addOn);
    return { ...inRupees, categories: inRupees.categories.map((name) => nameByLowerCase.get(name) ?? name) };
  });
}

/** The store's promotions as the file carries them (docs/catalog-format.md "Promotions"); none: absent. */
async function promotionsBlock(db: Db, storeId: number): Promise<FileObject[] | undefined> {
  const rows = await listPromotions(db, storeId, new Date());
  if (rows.length === 0) return undefined;
  return rows.reverse().map(({ id: _id, status: _status, ...promotion }) => ({
    ...promotion,
    ...(promotion.scope === 'categories' ? {} : { categories: undefined }),
    ...(promotion.scope === 'products' ? {} : { products: undefined }),
  }));
}

/** The `returns` block of stored return settings: rupees, no `returnAddress` when it is the company's. */
function returnSettingsBlock(stored: Parameters<typeof returnSettingsOf>[0]): FileObject {
  return withoutEmpty(returnSettingsOf(stored));
}

/** Groups rows by their `productId`, keeping their order. */
function byProduct<T extends { productId: string }>(rows: T[]): Map<string, T[]> {
  const grouped = new Map<string, T[]>();
  for (const row of rows) {
    const list = grouped.get(row.productId);
    if (list) list.push(row);
    else grouped.set(row.productId, [row]);
  }
  return grouped;
}

/** Every product of `storeId` in the import format, in the listing order. */
export async function exportProducts(db: Db, storeId: number): Promise<FileObject[]> {
  const rows = await db
    .select({ product: products, category: categories.name })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(eq(products.storeId, storeId))
    .orderBy(asc(products.sortOrder), asc(products.createdAt), asc(products.id));
  const images = byProduct(
    await db
      .select()
      .from(productImages)
      .where(eq(productImages.storeId, storeId))
      .orderBy(asc(productImages.productId), asc(productImages.position)),
  );
  const attributes = byProduct(
    await db
      .select()
      .from(productAttributes)
      .where(eq(productAttributes.storeId, storeId))
      .orderBy(asc(productAttributes.productId), asc(productAttributes.position)),
  );
  const variants = byProduct(
    await db
      .select()
      .from(productVariants)
      .where(eq(productVariants.storeId, storeId))
      .orderBy(asc(productVariants.productId), asc(productVariants.position)),
  );
  // A product's own add-ons: the codes it narrows to, or none (`false`); absent: its category's. A code the
  // store no longer has offers nothing, so it is left out (the file may name only `store.addOns`).
  const storeCodes = new Set((await listStoreAddOns(db, storeId)).map((addOn) => addOn.code));
  const addOnChoices = new Map(
    (
      await db
        .select({ productId: productAddOnChoices.productId, codes: productAddOnChoices.codes })
        .from(productAddOnChoices)
        .where(eq(productAddOnChoices.storeId, storeId))
    ).map((row) => {
      const codes = row.codes.filter((code) => storeCodes.has(code));
      return [row.productId, codes.length > 0 ? codes : false] as const;
    }),
  );
  return rows.map(({ product, category }) => {
    const productVariantRows = variants.get(product.id) ?? [];
    return withoutEmpty({
      sku: product.sku,
      title: product.title,
      description: product.description,
      imgUrl: product.imgUrl,
      category,
      parentCategory: product.parentCategory,
      regularPrice: rupeesOf(product.regularPricePaise),
      discountedPrice: rupeesOf(product.discountedPricePaise),
      stock: productVariantRows.length > 0 ? null : fileStock(product.importedStock, product.stock),
      unit: product.unit,
      ...(product.unit === 'm'
        ? { minQuantity: product.minQuantity, quantityStep: product.quantityStep }
        : {}),
      hsn: product.hsn,
      gstRate: product.gstRate,
      // Only a product's own setting: absent means by its unit, as in the file.
      returnable: product.returnable,
      addOns: addOnChoices.get(product.id),
      images: (images.get(product.id) ?? []).map((image) => ({ url: image.url })),
      attributes: (attributes.get(product.id) ?? []).map((attribute) =>
        withoutEmpty({ key: attribute.key, value: attribute.values, metricUnit: attribute.metricUnit }),
      ),
      variants: productVariantRows.map((variant) =>
        withoutEmpty({
          sku: variant.sku,
          size: variant.size,
          color: variant.color,
          stock: fileStock(variant.importedStock, variant.stock),
          regularPrice: rupeesOf(variant.regularPricePaise),
          discountedPrice: rupeesOf(variant.discountedPricePaise),
          imgUrl: variant.imgUrl,
        }),
      ),
    });
  });
}

/** The whole catalogue file of `storeId`: `{ store, products }`. */
export async function exportCatalog(
  db: Db,
  storeId: number,
): Promise<{ store: FileObject; products: FileObject[] }> {
  return { store: await exportStoreBlock(db, storeId), products: await exportProducts(db, storeId) };
}
