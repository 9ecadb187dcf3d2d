import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, pgliteExtensions } from '../db/database';
import { products } from '../db/schema/catalog-tables';
import { countAllProducts } from '../modules/catalog-file/import-service';
import { fixtureCatalog } from '../test/catalog-fixture';
import { pgliteSnapshot } from '../test/test-database';
import { runCatalogImport } from './catalog-import';

/** The CLI on an embedded database in a temporary DATA_DIR, as a shop owner runs it. */
describe('npm run catalog:import', () => {
  let dataDir: string;
  const previous = { DATA_DIR: process.env.DATA_DIR, DATABASE_URL: process.env.DATABASE_URL };

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'resham-cli-'));
    process.env.DATA_DIR = dataDir;
    delete process.env.DATABASE_URL;
    // The migrated snapshot copied into DATA_DIR, as a server would have left it: no initdb on disk here.
    const seeded = await PGlite.create(join(dataDir, 'pglite'), {
      loadDataDir: pgliteSnapshot(),
      extensions: pgliteExtensions,
    });
    await seeded.close();
  });
  afterAll(() => {
    process.env.DATA_DIR = previous.DATA_DIR;
    if (previous.DATABASE_URL) process.env.DATABASE_URL = previous.DATABASE_URL;
    rmSync(dataDir, { recursive: true, force: true });
  });

  const run = async (args: string[]) => {
    const out: string[] = [];
    const log = vi.spyOn(console, 'log').mockImplementation((line: string) => void out.push(line));
    const error = vi.spyOn(console, 'error').mockImplementation((line: string) => void out.push(line));
    try {
      const code = await runCatalogImport(args);
      return { code, output: out.join('\n') };
    } finally {
      log.mockRestore();
      error.mockRestore();
    }
  };

  const productCount = async () => {
    const database = await openDatabase({ dataDir });
    try {
      return await countAllProducts(database.db);
    } finally {
      await database.close();
    }
  };

  it('imports a file, then changes nothing on the second run', async () => {
    const path = join(dataDir, 'catalog.json');
    writeFileSync(path, JSON.stringify(fixtureCatalog()));
    expect(await run([path])).toEqual({
      code: 0,
      output: `Imported ${path}: 24 created, 0 updated, 0 unchanged, store information updated.\nStock levels changed: 0`,
    });
    expect(await run([path])).toEqual({
      code: 0,
      output: `Imported ${path}: 0 created, 0 updated, 24 unchanged.\nStock levels changed: 0`,
    });
    expect(await productCount()).toBe(24);
  });

  it('prints how many stock levels a re-import changed, keeping stock sold since the last import', async () => {
    const catalog = fixtureCatalog();
    const path = join(dataDir, 'stock.json');
    writeFileSync(path, JSON.stringify(catalog));
    expect((await run([path])).code).toBe(0);
    const setStock = async (sku: string, stock: number | null) => {
      const database = await openDatabase({ dataDir });
      try {
        await database.db.update(products).set({ stock }).where(eq(products.sku, sku));
        return (await database.db.select().from(products).where(eq(products.sku, sku)))[0]?.stock;
      } finally {
        await database.close();
      }
    };
    expect(await setStock('FAB-SLK', 31)).toBe(31);

    catalog.products[0]!.stock = 8;
    catalog.products[1]!.stock = 9;
    catalog.products[2]!.imgUrl = '';
    catalog.products[2]!.images = [{ url: '' }];
    writeFileSync(path, JSON.stringify(catalog));
    expect(await run([path])).toEqual({
      code: 0,
      output: `Imported ${path}: 0 created, 3 updated, 21 unchanged.\nStock levels changed: 2`,
    });
    const database = await openDatabase({ dataDir });
    try {
      const rows = await database.db.select().from(products);
      const bySku = new Map(rows.map((row) => [row.sku, row]));
      expect(bySku.get('FAB-SLK')?.stock).toBe(31);
      expect(bySku.get('MEN-KUR-001')?.stock).toBe(8);
      expect(bySku.get('MEN-KUR-003')?.imgUrl).toBeNull();
    } finally {
      await database.close();
    }
  });

  it('prints every problem of a bad file, writes nothing and exits 1', async () => {
    const catalog = fixtureCatalog();
    catalog.products.push({ ...catalog.products[0]!, sku: 'NEW-1', title: 'New Kurta' });
    (catalog.products[1] as Record<string, unknown>).regularPrice = 'cheap';
    catalog.products[3]!.images = [{ url: 'ftp://x' }];
    const path = join(dataDir, 'bad.json');
    writeFileSync(path, JSON.stringify(catalog));
    const result = await run([path]);
    expect(result.code).toBe(1);
    expect(result.output).toBe(
      [
        `${path}: 2 problems`,
        '  products[1].regularPrice: must be a number of rupees',
        '  products[3].images[0].url: must be a path starting with / or an http(s) URL',
        'Nothing was imported.',
      ].join('\n'),
    );
    expect(await productCount()).toBe(24);
  });

  it('explains unreadable files and usage mistakes', async () => {
    const notJson = join(dataDir, 'broken.json');
    writeFileSync(notJson, '{ "store": ');
    const broken = await run([notJson]);
    expect(broken.code).toBe(1);
    expect(broken.output).toMatch(new RegExp(`^${notJson}: 1 problem\\n  not valid JSON: `));

    const missing = await run([join(dataDir, 'nope.json')]);
    expect(missing).toEqual({
      code: 1,
      output: `${join(dataDir, 'nope.json')}: 1 problem\n  cannot read the file (ENOENT)\nNothing was imported.`,
    });
    expect(await run([])).toEqual({
      code: 1,
      output: 'Usage: npm run catalog:import -- <file.json> [--host shop.example.com]',
    });
  });
});
