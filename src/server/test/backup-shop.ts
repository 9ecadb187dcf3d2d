/**
 * A small shop with something in most tables, for the move to PostgreSQL and the backup round trip: a store
 * with its products, a shopper who signed up through the API (password {@link TEST_CUSTOMER_PASSWORD}),
 * three orders — one paid by UPI and shipped (a tax invoice), one paid, shipped and returned (a credit note),
 * one waiting for payment — and an uploaded image with its files in `DATA_DIR/media`.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { pgliteExtensions, rowsOf, type Database, type Db } from '../db/database';
import { readTableCatalog } from '../db/table-catalog';
import { readTableRows, type TextRow } from '../db/table-copy';
import { processImage } from '../modules/media/image-pipeline';
import { saveUploads } from '../modules/media/save-uploads';
import { confirmUpiPayment } from '../modules/payments/upi-confirmation';
import { testImage } from './image-files';
import { insertTestOrder, insertTestShop, type TestShop } from './order-fixture';
import { returnTestOrder, shipTestOrder } from './order-moves';
import { buildTestApp } from './test-app';
import { pgliteSnapshot } from './test-database';
import { signUpCustomer, TEST_CUSTOMER_PASSWORD } from './test-customer';

export { TEST_CUSTOMER_PASSWORD };

export type BackupShop = { storeId: number; email: string; orderNumbers: string[] };

/** Fills the empty, migrated `database` with the shop, its image files going to `dataDir/media`. */
export async function insertBackupShop(database: Database, dataDir: string): Promise<BackupShop> {
  const db = database.db;
  const shop = await insertTestShop(db);
  const app = await buildTestApp(database, { DATA_DIR: dataDir });
  try {
    return await fillShop(app, shop);
  } finally {
    await app.close();
  }
}

async function fillShop(app: FastifyInstance, shop: TestShop): Promise<BackupShop> {
  const db = app.db;
  const { storeId } = shop;
  const { email, userId } = await signUpCustomer(app, { remoteAddress: '10.77.0.1' });
  const orders = [];
  for (const quantity of [1, 2, 1]) {
    orders.push(
      await insertTestOrder(db, {
        storeId,
        userId,
        email,
        lines: [
          { productId: shop.saree, quantity },
          { productId: shop.fabric, quantity: 2.5 },
        ],
      }),
    );
  }
  for (const [index, order] of orders.slice(0, 2).entries()) {
    await confirmUpiPayment(db, {
      storeId,
      orderId: order.orderNumber,
      utr: `UTR${424242 + index}`,
      amountPaise: order.totalPaise,
      source: 'cli',
      testMode: true,
    });
    await shipTestOrder(db, storeId, order.id, `TRK${index}0001`);
  }
  await returnTestOrder(db, storeId, orders[1]!.id);
  const image = await processImage({
    name: 'saree.png',
    bytes: await testImage('png', { width: 500, height: 400 }),
  });
  await saveUploads(app, storeId, [image], async () => undefined);
  return { storeId, email, orderNumbers: orders.map((order) => order.orderNumber) };
}

/** What must survive a move or a restore: orders, payments, tax documents and their number series. */
export async function shopFacts(db: Db) {
  const query = async (text: string) => rowsOf<Record<string, unknown>>(await db.execute(sql.raw(text)));
  return {
    orders: await query(
      'SELECT order_number, status, total_paise::text, created_at::text FROM orders ORDER BY order_number COLLATE "C"',
    ),
    payments: await query('SELECT order_id::text, amount_paise::text, status FROM payments ORDER BY 1, 2, 3'),
    taxDocuments: await query('SELECT * FROM tax_documents ORDER BY id'),
    counters: await query(
      'SELECT * FROM tax_document_counters ORDER BY store_id, series COLLATE "C", financial_year COLLATE "C"',
    ),
    images: await query('SELECT * FROM uploaded_images ORDER BY 1'),
  };
}

/**
 * Every row of every table as PostgreSQL text values, by table (in primary-key order), but the tables named
 * in `except`: two databases holding the same shop give equal answers.
 */
export async function allRows(db: Db, except: string[] = []): Promise<Record<string, TextRow[]>> {
  const rows: Record<string, TextRow[]> = {};
  for (const table of await readTableCatalog(db)) {
    if (except.includes(table.name)) continue;
    rows[table.name] = [];
    for await (const batch of readTableRows(db, table)) rows[table.name]!.push(...batch);
  }
  return rows;
}

/**
 * A data folder holding the migrated, empty embedded database of the tests' snapshot (no initdb, no
 * migrations: about 3 s saved), in a new temporary folder.
 */
export async function migratedDataDir(prefix: string): Promise<string> {
  const dataDir = await mkdtemp(join(tmpdir(), prefix));
  const pglite = await PGlite.create(join(dataDir, 'pglite'), {
    loadDataDir: pgliteSnapshot(),
    extensions: pgliteExtensions,
  });
  await pglite.close();
  return dataDir;
}
