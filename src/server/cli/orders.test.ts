import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { products } from '../db/schema/catalog-tables';
import { orderEvents, orders } from '../db/schema/order-tables';
import { payments } from '../db/schema/payment-tables';
import { catalogImportFileSchema } from '../modules/catalog-file/import-schema';
import { importCatalog } from '../modules/catalog-file/import-service';
import { OutboxSender, RETRY_DELAYS_MS } from '../modules/mail/outbox-sender';
import { createOrder } from '../modules/orders/create-order';
import { expireUnpaidOrders } from '../modules/orders/payment-window';
import { confirmUpiPayment } from '../modules/payments/upi-confirmation';
import { fixtureCatalog } from '../test/catalog-fixture';
import { pgliteExtensions } from '../db/database';
import {
  openTestDatabase,
  pgliteSnapshot,
  testDatabaseKinds,
  type TestDatabase,
} from '../test/test-database';
import { runOrdersCli } from './orders';
import { ORDERS_USAGE } from './orders-arguments';
import { insertTestCustomer } from '../test/test-customer';
import { insertVariantCatalog } from '../test/variant-fixture';

const address = {
  fullName: 'Asha Verma',
  address: '14 Assi Ghat Road',
  city: 'Varanasi',
  state: 'Uttar Pradesh',
  postalCode: '221005',
  phone: '+91 98390 41736',
};

/** Runs the CLI with its console output captured. */
async function runCli(args: string[], database?: TestDatabase) {
  const out: string[] = [];
  const log = vi.spyOn(console, 'log').mockImplementation((line: string) => void out.push(line));
  const error = vi.spyOn(console, 'error').mockImplementation((line: string) => void out.push(line));
  try {
    const code = await runOrdersCli(args, database ? { database } : {});
    return { code, output: out.join('\n') };
  } finally {
    log.mockRestore();
    error.mockRestore();
  }
}

/** The CLI on the test database, as a shop owner runs it. */
describe.each(testDatabaseKinds)('npm run orders on %s', (kind) => {
  let database: TestDatabase;
  let userId: number;
  const bySku: Record<string, string> = {};
  /** Three pending orders: [0] is paid, shipped and delivered; [1] cancelled; [2] stays pending. */
  const numbers: string[] = [];

  const placeOrder = async () =>
    (
      await createOrder(database.db, {
        storeId: 1,
        userId,
        email: 'asha@example.com',
        body: { products: { [bySku['FAB-SLK']!]: 3, [bySku['FAB-COT']!]: 1 }, shippingAddress: address },
      })
    ).orderNumber;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    const db = database.db;
    await importCatalog(db, catalogImportFileSchema.parse(fixtureCatalog()));
    userId = await insertTestCustomer(db);
    for (const row of await db.select({ id: products.id, sku: products.sku }).from(products)) {
      bySku[row.sku] = row.id;
    }
    for (let index = 0; index < 3; index++) numbers.push(await placeOrder());
  });

  afterAll(async () => {
    await database?.close();
  });

  const run = (...args: string[]) => runCli(args, database);
  const statusOf = async (orderNumber: string) =>
    (await database.db.select().from(orders).where(eq(orders.orderNumber, orderNumber)))[0]!;
  const silkStock = async () =>
    (
      await database.db.select({ stock: products.stock }).from(products).where(eq(products.sku, 'FAB-SLK'))
    )[0]!.stock;

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
      /^RS-\S{8} {2}\d{4}-\d\d-\d\d \d\d:\d\d UTC {2}Pending {5}\s+₹3,096 {2}4 items\s+asha@example\.com$/,
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
    const recorded = await database.db.select().from(payments);
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({
      provider: 'upi',
      method: 'manual',
      gatewayId: '412345678901',
      status: 'succeeded',
      testMode: false,
    });
    // The owner's own mark-paid is real money: never marked TEST.
    expect((await run('list')).output).not.toContain('TEST');
  });

  it('ships with a tracking number, then delivers; illegal moves print why and change nothing', async () => {
    const [first] = numbers;
    expect((await run('ship', first!)).output).toMatch(/^ship needs --tracking/);
    expect(await run('ship', first!, '--tracking', 'EE123456789IN', '--courier', 'india post')).toEqual({
      code: 0,
      output: `Order ${first}: Processing → Shipped (India Post, tracking EE123456789IN).`,
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
    expect(order).toMatchObject({ status: 3, trackingNumber: 'EE123456789IN', courier: 'India Post' });
    const causes = (
      await database.db
        .select({ cause: orderEvents.cause })
        .from(orderEvents)
        .where(eq(orderEvents.orderId, order.id))
        .orderBy(asc(orderEvents.id))
    ).map((event) => event.cause);
    expect(causes).toEqual([
      'created',
      'cli: mark-paid UTR 412345678901',
      'cli: ship by India Post tracking EE123456789IN',
      'cli: deliver',
    ]);
  });

  it('cancels a pending order and restocks its tracked product', async () => {
    const stockBefore = await silkStock();
    expect(await run('cancel', numbers[1]!)).toEqual({
      code: 0,
      output: `Order ${numbers[1]}: Pending → Cancelled; its stock is back on sale.`,
    });
    expect(await silkStock()).toBe(stockBefore! + 3);
    expect((await run('cancel', numbers[1]!)).code).toBe(1);
    expect(await silkStock()).toBe(stockBefore! + 3);
  });

  it('shows an order with its lines, payments and history', async () => {
    const { code, output } = await run('show', numbers[0]!);
    expect(code).toBe(0);
    expect(output).toContain(`Order ${numbers[0]}`);
    expect(output).toContain('Status:    Delivered\n');
    expect(output).toContain('\n    Katan Silk Fabric (FAB-SLK): 3 × ₹899 = ₹2,697\n');
    expect(output).toContain('\n    Mulmul Cotton Fabric (FAB-COT): 1 × ₹399 = ₹399\n');
    // Paid: no payment deadline any more.
    expect(output).not.toContain('Pay by:');
    expect(output).toContain('Total:     ₹3,096');
    expect(output).toContain('tracking EE123456789IN');
    expect(output).toMatch(/upi manual {2}412345678901 {2}₹3,096 {2}succeeded/);
    expect(output).not.toContain('TEST');
    expect(output).toMatch(/created → Pending {2}\(created\)/);
    expect(output).toMatch(/Shipped → Delivered {2}\(cli: deliver\)/);
  });

  it('marks an order paid in test mode (the demo UPI ID) TEST in list and show', async () => {
    const orderNumber = await placeOrder();
    const result = await confirmUpiPayment(database.db, {
      storeId: 1,
      orderId: orderNumber,
      utr: 'DEMO-412345678902',
      amountPaise: 309_600,
      source: 'webhook',
      testMode: true,
    });
    expect(result.paid).toBe(true);
    const lines = (await run('list')).output.split('\n');
    const line = lines.find((candidate) => candidate.startsWith(orderNumber))!;
    expect(line).toMatch(/Processing .* asha@example\.com {2}TEST$/);
    expect(lines.filter((candidate) => candidate.endsWith('TEST'))).toHaveLength(1);
    const shown = (await run('show', orderNumber)).output;
    expect(shown).toContain('Status:    Processing  TEST: paid in test mode, no money moved');
    expect(shown).toMatch(/upi upi {2}DEMO-412345678902 {2}₹3,096 {2}succeeded {2}TEST MODE/);
  });

  it('reports an unknown or malformed order number', async () => {
    expect(await run('show', 'RS-00000000')).toEqual({ code: 1, output: 'Order RS-00000000 not found' });
    expect(await run('show', 'hello')).toEqual({
      code: 1,
      output: '"hello" is not an order number (e.g. RS-7KQ29XD3)',
    });
    expect((await run('show')).output).toMatch(/^Which order\?/);
  });

  it('lists e-mails that failed after the last attempt and those still waiting, with the last error', async () => {
    expect(await run('mail', 'extra')).toEqual({
      code: 1,
      output: `Unexpected argument extra\n${ORDERS_USAGE}`,
    });
    // Every order e-mail so far goes to a mail server that refuses it, through every retry.
    const refusing = {
      sendMail: async () => {
        throw Object.assign(new Error('550 <asha@example.com> mailbox unavailable'), {
          code: 'EENVELOPE',
          responseCode: 550,
        });
      },
    };
    const sender = new OutboxSender({ db: database.db, mailer: refusing, log: { warn() {}, error() {} } });
    let now = new Date(Date.now() + 1000);
    for (const delay of [0, ...RETRY_DELAYS_MS]) {
      now = new Date(now.getTime() + delay);
      await sender.tick(now);
    }
    // One more order: its e-mail waits for its first attempt.
    const waiting = await placeOrder();

    const { code, output } = await run('mail');
    expect(code).toBe(0);
    const lines = output.split('\n');
    // The failed ones first (the 4 'Order received' mails, the shop's notice of the TEST payment and the customer's
    // 'Payment received' ×2, 'Shipped' and 'Cancelled' mails of the moves above), then the waiting one.
    expect(lines).toHaveLength(10);
    expect(lines[9]).toMatch(
      new RegExp(
        `^PENDING {2}\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d UTC {2}\\[Test Silk House\\] {2}asha@example\\.com {2}"Order received — complete your payment \\(${waiting}\\)" {2}0 attempts {2}next \\d{4}-`,
      ),
    );
    const failed = lines.slice(0, 9);
    for (const line of failed) {
      expect(line).toMatch(
        /^FAILED {3}\d{4}-\d\d-\d\d \d\d:\d\d UTC {2}\[Test Silk House\] {2}\S+@\S+ {2}".+" {2}6 attempts {2}last error: Error EENVELOPE 550: 550 <\[address\]> mailbox unavailable$/,
      );
    }
    expect(
      failed.filter((line) =>
        line.includes('  asha@example.com  "Order received — complete your payment (RS-'),
      ),
    ).toHaveLength(4);
    expect(
      failed.filter((line) => line.includes('  care@testsilk.example  "[TEST] Paid order RS-')),
    ).toHaveLength(1);
  });

  it('shows each line with its size, colour, SKU and quantity in its unit, and the payment deadline', async () => {
    const catalog = await insertVariantCatalog(database.db);
    const created = await createOrder(database.db, {
      storeId: 1,
      userId,
      email: 'asha@example.com',
      body: {
        lines: [
          { productId: catalog.kurta.productId, size: 'M', color: 'Ivory', quantity: 1 },
          { productId: catalog.silk.productId, color: 'Maroon', quantity: 2.5 },
          { productId: catalog.jutti.productId, variantId: catalog.jutti.variantIds['JUT-8']!, quantity: 2 },
        ],
        shippingAddress: address,
      },
    });
    const { code, output } = await run('show', created.orderNumber);
    expect(code).toBe(0);
    const [stored] = await database.db
      .select()
      .from(orders)
      .where(eq(orders.orderNumber, created.orderNumber));
    const due = `${stored!.paymentDueAt!.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
    expect(output).toContain(`\n  Pay by:    ${due} (cancelled unpaid after that)\n`);
    expect(output).toContain(
      [
        '  Items:',
        '    Maroon Raw Silk Kurta — Size M, Colour Ivory (KUR-M-IVR): 1 × ₹1,399 = ₹1,399',
        '    Katan Silk Fabric by the metre — Colour Maroon (SLK-MRN): 2.5 m × ₹450 = ₹1,125',
        '    Embroidered Jutti — Size 8 (JUT-8): 2 × ₹1,200 = ₹2,400',
        '  Total:     ₹4,924',
      ].join('\n'),
    );
    // A line sold by the metre counts as one item in the list.
    const line = (await run('list')).output.split('\n').find((row) => row.startsWith(created.orderNumber));
    expect(line).toMatch(/ ₹4,924 {2}4 items /);
  });

  it('marks paid an order cancelled by its payment window while its stock is still there: back to Processing', async () => {
    // The account's earlier orders still wait for payment: their windows close first (at most 3 may wait).
    const later = new Date(Date.now() + 24 * 60 * 60 * 1000);
    await expireUnpaidOrders(database.db, { now: later });
    const orderNumber = await placeOrder();
    const stockWhilePending = Number(await silkStock());
    expect((await expireUnpaidOrders(database.db, { now: later })).cancelled).toContain(orderNumber);
    expect(await silkStock()).toBe(stockWhilePending + 3);
    expect(await run('mark-paid', orderNumber, '--utr', '512345678901')).toEqual({
      code: 0,
      output: `Order ${orderNumber}: Cancelled → Processing (paid after its payment window, UTR 512345678901; stock taken again).`,
    });
    expect((await statusOf(orderNumber)).status).toBe(1);
    expect(await silkStock()).toBe(stockWhilePending);
  });
});

/** The CLI as a shop owner runs it: embedded PGlite in DATA_DIR (a copy of the migrated snapshot). */
describe('npm run orders on the embedded database of DATA_DIR', () => {
  let dataDir: string;
  const previous = { DATA_DIR: process.env.DATA_DIR, DATABASE_URL: process.env.DATABASE_URL };

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'resham-orders-cli-'));
    const pglite = await PGlite.create({
      dataDir: join(dataDir, 'pglite'),
      loadDataDir: pgliteSnapshot(),
      extensions: pgliteExtensions,
    });
    await pglite.close();
    process.env.DATA_DIR = dataDir;
    delete process.env.DATABASE_URL;
  });

  afterAll(() => {
    process.env.DATA_DIR = previous.DATA_DIR;
    if (previous.DATABASE_URL) process.env.DATABASE_URL = previous.DATABASE_URL;
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('opens the database itself and closes it again', async () => {
    expect(await runCli(['list'])).toEqual({ code: 0, output: 'No orders.' });
    expect(await runCli(['mail'])).toEqual({ code: 0, output: 'No failed or pending e-mails.' });
  });
});
