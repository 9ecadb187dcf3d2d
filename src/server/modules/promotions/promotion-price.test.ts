/**
 * The promotional price rule in TypeScript (./promotion-price.ts) and in SQL (./promotion-price-sql.ts) agree
 * on every case, in the database the store runs on.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/database';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '../../test/test-database';
import { bestUnitPrice, promotionPricePaise, type ActivePromotion, type PricedUnit } from './promotion-price';
import { promotionalUnitPriceSql } from './promotion-price-sql';

const PRODUCT = '0b7e1f9e-6c1a-4f57-9d3a-2f0c6f1b1a01';
const OTHER = '0b7e1f9e-6c1a-4f57-9d3a-2f0c6f1b1a02';
const promotion = (fields: Partial<ActivePromotion>): ActivePromotion => ({
  id: 1,
  name: 'Diwali sale',
  kind: 'percent',
  value: 20,
  scope: 'all',
  categoryIds: [],
  subCategories: [],
  productIds: [],
  endsAt: new Date('2026-11-06T00:00:00Z'),
  ...fields,
});

describe('the promotion price', () => {
  it('takes whole paise off the regular price, halves up, never below ₹1 nor above the regular price', () => {
    expect(promotionPricePaise({ kind: 'percent', value: 15 }, 99_950)).toBe(84_957);
    expect(promotionPricePaise({ kind: 'percent', value: 10 }, 105)).toBe(100);
    expect(promotionPricePaise({ kind: 'percent', value: 50 }, 101)).toBe(100);
    expect(promotionPricePaise({ kind: 'fixed', value: 50_000 }, 30_000)).toBe(100);
    expect(promotionPricePaise({ kind: 'fixed', value: 50_000 }, 90)).toBe(90);
  });

  it('keeps the sale price when it is as low or lower (never both discounts)', () => {
    const sale = promotion({ kind: 'fixed', value: 10_000 });
    expect(
      bestUnitPrice([sale], {
        productId: PRODUCT,
        categoryId: 1,
        subCategory: null,
        regularPricePaise: 129_900,
        unitPricePaise: 99_950,
      }),
    ).toEqual({ pricePaise: 99_950, promotion: null });
    expect(
      bestUnitPrice([sale], {
        productId: PRODUCT,
        categoryId: 1,
        subCategory: null,
        regularPricePaise: 129_900,
        unitPricePaise: 119_900,
      }),
    ).toEqual({ pricePaise: 119_900, promotion: null });
  });
});

describe.each(testDatabaseKinds)('the promotion price in SQL on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.close();
  });

  it('equals the TypeScript rule for every scope, kind and price', async () => {
    const running = [
      promotion({ id: 1, kind: 'percent', value: 20, scope: 'categories', categoryIds: [2, 3] }),
      promotion({ id: 2, kind: 'fixed', value: 25_000, scope: 'products', productIds: [PRODUCT] }),
      promotion({ id: 3, kind: 'percent', value: 7, scope: 'all' }),
      promotion({ id: 4, kind: 'percent', value: 90, scope: 'categories', categoryIds: [9] }),
      promotion({ id: 5, kind: 'percent', value: 35, scope: 'categories', subCategories: ['sarees'] }),
    ];
    const cases: PricedUnit[] = [];
    for (const productId of [PRODUCT, OTHER])
      for (const categoryId of [1, 2, 9])
        for (const subCategory of [null, 'Sarees', 'Kurtas'])
          for (const regular of [90, 101, 1_255, 99_950, 129_900, 250_050])
            for (const sale of [regular, Math.round(regular * 0.85), Math.round(regular * 0.5)])
              cases.push({
                productId,
                categoryId,
                subCategory,
                regularPricePaise: regular,
                unitPricePaise: sale,
              });
    for (const subset of [[], running.slice(0, 1), running.slice(1, 2), running.slice(4), running]) {
      const expressions = cases.map(
        (unit) =>
          sql`(${promotionalUnitPriceSql(subset, {
            productId: sql`${unit.productId}::uuid`,
            categoryId: sql`${unit.categoryId}::integer`,
            subCategory: sql`${unit.subCategory}::text`,
            regularPricePaise: sql`${unit.regularPricePaise}::integer`,
            unitPricePaise: sql`${unit.unitPricePaise}::integer`,
          })})::integer`,
      );
      const [row] = rowsOf<{ prices: number[] }>(
        await database.db.execute(sql`SELECT array[${sql.join(expressions, sql`, `)}] AS prices`),
      );
      expect(row!.prices.map(Number)).toEqual(cases.map((unit) => bestUnitPrice(subset, unit).pricePaise));
    }
  });
});
