/**
 * The catalogue file's `store.coupons` (docs/catalog-format.md, docs/discounts.md): imported by code in any
 * letter case (uses kept), exported back, and refused with the field's path when malformed.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coupons } from '../../db/schema/coupon-tables';
import { fixtureCatalog } from '../../test/catalog-fixture';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '../../test/test-database';
import { exportStoreBlock } from './catalog-export';
import { parseCatalogFile } from './import-schema';
import { importCatalog } from './import-service';

const FESTIVE = {
  code: 'Diwali20',
  description: 'Diwali: 20% off',
  kind: 'percent',
  value: 20,
  maxDiscount: 1000,
  startsAt: '2026-10-01T00:00:00+05:30',
  endsAt: '2026-11-06T00:00:00+05:30',
  categories: ['Sarees'],
  scope: 'categories',
};

describe.each(testDatabaseKinds)('store.coupons in the catalogue file on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.close();
  });

  it('creates and updates coupons by code, keeps their uses, and exports them back', async () => {
    const catalog = fixtureCatalog();
    const file = (coupons: unknown[]) => {
      const parsed = parseCatalogFile({ ...catalog, store: { ...catalog.store, coupons } });
      if (!parsed.ok) throw new Error(parsed.problems.join('\n'));
      return parsed.file;
    };
    await importCatalog(database.db, file([FESTIVE]));
    const [stored] = await database.db.select().from(coupons).where(eq(coupons.code, 'DIWALI20'));
    expect(stored).toMatchObject({
      kind: 'percent',
      value: 20,
      maxDiscountPaise: 100_000,
      categories: ['sarees'],
    });
    await database.db.update(coupons).set({ timesUsed: 4 }).where(eq(coupons.id, stored!.id));
    await importCatalog(database.db, file([{ ...FESTIVE, code: 'DIWALI20', value: 25 }]));
    const rows = await database.db.select().from(coupons);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ value: 25, timesUsed: 4 });
    const block = await exportStoreBlock(database.db, stored!.storeId);
    expect(block.coupons).toEqual([
      {
        code: 'DIWALI20',
        description: 'Diwali: 20% off',
        kind: 'percent',
        value: 25,
        minSubtotal: null,
        maxDiscount: 1000,
        startsAt: '2026-09-30T18:30:00.000Z',
        endsAt: '2026-11-05T18:30:00.000Z',
        usageLimit: null,
        perCustomerLimit: 1,
        firstOrderOnly: false,
        scope: 'categories',
        categories: ['sarees'],
        productIds: [],
        excludeSaleItems: false,
        paused: false,
      },
    ]);
  });

  it('refuses a malformed coupon with the path of its field', () => {
    const catalog = fixtureCatalog();
    const parsed = parseCatalogFile({
      ...catalog,
      store: { ...catalog.store, coupons: [{ ...FESTIVE, kind: 'half-off' }] },
    });
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) {
      expect(parsed.problems).toContain('store.coupons[0].kind: must be percent, fixed or free_shipping');
    }
  });
});
