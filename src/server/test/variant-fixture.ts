/**
 * Products with variants and fabric sold by the metre for server tests, inserted straight into the tables
 * with Drizzle (the store must exist: import `fixtureCatalog()` first). Prices are given in rupees and stored
 * in paise; stock and quantities in the product's unit (pieces or metres).
 */
import { and, eq, sql } from 'drizzle-orm';
import { rupeesToPaise } from '@shared/money';
import type { UnitOfMeasure } from '@shared/catalog/unit-of-measure';
import type { Db } from '../db/database';
import { categories, productVariants, products } from '../db/schema/catalog-tables';

/** One variant: its SKU, options, stock (null: not tracked) and optional price (rupees) and image. */
export type FixtureVariant = {
  sku: string;
  size?: string | null;
  color?: string | null;
  stock?: number | null;
  regularPrice?: number | null;
  discountedPrice?: number | null;
  imgUrl?: string | null;
};

/** One product: prices in rupees; `unit` `m` sells by the metre from `minQuantity` in `quantityStep`s. */
export type FixtureVariantProduct = {
  sku: string;
  title: string;
  /** The store's category name (created when missing). Default 'Men'. */
  category?: string;
  regularPrice: number;
  discountedPrice?: number | null;
  /** The product's own stock (products without variants); null: not tracked. */
  stock?: number | null;
  imgUrl?: string | null;
  unit?: UnitOfMeasure;
  minQuantity?: number;
  quantityStep?: number;
  variants?: FixtureVariant[];
};

/** The inserted product's id and its variants' ids by SKU. */
export type InsertedProduct = { productId: string; variantIds: Record<string, string> };

async function categoryId(db: Db, storeId: number, name: string): Promise<number> {
  const [found] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(and(eq(categories.storeId, storeId), sql`lower(${categories.name}) = lower(${name})`));
  if (found) return found.id;
  const [created] = await db.insert(categories).values({ storeId, name }).returning({ id: categories.id });
  return created!.id;
}

/** Inserts `product` (and its variants, in the order given) into `storeId`. */
export async function insertFixtureProduct(
  db: Db,
  product: FixtureVariantProduct,
  storeId = 1,
): Promise<InsertedProduct> {
  const metres = product.unit === 'm';
  const [row] = await db
    .insert(products)
    .values({
      storeId,
      sku: product.sku,
      title: product.title,
      description: `${product.title}, hand finished.`,
      imgUrl: product.imgUrl === undefined ? `/media/demo/${product.sku.toLowerCase()}.svg` : product.imgUrl,
      categoryId: await categoryId(db, storeId, product.category ?? 'Men'),
      regularPricePaise: rupeesToPaise(product.regularPrice),
      discountedPricePaise: product.discountedPrice == null ? null : rupeesToPaise(product.discountedPrice),
      stock: product.variants?.length ? null : (product.stock ?? null),
      unit: product.unit ?? 'piece',
      minQuantity: product.minQuantity ?? 1,
      quantityStep: product.quantityStep ?? (metres ? 0.5 : 1),
      contentHash: `fixture-${product.sku}`,
    })
    .returning({ id: products.id });
  const productId = row!.id;
  const variantIds: Record<string, string> = {};
  for (const [position, variant] of (product.variants ?? []).entries()) {
    const [inserted] = await db
      .insert(productVariants)
      .values({
        storeId,
        productId,
        sku: variant.sku,
        size: variant.size ?? null,
        color: variant.color ?? null,
        stock: variant.stock ?? null,
        regularPricePaise: variant.regularPrice == null ? null : rupeesToPaise(variant.regularPrice),
        discountedPricePaise: variant.discountedPrice == null ? null : rupeesToPaise(variant.discountedPrice),
        imgUrl: variant.imgUrl ?? null,
        position,
      })
      .returning({ id: productVariants.id });
    variantIds[variant.sku] = inserted!.id;
  }
  return { productId, variantIds };
}

/**
 * The variant catalogue most order tests use:
 * - `kurta`: 'Maroon Raw Silk Kurta', ₹1,299, Size × Colour — KUR-S-MRN (stock 5), KUR-M-MRN (stock 1),
 *   KUR-L-MRN (untracked), KUR-M-IVR (stock 5, its own price ₹1,499 discounted to ₹1,399 and image);
 * - `dupatta`: 'Phulkari Dupatta', ₹899 discounted to ₹799, colour only — DUP-RED (stock 3), DUP-GRN (stock 3);
 * - `jutti`: 'Embroidered Jutti', ₹1,100, size only — JUT-7 (stock 4), JUT-8 (its own regular price ₹1,200);
 * - `silk`: 'Katan Silk Fabric by the metre', ₹450 per metre, sold from 1 m in steps of 0.5 m, colours —
 *   SLK-MRN (10 m), SLK-GLD (1.5 m);
 * - `cotton`: 'Mulmul Cotton by the metre', ₹120 per metre, no variants, 20 m on hand, from 2 m in steps of
 *   0.25 m.
 */
export async function insertVariantCatalog(db: Db, storeId = 1) {
  const kurta = await insertFixtureProduct(
    db,
    {
      sku: 'KUR-MRN',
      title: 'Maroon Raw Silk Kurta',
      regularPrice: 1299,
      variants: [
        { sku: 'KUR-S-MRN', size: 'S', color: 'Maroon', stock: 5 },
        { sku: 'KUR-M-MRN', size: 'M', color: 'Maroon', stock: 1 },
        { sku: 'KUR-L-MRN', size: 'L', color: 'Maroon', stock: null },
        {
          sku: 'KUR-M-IVR',
          size: 'M',
          color: 'Ivory',
          stock: 5,
          regularPrice: 1499,
          discountedPrice: 1399,
          imgUrl: '/media/demo/kur-m-ivr.svg',
        },
      ],
    },
    storeId,
  );
  const dupatta = await insertFixtureProduct(
    db,
    {
      sku: 'DUP-PHL',
      title: 'Phulkari Dupatta',
      category: 'Women',
      regularPrice: 899,
      discountedPrice: 799,
      variants: [
        { sku: 'DUP-RED', color: 'Red', stock: 3 },
        { sku: 'DUP-GRN', color: 'Green', stock: 3 },
      ],
    },
    storeId,
  );
  const jutti = await insertFixtureProduct(
    db,
    {
      sku: 'JUT-EMB',
      title: 'Embroidered Jutti',
      category: 'Accessories',
      regularPrice: 1100,
      variants: [
        { sku: 'JUT-7', size: '7', stock: 4 },
        { sku: 'JUT-8', size: '8', regularPrice: 1200 },
      ],
    },
    storeId,
  );
  const silk = await insertFixtureProduct(
    db,
    {
      sku: 'SLK-KTN',
      title: 'Katan Silk Fabric by the metre',
      category: 'Unstitched Fabrics',
      regularPrice: 450,
      unit: 'm',
      variants: [
        { sku: 'SLK-MRN', color: 'Maroon', stock: 10 },
        { sku: 'SLK-GLD', color: 'Gold', stock: 1.5 },
      ],
    },
    storeId,
  );
  const cotton = await insertFixtureProduct(
    db,
    {
      sku: 'COT-MUL',
      title: 'Mulmul Cotton by the metre',
      category: 'Unstitched Fabrics',
      regularPrice: 120,
      unit: 'm',
      minQuantity: 2,
      quantityStep: 0.25,
      stock: 20,
    },
    storeId,
  );
  return { kurta, dupatta, jutti, silk, cotton };
}

export type VariantCatalog = Awaited<ReturnType<typeof insertVariantCatalog>>;
