import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../db/database';
import { orderEvents, orders, payments, products, users } from '../db/schema';
import { catalogImportFileSchema } from '../modules/catalog/import-schema';
import { importCatalog } from '../modules/catalog/import-service';
import { createOrder } from '../modules/orders/service';
import { fixtureCatalog } from '../test/catalog-fixture';
import { ORDERS_USAGE, runOrdersCli } from './orders';

/** The CLI on an embedded database in a temporary DATA_DIR, as a shop owner runs it (server stopped). */
describe('npm run orders', () => {
  let dataDir: string;
  const previous = { DATA_DIR: process.env.DATA_DIR, DATABASE_URL: process.env.DATABASE_URL };
  /** Three pending orders: [0] is paid, shipped and delivered; [1] cancelled; [2] stays pending. */
  const numbers: string[] = [];

  const withDatabase = async <T>(
    work: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<T>,
  ) => {
    const database = await openDatabase({ dataDir });
    try {
      return await work(database.db);
    } finally {
      await database.close();
    }
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'resham-orders-cli-'));
    process.env.DATA_DIR = dataDir;
    delete process.env.DATABASE_URL;
    const database = await openDatabase({ dataDir });
    try {
      await database.migrate();
      const db = database.db;
      await importCatalog(db, catalogImportFileSchema.parse(fixtureCatalog()));
      const [user] = await db
        .insert(users)
        .values({
          storeId: 1,
          email: 'asha@example.com',
          firstName: 'Asha',
          lastName: 'Verma',
          passwordHash: 'x',
        })
        .returning({ id: users.id });
      const bySku = Object.fromEntries(
        (await db.select({ id: products.id, sku: products.sku }).from(products)).map((row) => [
          row.sku,
          row.id,
        ]),
      );
      for (let index = 0; index < 3; index++) {
        const created = await createOrder(db, {
          storeId: 1,
          userId: user!.id,
          email: 'asha@example.com',
          body: {
            products: { [bySku['FAB-SLK']!]: 3, [bySku['FAB-COT']!]: 1 },
            shippingAddress: {
              fullName: 'Asha Verma',
              address: '14 Assi Ghat Road',
              city: 'Varanasi',
              state: 'Uttar Pradesh',
              postalCode: '221005',
              phone: '+91 98390 41736',
            },
          },
        });
        numbers.push(created.orderNumber);
      }
    } finally {
      await database.close();
    }
  });

  afterAll(() => {
    process.env.DATA_DIR = previous.DATA_DIR;
    if (previous.DATABASE_URL) process.env.DATABASE_URL = previous.DATABASE_URL;
    rmSync(dataDir, { recursive: true, force: true });
  });

  const run = async (...args: string[]) => {
    const out: string[] = [];
    const log = vi.spyOn(console, 'log').mockImplementation((line: string) => void out.push(line));
    const error = vi.spyOn(console, 'error').mockImplementation((line: string) => void out.push(line));
    try {
      const code = await runOrdersCli(args);
      return { code, output: out.join('\n') };
    } finally {
      log.mockRestore();
      error.mockRestore();
    }
  };

  const statusOf = (orderNumber: string) =>
    withDatabase(
      async (db) => (await db.select().from(orders).where(eq(orders.orderNumber, orderNumber)))[0]!,
    );
  const silkStock = () =>
    withDatabase(
      async (db) =>
        (await db.select({ stock: products.stock }).from(products).where(eq(products.sku, 'FAB-SLK')))[0]!
          .stock,
    );

  it('prints the usage for no or an unknown command', async () => {
    expect(await run()).toEqual({ code: 1, output: ORDERS_USAGE });
    expect(await run('refund', numbers[0]!)).toEqual({
      code: 1,
      output: `Unknown command refund\n${ORDERS_USAGE}`,
    });
    expect((await run('list', '--colour', 'red')).output).toMatch(/^Unknown option --colour/);
  });

  it('lists orders, newest first, optionally by status', async () => {
    const all = await run('list');
    expect(all.code).toBe(0);
    const lines = all.output.split('\n');
    expect(lines).toHaveLength(3);
    expect(lines.map((line) => line.slice(0, 11)).sort()).toEqual([...numbers].sort());
    expect(lines[0]).toMatch(
      /^RS-\S{8} {2}\d{4}-\d\d-\d\d \d\d:\d\d UTC {2}Pending {5}\s+₹3,096\.00 {2}4 items\s+asha@example\.com$/,
    );
    expect((await run('list', '--status', 'shipped')).output).toBe('No orders.');
    expect((await run('list', '--status', 'lost')).code).toBe(1);
    expect((await run('list', '--limit', '1')).output.split('\n')).toHaveLength(1);
  });

  it('marks an order paid with its UTR, once', async () => {
    const [first] = numbers;
    expect((await run('mark-paid', first!)).output).toMatch(/^mark-paid needs --utr/);
    expect(await run('mark-paid', first!.toLowerCase(), '--utr', '412345678901')).toEqual({
      code: 0,
      output: `Order ${first}: Pending → Processing (paid, UTR 412345678901).`,
    });
    expect((await statusOf(first!)).status).toBe(1);
    expect(await run('mark-paid', first!, '--utr=412345678901')).toEqual({
      code: 0,
      output: `Order ${first}: UTR 412345678901 was already recorded; nothing changed.`,
    });
    expect(await run('mark-paid', first!, '--utr', '999999999999')).toEqual({
      code: 1,
      output: `Cannot move order ${first} from Processing to Processing.\nNothing was changed.`,
    });
    const recorded = await withDatabase((db) => db.select().from(payments));
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({
      provider: 'upi',
      method: 'manual',
      gatewayId: '412345678901',
      status: 'succeeded',
    });
  });

  it('ships with a tracking number, then delivers; illegal moves print why and change nothing', async () => {
    const [first] = numbers;
    expect((await run('ship', first!)).output).toMatch(/^ship needs --tracking/);
    expect(await run('ship', first!, '--tracking', 'EE123456789IN')).toEqual({
      code: 0,
      output: `Order ${first}: Processing → Shipped (tracking EE123456789IN).`,
    });
    expect(await run('deliver', first!)).toEqual({ code: 0, output: `Order ${first}: Shipped → Delivered.` });
    expect(await run('cancel', first!)).toEqual({
      code: 1,
      output: `Cannot move order ${first} from Delivered to Cancelled.\nNothing was changed.`,
    });
    expect(await run('deliver', numbers[2]!)).toEqual({
      code: 1,
      output: `Cannot move order ${numbers[2]} from Pending to Delivered.\nNothing was changed.`,
    });
    const order = await statusOf(first!);
    expect(order).toMatchObject({ status: 3, trackingNumber: 'EE123456789IN' });
    const causes = await withDatabase(async (db) =>
      (
        await db
          .select({ cause: orderEvents.cause })
          .from(orderEvents)
          .where(eq(orderEvents.orderId, order.id))
          .orderBy(asc(orderEvents.id))
      ).map((event) => event.cause),
    );
    expect(causes).toEqual([
      'created',
      'cli: mark-paid UTR 412345678901',
      'cli: ship tracking EE123456789IN',
      'cli: deliver',
    ]);
  });

  it('cancels a pending order and restocks its tracked product', async () => {
    const stockBefore = await silkStock();
    expect(await run('cancel', numbers[1]!)).toEqual({
      code: 0,
      output: `Order ${numbers[1]}: Pending → Cancelled; 3 units back in stock.`,
    });
    expect(await silkStock()).toBe(stockBefore! + 3);
    expect((await run('cancel', numbers[1]!)).code).toBe(1);
    expect(await silkStock()).toBe(stockBefore! + 3);
  });

  it('shows an order with its lines, payments and history', async () => {
    const { code, output } = await run('show', numbers[0]!);
    expect(code).toBe(0);
    expect(output).toContain(`Order ${numbers[0]}`);
    expect(output).toContain('Status:    Delivered');
    expect(output).toContain('3 × Katan Silk Fabric (FAB-SLK) at ₹899.00 = ₹2,697.00');
    expect(output).toContain('Total:     ₹3,096.00');
    expect(output).toContain('tracking EE123456789IN');
    expect(output).toMatch(/upi manual {2}412345678901 {2}₹3,096\.00 {2}succeeded/);
    expect(output).toMatch(/created → Pending {2}\(created\)/);
    expect(output).toMatch(/Shipped → Delivered {2}\(cli: deliver\)/);
  });

  it('reports an unknown or malformed order number', async () => {
    expect(await run('show', 'RS-00000000')).toEqual({ code: 1, output: 'Order RS-00000000 not found' });
    expect(await run('show', 'hello')).toEqual({
      code: 1,
      output: '"hello" is not an order number (e.g. RS-7KQ29XD3)',
    });
    expect((await run('show')).output).toMatch(/^Which order\?/);
  });
});
