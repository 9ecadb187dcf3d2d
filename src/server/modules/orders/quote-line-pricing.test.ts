/**
 * The checkout quote's lines priced in process (./quote-line-pricing.ts) equal the statement that prices them
 * in the database (../gst/tax-quote.ts `quotedLines`) for random carts: variants by id, by size and colour in
 * any letter case or not found, unknown and malformed ids, fabric by the metre in odd decimals, with and
 * without promotions by category, sub-category, product list and for the whole shop.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productVariants, products } from '../../db/schema/catalog-tables';
import { insertTestShop, type TestShop } from '../../test/order-fixture';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '../../test/test-database';
import { quotedLines, type QuoteRow } from '../gst/tax-quote';
import type { ActivePromotion } from '../promotions/promotion-price';
import {
  lineTotalPaise,
  loadQuoteProducts,
  priceQuoteLines,
  type QuoteLineRequest,
} from './quote-line-pricing';

/** A small deterministic random source (the same carts on every run). */
function randomSource(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

const normal = (rows: QuoteRow[]) =>
  rows.map((row) => ({
    ...row,
    quantity: Number(row.quantity),
    gst_rate: row.gst_rate === null ? null : Number(row.gst_rate),
    line_total_paise: Number(row.line_total_paise),
  }));

describe('lineTotalPaise', () => {
  it('rounds the decimal the quantity is sent as, halves away from zero', () => {
    // 50 × 1.15 is 57.49999999999999 in binary floating point; the decimal 57.5 rounds to 58.
    expect(lineTotalPaise(50, 1.15)).toBe(58);
    expect(lineTotalPaise(100, 1.005)).toBe(101);
    expect(lineTotalPaise(45_000, 2.5)).toBe(112_500);
    expect(lineTotalPaise(99_950, 3)).toBe(299_850);
    expect(lineTotalPaise(45_000, 1e-7)).toBe(0);
    expect(lineTotalPaise(45_000, 0.00001)).toBe(0);
    expect(lineTotalPaise(45_000, 0.0001)).toBe(5);
  });
});

describe.each(testDatabaseKinds)('quote lines priced in process on %s', (kind) => {
  let database: TestDatabase;
  let shop: TestShop;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    await database.reset();
    shop = await insertTestShop(database.db);
    // The kurta's M variant has prices of its own (on sale), L the product's; the saree is on sale and in a
    // sub-category.
    await database.db
      .update(productVariants)
      .set({ regularPricePaise: 120_000, discountedPricePaise: 110_000 })
      .where(eq(productVariants.id, shop.kurtaM));
    await database.db
      .update(products)
      .set({ discountedPricePaise: 229_900, parentCategory: 'Sarees', gstRate: 5 })
      .where(eq(products.id, shop.saree));
    // More kurta variants, so that a size or a colour alone matches several of different specificity.
    const variant = (sku: string, position: number, values: Partial<typeof productVariants.$inferInsert>) =>
      database.db.insert(productVariants).values({
        storeId: shop.storeId,
        productId: shop.kurta,
        sku: `KUR-${sku}`,
        stock: 5,
        position,
        ...values,
      });
    await variant('XL', 2, { size: 'XL', regularPricePaise: 130_000 });
    await variant('RED', 3, { color: 'Red', regularPricePaise: 90_000, discountedPricePaise: 85_000 });
    await variant('ANY', 4, { regularPricePaise: 95_000 });
    await variant('L-ANY', 5, { size: 'L', regularPricePaise: 101_000 });
    await variant('M-RED', 6, { size: 'M', color: 'Red' });
  });
  afterAll(async () => {
    await database?.close();
  });

  it('answers as the pricing statement for random carts, with and without promotions', async () => {
    const [saree] = await database.db.select().from(products).where(eq(products.id, shop.saree));
    const promotion = (values: Partial<ActivePromotion>): ActivePromotion => ({
      id: 1,
      name: 'Sale',
      kind: 'percent',
      value: 10,
      scope: 'all',
      categoryIds: [],
      subCategories: [],
      productIds: [],
      endsAt: new Date('2099-01-01T00:00:00Z'),
      ...values,
    });
    const promotionSets: ActivePromotion[][] = [
      [],
      [promotion({ value: 15 })],
      [
        promotion({ id: 2, scope: 'categories', categoryIds: [saree!.categoryId!], value: 20 }),
        promotion({ id: 3, scope: 'categories', subCategories: ['sarees'], kind: 'fixed', value: 30_000 }),
        promotion({ id: 4, scope: 'products', productIds: [shop.fabric.toLowerCase()], value: 33 }),
        promotion({
          id: 5,
          scope: 'products',
          productIds: [shop.kurta.toLowerCase()],
          kind: 'fixed',
          value: 500_000,
        }),
      ],
    ];
    const random = randomSource(7);
    const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)]!;
    const productIds = [shop.saree, shop.kurta, shop.fabric, shop.dupatta];
    const facts = await loadQuoteProducts(database.db, shop.storeId, productIds);
    for (let cart = 0; cart < 40; cart++) {
      const lines: QuoteLineRequest[] = [];
      const count = 1 + Math.floor(random() * 5);
      for (let index = 0; index < count; index++) {
        const productId = pick([
          ...productIds,
          shop.kurta,
          shop.kurta.toUpperCase(),
          crypto.randomUUID(),
          'abc',
        ]);
        const line: QuoteLineRequest = {
          productId,
          quantity: pick([1, 2, 3, 0.5, 1.15, 2.45, 1.005, 7.333]),
        };
        const variant = pick([
          'none',
          'id',
          'upper-id',
          'unknown-id',
          'bad-id',
          'size',
          'both',
          'colour',
          'odd',
        ]);
        if (variant === 'id') line.variantId = pick([shop.kurtaM, shop.kurtaL]);
        if (variant === 'upper-id') line.variantId = shop.kurtaL.toUpperCase();
        if (variant === 'unknown-id') line.variantId = crypto.randomUUID();
        if (variant === 'bad-id') {
          line.variantId = 'nope';
          line.size = 'l';
        }
        if (variant === 'size') line.size = pick(['M', 'l', 'XL']);
        if (variant === 'both')
          Object.assign(line, { size: pick(['m', 'L']), color: pick(['white', 'Red']) });
        if (variant === 'colour') line.color = 'WHITE';
        if (variant === 'odd') line.size = '';
        lines.push(line);
      }
      for (const promotions of promotionSets) {
        const inProcess = priceQuoteLines(lines, (id) => facts.get(id), promotions);
        const inDatabase = await quotedLines(database.db, shop.storeId, lines, new Date(), promotions);
        expect(normal(inProcess), JSON.stringify({ lines, promotions })).toEqual(normal(inDatabase));
      }
    }
  });
});
