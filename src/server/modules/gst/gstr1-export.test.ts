/**
 * The monthly GSTR-1 export: invoices and a credit note issued through the order lifecycle, exported as the
 * portal's CSV sheets, and through the orders CLI as files.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { products } from '../../db/schema/catalog-tables';
import { orders } from '../../db/schema/order-tables';
import { payments } from '../../db/schema/payment-tables';
import { runOrdersCli } from '../../cli/orders';
import { pdfText } from '../../test/pdf-text';
import { insertSignedInCustomers } from '../../test/session-customer';
import { buildTestApp } from '../../test/test-app';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '../../test/test-database';
import { seedCatalog } from '../../test/seed-catalog';
import { payTestOrder, returnTestOrder, shipTestOrder } from '../../test/order-moves';
import { financialYearOf } from './document-number';
import { gstr1Export } from './gstr1-export';
import { gstDate, monthRange, toCsv } from './gstr1-sheet-format';
import { gstTestCatalog, PUNE_ADDRESS } from '../../test/gst-test-catalog';

const jaipur = { ...PUNE_ADDRESS, city: 'Jaipur', state: 'Rajasthan', postalCode: '302001' };
const now = new Date();
const FY = financialYearOf(now);
const MONTH = new Date(now.getTime() + 330 * 60_000).toISOString().slice(0, 7);
const TODAY = gstDate(now.toISOString());
const lines = (csv: string) => csv.split('\r\n').filter(Boolean);

describe('GSTR-1 helpers', () => {
  it('months in India Standard Time', () => {
    expect(monthRange('2026-11')).toEqual({
      from: new Date('2026-10-31T18:30:00.000Z'),
      to: new Date('2026-11-30T18:30:00.000Z'),
    });
    expect(monthRange('2026-12').to).toEqual(new Date('2026-12-31T18:30:00.000Z'));
    for (const bad of ['2026-13', '2026-1', 'November', '2026-00'])
      expect(() => monthRange(bad)).toThrow(RangeError);
    expect(gstDate('2026-10-31T18:30:00.000Z')).toBe('01-Nov-2026');
  });

  it('CSV quoting', () => {
    expect(toCsv(['a', 'b'], [['Joshi, Traders', 'say "hi"']])).toBe(
      'a,b\r\n"Joshi, Traders","say ""hi"""\r\n',
    );
  });
});

describe.each(testDatabaseKinds)('GSTR-1 export on %s', (kind) => {
  let database: TestDatabase;
  const ids: Record<string, string> = {};
  const numbers: Record<string, string> = {};

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    await seedCatalog(database.db, gstTestCatalog());
    for (const row of await database.db.select().from(products)) ids[row.sku] = row.id;
    const app = await buildTestApp(database);
    const shipped = async (
      name: string,
      address: typeof PUNE_ADDRESS,
      order: Record<string, number>,
      gstin?: string,
    ) => {
      const [buyer] = await insertSignedInCustomers(database.db, 1);
      const response = await app.inject({
        method: 'POST',
        url: '/api/v1/orders',
        headers: buyer!.headers,
        payload: {
          shippingAddress: address,
          lines: Object.entries(order).map(([sku, quantity]) => ({ productId: ids[sku], quantity })),
        },
      });
      const [row] = await database.db
        .select()
        .from(orders)
        .where(eq(orders.orderNumber, response.json<{ id: string }>().id));
      if (gstin) {
        await database.db.insert(payments).values({
          storeId: 1,
          orderId: row!.id,
          provider: 'upi',
          method: 'upi',
          amountPaise: row!.totalPaise,
          status: 'succeeded',
          payer: {
            name: 'Meera',
            email: 'm@example.com',
            phone: '9414012345',
            businessName: 'Joshi Traders',
            gstin,
          },
        });
      }
      await payTestOrder(database.db, 1, row!.id);
      await shipTestOrder(database.db, 1, row!.id, 'T1');
      numbers[name] = `JS/${FY}/${String(Object.keys(numbers).length + 1).padStart(6, '0')}`;
      return row!.id;
    };
    await shipped('PUNE_ADDRESS', PUNE_ADDRESS, { 'KUR-2800': 1, 'FAB-450': 2 });
    const returned = await shipped('jaipur', jaipur, { 'KUR-1299': 1 });
    await shipped('b2b', PUNE_ADDRESS, { 'BAG-599': 1 }, '27AAACR5055K1Z7');
    await shipped('large', PUNE_ADDRESS, { 'SAR-8900': 10, 'KUR-2800': 10 });
    await returnTestOrder(database.db, 1, returned);
    await app.close();
  });
  afterAll(async () => {
    await database?.close();
  });

  it('writes the sheets of the month: B2B, B2CL, B2CS netting the credit note, CDNR, HSN and the number ranges', async () => {
    const sheets = await gstr1Export(database.db, 1, MONTH);
    expect(lines(sheets.b2b)).toEqual([
      'GSTIN/UIN of Recipient,Receiver Name,Invoice Number,Invoice date,Invoice Value,Place Of Supply,Reverse Charge,Applicable % of Tax Rate,Invoice Type,E-Commerce GSTIN,Rate,Taxable Value,Cess Amount',
      `27AAACR5055K1Z7,Joshi Traders,${numbers.b2b},${TODAY},599.00,27-Maharashtra,N,,Regular B2B,,18,507.63,0.00`,
    ]);
    expect(lines(sheets.b2cl)).toEqual([
      'Invoice Number,Invoice date,Invoice Value,Place Of Supply,Applicable % of Tax Rate,Rate,Taxable Value,Cess Amount,E-Commerce GSTIN',
      `${numbers.large},${TODAY},117000.00,27-Maharashtra,,5,84761.90,0.00,`,
      `${numbers.large},${TODAY},117000.00,27-Maharashtra,,18,23728.81,0.00,`,
    ]);
    expect(lines(sheets.b2cs)).toEqual([
      'Type,Place Of Supply,Applicable % of Tax Rate,Rate,Taxable Value,Cess Amount,E-Commerce GSTIN',
      'OE,08-Rajasthan,,5,0.00,0.00,',
      'OE,27-Maharashtra,,5,857.14,0.00,',
      'OE,27-Maharashtra,,18,2372.88,0.00,',
    ]);
    expect(lines(sheets.cdnr)).toHaveLength(1); // the credit note went to a consumer: netted in B2CS
    expect(lines(sheets.hsn)).toEqual([
      'Supply,HSN,Description,UQC,Total Quantity,Total Value,Rate,Taxable Value,Integrated Tax Amount,Central Tax Amount,State/UT Tax Amount,Cess Amount',
      'B2B,4202,,PCS-PIECES,1,599.00,18,507.63,91.37,0.00,0.00,0.00',
      'B2C,5007,,PCS-PIECES,10,89000.00,5,84761.90,4238.10,0.00,0.00,0.00',
      'B2C,5208,,MTR-METERS,2,900.00,5,857.14,42.86,0.00,0.00,0.00',
      'B2C,6211,,PCS-PIECES,0,0.00,5,0.00,0.00,0.00,0.00,0.00',
      'B2C,6211,,PCS-PIECES,11,30800.00,18,26101.69,4698.31,0.00,0.00,0.00',
    ]);
    expect(lines(sheets.docs)).toEqual([
      'Nature of Document,Sr. No. From,Sr. No. To,Total Number,Cancelled',
      `Invoices for outward supply,${numbers.PUNE_ADDRESS},${numbers.large},4,0`,
      `Credit Note,CN/${FY}/000001,CN/${FY}/000001,1,0`,
    ]);
    const empty = await gstr1Export(database.db, 1, '2020-04');
    expect(Object.values(empty).map((csv) => lines(csv).length)).toEqual([1, 1, 1, 1, 1, 1, 1]);
  });

  it('npm run orders -- gst-export and invoice write the files; a bad month is refused', async () => {
    const out = mkdtempSync(join(tmpdir(), 'gstr1-'));
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      expect(await runOrdersCli(['gst-export', MONTH, '--out', out], { database })).toBe(0);
      expect(log.mock.calls[0]![0]).toContain(`gstr1-${MONTH}-b2b.csv  1 row`);
      expect(readFileSync(join(out, `gstr1-${MONTH}-hsn.csv`), 'utf8')).toContain(
        'B2B,4202,,PCS-PIECES,1,599.00',
      );
      const [first] = (await database.db.select().from(orders).orderBy(orders.createdAt)).map(
        (row) => row.orderNumber,
      );
      expect(await runOrdersCli(['invoice', first!, '--out', out], { database })).toBe(0);
      const file = join(out, `Tax-Invoice-JS-${FY}-000001.pdf`);
      expect(log.mock.calls.at(-1)![0]).toBe(`Tax Invoice JS/${FY}/000001 of order ${first}: ${file}`);
      expect((await pdfText(readFileSync(file)))[0]).toContain(`Invoice no.: JS/${FY}/000001`);
      expect(await runOrdersCli(['gst-export', 'November'], { database })).toBe(1);
      expect(error.mock.calls[0]![0]).toMatch(/^gst-export needs the month, e\.g\. gst-export 2026-11/);
    } finally {
      log.mockRestore();
      error.mockRestore();
      rmSync(out, { recursive: true, force: true });
    }
  });
});
