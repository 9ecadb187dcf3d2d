/**
 * `POST /orders` with variants and fabric by the metre, through the real app: the `lines` form, finding the
 * variant by id or by size and colour, refusals with exact texts, stock per variant, line snapshots that never
 * follow the catalogue, the order answers and e-mail, and the limit of orders waiting for payment.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { and, asc, eq, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { lineTotalPaise } from '@shared/catalog/unit-of-measure';
import type { Order } from '@shared/orders/order-schemas';
import { buildApp } from '../../app';
import { rowsOf } from '../../db/database';
import { productVariants, products } from '../../db/schema/catalog-tables';
import { orderLines, orders } from '../../db/schema/order-tables';
import { fixtureCatalog } from '../../test/catalog-fixture';
import { insertSignedInCustomers, type SessionCustomer } from '../../test/session-customer';
import { testConfig } from '../../test/test-app';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '../../test/test-database';
import { insertVariantCatalog, type VariantCatalog } from '../../test/variant-fixture';
import { seedCatalog } from '../../test/seed-catalog';
import type { Mailer } from '../mail/mailer';

const SECOND_HOST = 'second.example';
const TOO_MANY = { error: 'You have unpaid orders. Please pay or cancel one of them first.' };

const address = {
  fullName: 'Asha Verma',
  address: '14 Assi Ghat Road',
  city: 'Varanasi',
  state: 'Uttar Pradesh',
  postalCode: '221005',
  phone: '+91 98390 41736',
};

type Line = { productId: string; variantId?: string; size?: string; color?: string; quantity: number };
type SentMail = { subject: string; text: string; html: string };

/** The initial stock of the fixture's tracked variants and product, by SKU (pieces or metres). */
const STOCK: Record<string, number> = {
  'KUR-S-MRN': 5,
  'KUR-M-MRN': 1,
  'KUR-M-IVR': 5,
  'DUP-RED': 3,
  'DUP-GRN': 3,
  'JUT-7': 4,
  'SLK-MRN': 10,
  'SLK-GLD': 1.5,
};

describe.each(testDatabaseKinds)('orders with variants and metres on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let catalog: VariantCatalog;
  /** Product ids of the plain fixture catalogue by SKU (store 1), and one product of the second store. */
  const plain: Record<string, string> = {};
  let otherStoreProductId: string;
  const sent: SentMail[] = [];

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    await seedCatalog(database.db, fixtureCatalog());
    const second = fixtureCatalog();
    second.store = { storeName: 'Second Shop', hosts: [SECOND_HOST] };
    second.products = second.products.slice(0, 1);
    await seedCatalog(database.db, second, { host: SECOND_HOST });
    for (const row of await database.db.select().from(products)) {
      if (row.storeId === 1) plain[row.sku] = row.id;
      else otherStoreProductId = row.id;
    }
    catalog = await insertVariantCatalog(database.db);
    const json = nodemailer.createTransport({ jsonTransport: true });
    const mailer: Mailer = {
      async sendMail(message) {
        const info = await json.sendMail(message);
        sent.push(JSON.parse(info.message) as SentMail);
        return info;
      },
    };
    app = await buildApp({ ...testConfig }, { database, logger: false, mailer });
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  beforeEach(async () => {
    for (const [sku, stock] of Object.entries(STOCK)) {
      await database.db.update(productVariants).set({ stock }).where(eq(productVariants.sku, sku));
    }
    await database.db.update(products).set({ stock: 20 }).where(eq(products.sku, 'COT-MUL'));
  });

  const variant = (sku: string) => {
    for (const product of Object.values(catalog)) {
      const id = product.variantIds[sku];
      if (id) return id;
    }
    throw new Error(`no variant ${sku}`);
  };
  const buyer = async () => (await insertSignedInCustomers(database.db, 1))[0]!;
  const post = (
    customer: SessionCustomer,
    body: Record<string, unknown>,
    headers: Record<string, string> = {},
  ): Promise<LightMyRequestResponse> =>
    app.inject({
      method: 'POST',
      url: '/api/v1/orders',
      headers: { ...customer.headers, ...headers },
      payload: { shippingAddress: address, ...body },
    });
  const order = (customer: SessionCustomer, lines: Line[], headers: Record<string, string> = {}) =>
    post(customer, { lines }, headers);
  const variantStock = async (sku: string) =>
    (
      await database.db
        .select({ stock: productVariants.stock })
        .from(productVariants)
        .where(eq(productVariants.sku, sku))
    )[0]!.stock;
  const productStock = async (sku: string) =>
    (await database.db.select({ stock: products.stock }).from(products).where(eq(products.sku, sku)))[0]!
      .stock;
  const orderCount = async () =>
    (await database.db.select({ n: sql<number>`count(*)::int` }).from(orders))[0]!.n;
  const linesOf = async (orderNumber: string) => {
    const [row] = await database.db.select().from(orders).where(eq(orders.orderNumber, orderNumber));
    return database.db
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, row!.id))
      .orderBy(asc(orderLines.position));
  };
  /** Every tracked stock as it is now, to show that a refusal changed nothing. */
  const allStock = async () => ({
    variants: await database.db
      .select({ sku: productVariants.sku, stock: productVariants.stock })
      .from(productVariants)
      .orderBy(asc(productVariants.sku)),
    cotton: await productStock('COT-MUL'),
    orders: await orderCount(),
  });
  const cancelAll = (customer: SessionCustomer) =>
    database.db.update(orders).set({ status: 4 }).where(eq(orders.userId, customer.userId));

  describe('creating', () => {
    it('orders variants by id or by size and colour, metres and plain products, and snapshots every line', async () => {
      const customer = await buyer();
      const response = await order(customer, [
        { productId: catalog.kurta.productId, variantId: variant('KUR-M-MRN'), quantity: 1 },
        { productId: catalog.kurta.productId.toUpperCase(), size: ' s ', color: 'MAROON', quantity: 2 },
        { productId: catalog.kurta.productId, size: 'M', color: 'Ivory', quantity: 1 },
        { productId: catalog.dupatta.productId, color: 'green', quantity: 1 },
        { productId: catalog.jutti.productId, size: '8', quantity: 3 },
        { productId: catalog.silk.productId, color: 'Maroon', quantity: 2.5 },
        { productId: catalog.cotton.productId, quantity: 2.25 },
        { productId: plain['MEN-KUR-001']!, quantity: 2 },
      ]);
      expect(response.statusCode, response.body).toBe(201);
      const id = response.json<{ id: string }>().id;

      const lines = await linesOf(id);
      expect(
        lines.map((line) => [
          line.productId,
          line.variantId,
          line.sku,
          line.productTitle,
          line.size,
          line.color,
          line.imageUrl,
          line.unit,
          line.quantity,
          line.unitPricePaise,
          line.lineTotalPaise,
        ]),
      ).toEqual([
        [
          catalog.kurta.productId,
          variant('KUR-M-MRN'),
          'KUR-M-MRN',
          'Maroon Raw Silk Kurta',
          'M',
          'Maroon',
          '/media/demo/kur-mrn.svg',
          'piece',
          1,
          129900,
          129900,
        ],
        [
          catalog.kurta.productId,
          variant('KUR-S-MRN'),
          'KUR-S-MRN',
          'Maroon Raw Silk Kurta',
          'S',
          'Maroon',
          '/media/demo/kur-mrn.svg',
          'piece',
          2,
          129900,
          259800,
        ],
        // The variant's own discounted price and image.
        [
          catalog.kurta.productId,
          variant('KUR-M-IVR'),
          'KUR-M-IVR',
          'Maroon Raw Silk Kurta',
          'M',
          'Ivory',
          '/media/demo/kur-m-ivr.svg',
          'piece',
          1,
          139900,
          139900,
        ],
        // No price of its own: the product's discounted price.
        [
          catalog.dupatta.productId,
          variant('DUP-GRN'),
          'DUP-GRN',
          'Phulkari Dupatta',
          null,
          'Green',
          '/media/demo/dup-phl.svg',
          'piece',
          1,
          79900,
          79900,
        ],
        // Its own regular price; an untracked variant.
        [
          catalog.jutti.productId,
          variant('JUT-8'),
          'JUT-8',
          'Embroidered Jutti',
          '8',
          null,
          '/media/demo/jut-emb.svg',
          'piece',
          3,
          120000,
          360000,
        ],
        [
          catalog.silk.productId,
          variant('SLK-MRN'),
          'SLK-MRN',
          'Katan Silk Fabric by the metre',
          null,
          'Maroon',
          '/media/demo/slk-ktn.svg',
          'm',
          2.5,
          45000,
          112500,
        ],
        [
          catalog.cotton.productId,
          null,
          'COT-MUL',
          'Mulmul Cotton by the metre',
          null,
          null,
          '/media/demo/cot-mul.svg',
          'm',
          2.25,
          12000,
          27000,
        ],
        [
          plain['MEN-KUR-001'],
          null,
          'MEN-KUR-001',
          'Cotton Kurta 1',
          null,
          null,
          '/media/demo/men-kur-001.svg',
          'piece',
          2,
          99950,
          199900,
        ],
      ]);
      for (const line of lines) {
        expect(line.lineTotalPaise).toBe(lineTotalPaise(line.unitPricePaise, line.quantity));
      }
      const [stored] = await database.db.select().from(orders).where(eq(orders.orderNumber, id));
      const subtotal = lines.reduce((sum, line) => sum + line.lineTotalPaise, 0);
      expect(stored).toMatchObject({ subtotalPaise: subtotal, totalPaise: subtotal, status: 0 });
      expect(stored!.paymentDueAt!.getTime() - stored!.createdAt.getTime()).toBe(30 * 60_000);

      expect(await variantStock('KUR-M-MRN')).toBe(0);
      expect(await variantStock('KUR-S-MRN')).toBe(3);
      expect(await variantStock('KUR-M-IVR')).toBe(4);
      expect(await variantStock('DUP-GRN')).toBe(2);
      expect(await variantStock('JUT-8')).toBeNull();
      expect(await variantStock('SLK-MRN')).toBe(7.5);
      expect(await productStock('COT-MUL')).toBe(17.75);
      // Stock is kept on the variants: the product's own stays unused.
      expect(await productStock('KUR-MRN')).toBeNull();
    });

    it('orders lines that all name their variant by id, as the storefront sends them', async () => {
      const customer = await buyer();
      const created = await order(customer, [
        {
          productId: catalog.kurta.productId,
          variantId: variant('KUR-S-MRN'),
          size: 'S',
          color: 'Maroon',
          quantity: 2,
        },
        { productId: catalog.silk.productId, variantId: variant('SLK-GLD'), color: 'Gold', quantity: 1.5 },
      ]);
      expect(created.statusCode, created.body).toBe(201);
      expect(await variantStock('KUR-S-MRN')).toBe(3);
      expect(await variantStock('SLK-GLD')).toBe(0);
      const lines = await linesOf(created.json<{ id: string }>().id);
      expect(lines.map((line) => [line.sku, line.quantity, line.lineTotalPaise])).toEqual([
        ['KUR-S-MRN', 2, 259800],
        ['SLK-GLD', 1.5, 67500],
      ]);
      // A variant id on a product without variants is no variant of it; nothing is taken.
      const before = await allStock();
      const refused = await order(customer, [
        { productId: catalog.kurta.productId, variantId: variant('KUR-S-MRN'), quantity: 1 },
        { productId: catalog.cotton.productId, variantId: variant('SLK-MRN'), quantity: 2 },
      ]);
      expect(refused.json()).toEqual({
        error: 'Invalid field: lines.1.variantId',
        fields: { 'lines.1.variantId': 'is not available' },
      });
      expect(await allStock()).toEqual(before);
    });

    it('answers the lines with size, colour, unit and quantity in My Orders and Track Order', async () => {
      const customer = await buyer();
      const created = await order(customer, [
        { productId: catalog.kurta.productId, size: 'S', color: 'Maroon', quantity: 1 },
        { productId: catalog.silk.productId, variantId: variant('SLK-MRN'), quantity: 2.5 },
      ]);
      const id = created.json<{ id: string }>().id;
      const mine = await app.inject({ method: 'GET', url: '/api/v1/orders', headers: customer.headers });
      const tracked = await app.inject({
        method: 'GET',
        url: `/api/v1/orders/${id}`,
        query: { contactInfo: customer.email },
      });
      for (const answer of [mine.json<Order[]>()[0]!, tracked.json<Order>()]) {
        expect(answer.id).toBe(id);
        expect(answer.items.map(({ id: _line, ...item }) => item)).toEqual([
          {
            productId: catalog.kurta.productId,
            variantId: variant('KUR-S-MRN'),
            productTitle: 'Maroon Raw Silk Kurta',
            sku: 'KUR-S-MRN',
            size: 'S',
            color: 'Maroon',
            imgUrl: '/media/demo/kur-mrn.svg',
            unit: 'piece',
            quantity: 1,
            price: 1299,
            lineTotal: 1299,
            hsn: null,
            gstRate: 0,
            taxableValue: 1299,
            tax: 0,
            cgst: 0,
            sgst: 0,
            igst: 0,
          },
          {
            productId: catalog.silk.productId,
            variantId: variant('SLK-MRN'),
            productTitle: 'Katan Silk Fabric by the metre',
            sku: 'SLK-MRN',
            size: null,
            color: 'Maroon',
            imgUrl: '/media/demo/slk-ktn.svg',
            unit: 'm',
            quantity: 2.5,
            price: 450,
            lineTotal: 1125,
            hsn: null,
            gstRate: 0,
            taxableValue: 1125,
            tax: 0,
            cgst: 0,
            sgst: 0,
            igst: 0,
          },
        ]);
        expect(answer).toMatchObject({ subtotal: 2424, total: 2424, status: 0 });
        expect(Date.parse(answer.paymentDueAt!) - Date.parse(answer.createdAt)).toBe(30 * 60_000);
      }
    });

    it('keeps every line as it was ordered when the catalogue changes or the variant is deleted', async () => {
      const customer = await buyer();
      const created = await order(customer, [
        { productId: catalog.kurta.productId, variantId: variant('KUR-M-IVR'), quantity: 1 },
        { productId: catalog.silk.productId, color: 'Gold', quantity: 1.5 },
      ]);
      const id = created.json<{ id: string }>().id;
      const before = await linesOf(id);
      await database.db
        .update(products)
        .set({ title: 'Renamed Kurta', regularPricePaise: 1, discountedPricePaise: null, imgUrl: '/x.svg' })
        .where(eq(products.id, catalog.kurta.productId));
      await database.db
        .update(productVariants)
        .set({ sku: 'NEW-SKU', size: 'XL', color: 'Black', regularPricePaise: 5, discountedPricePaise: 4 })
        .where(eq(productVariants.id, variant('KUR-M-IVR')));
      await database.db
        .update(products)
        .set({ unit: 'piece', regularPricePaise: 9 })
        .where(eq(products.id, catalog.silk.productId));
      const afterChange = await linesOf(id);
      expect(afterChange).toEqual(before);
      expect(before[0]).toMatchObject({
        productTitle: 'Maroon Raw Silk Kurta',
        sku: 'KUR-M-IVR',
        size: 'M',
        color: 'Ivory',
        unitPricePaise: 139900,
      });
      expect(before[1]).toMatchObject({
        unit: 'm',
        quantity: 1.5,
        unitPricePaise: 45000,
        lineTotalPaise: 67500,
      });

      // Deleting the variant only drops the link to it.
      await database.db.delete(productVariants).where(eq(productVariants.id, variant('KUR-M-IVR')));
      const afterDelete = await linesOf(id);
      expect(afterDelete[0]).toEqual({ ...before[0], variantId: null });
      const answer = (
        await app.inject({ method: 'GET', url: '/api/v1/orders', headers: customer.headers })
      ).json<Order[]>()[0]!;
      expect(answer.items[0]).toMatchObject({
        variantId: null,
        productTitle: 'Maroon Raw Silk Kurta',
        sku: 'KUR-M-IVR',
        size: 'M',
        color: 'Ivory',
        price: 1399,
      });
      expect(answer.items[1]).toMatchObject({ unit: 'm', quantity: 1.5, price: 450, lineTotal: 675 });

      // Put the catalogue back for the other tests.
      await database.db
        .update(products)
        .set({ title: 'Maroon Raw Silk Kurta', regularPricePaise: 129900, imgUrl: '/media/demo/kur-mrn.svg' })
        .where(eq(products.id, catalog.kurta.productId));
      await database.db
        .update(products)
        .set({ unit: 'm', regularPricePaise: 45000 })
        .where(eq(products.id, catalog.silk.productId));
      const [restored] = await database.db
        .insert(productVariants)
        .values({
          storeId: 1,
          productId: catalog.kurta.productId,
          sku: 'KUR-M-IVR',
          size: 'M',
          color: 'Ivory',
          stock: 5,
          regularPricePaise: 149900,
          discountedPricePaise: 139900,
          imgUrl: '/media/demo/kur-m-ivr.svg',
          position: 3,
        })
        .returning({ id: productVariants.id });
      catalog.kurta.variantIds['KUR-M-IVR'] = restored!.id;
    });

    it('still takes the storefront body for products without variants, by the piece and by the metre', async () => {
      const customer = await buyer();
      const response = await post(customer, {
        products: { [plain['ACC-BAG']!]: 2, [catalog.cotton.productId]: 3 },
      });
      expect(response.statusCode, response.body).toBe(201);
      const lines = await linesOf(response.json<{ id: string }>().id);
      expect(lines.map((line) => [line.sku, line.unit, line.quantity, line.lineTotalPaise])).toEqual([
        ['ACC-BAG', 'piece', 2, 200000],
        ['COT-MUL', 'm', 3, 36000],
      ]);
      expect(await productStock('COT-MUL')).toBe(17);
    });

    it('sends the order e-mail with sizes, colours, metres, the payment link and the window', async () => {
      const customer = await buyer();
      const created = await order(customer, [
        { productId: catalog.kurta.productId, size: 'm', color: 'maroon', quantity: 1 },
        { productId: catalog.silk.productId, color: 'Maroon', quantity: 2.5 },
      ]);
      const id = created.json<{ id: string }>().id;
      const mail = await vi.waitFor(() => {
        const found = sent.find((message) => message.subject.includes(id));
        if (!found) throw new Error('not sent yet');
        return found;
      });
      expect(mail.subject).toBe(`Order received — complete your payment (${id})`);
      expect(mail.text).toContain('- Maroon Raw Silk Kurta — Size M, Colour Maroon: 1 × ₹1,299 = ₹1,299');
      expect(mail.text).toContain('- Katan Silk Fabric by the metre — Colour Maroon: 2.5 m × ₹450 = ₹1,125');
      expect(mail.text).toContain('Total: ₹2,424');
      expect(mail.text).toMatch(
        // (with the date when the window ends on the next Indian day)
        /\nPlease pay within 30 minutes, by \d\d:\d\d IST( on \d{1,2} [A-Z][a-z]+ \d{4})?; after that the order is cancelled and the items go back on sale\.\n/,
      );
      expect(mail.text).toContain(`Pay now: http://localhost:80/payment?orderId=${id}`);
    });

    it('links the payment page under PUBLIC_URL and uses PAYMENT_WINDOW_MINUTES', async () => {
      const configured = await buildApp(
        { ...testConfig, PUBLIC_URL: 'https://silk.example', PAYMENT_WINDOW_MINUTES: 120 },
        { database, logger: false, mailer: nodemailer.createTransport({ jsonTransport: true }) },
      );
      try {
        const customer = await buyer();
        const created = await configured.inject({
          method: 'POST',
          url: '/api/v1/orders',
          headers: customer.headers,
          payload: {
            shippingAddress: address,
            lines: [{ productId: catalog.cotton.productId, quantity: 2 }],
          },
        });
        expect(created.statusCode).toBe(201);
        const id = created.json<{ id: string }>().id;
        const [stored] = await database.db.select().from(orders).where(eq(orders.orderNumber, id));
        expect(stored!.paymentDueAt!.getTime() - stored!.createdAt.getTime()).toBe(120 * 60_000);
        const [mail] = rowsOf<{ text: string }>(
          await database.db.execute(
            sql`SELECT message->>'text' AS text FROM outgoing_mail WHERE subject LIKE ${`%${id}%`}`,
          ),
        );
        expect(mail!.text).toContain('Please pay within 2 hours, by ');
        expect(mail!.text).toContain(`Pay now: https://silk.example/payment?orderId=${id}`);
      } finally {
        await configured.close();
      }
    });
  });

  describe('refusing', () => {
    /** Posts `lines` and expects a 400 with exactly `fields`, and nothing changed. */
    const refused = async (lines: Line[], fields: Record<string, string>) => {
      const customer = await buyer();
      const before = await allStock();
      const response = await order(customer, lines);
      expect(response.statusCode, response.body).toBe(400);
      const names = Object.keys(fields);
      expect(response.json()).toEqual({
        error: `Invalid field${names.length > 1 ? 's' : ''}: ${names.join(', ')}`,
        fields,
      });
      expect(await allStock()).toEqual(before);
    };

    it('asks for the size and the colour of a product with variants', async () => {
      const { kurta, dupatta, jutti } = catalog;
      await refused([{ productId: kurta.productId, quantity: 1 }], {
        'lines.0.size': 'Please choose a size',
        'lines.0.color': 'Please choose a colour',
      });
      await refused(
        [
          { productId: plain['ACC-BAG']!, quantity: 1 },
          { productId: kurta.productId, size: 'M', quantity: 1 },
          { productId: kurta.productId, color: 'Ivory', size: '  ', quantity: 1 },
        ],
        { 'lines.1.color': 'Please choose a colour', 'lines.2.size': 'Please choose a size' },
      );
      await refused([{ productId: dupatta.productId, size: 'M', quantity: 1 }], {
        'lines.0.color': 'Please choose a colour',
      });
      await refused([{ productId: jutti.productId, color: 'Red', quantity: 1 }], {
        'lines.0.size': 'Please choose a size',
      });
    });

    it('refuses the storefront body for a product with variants, asking for its size or colour', async () => {
      const customer = await buyer();
      const response = await post(customer, {
        products: { [catalog.kurta.productId]: 1, [catalog.dupatta.productId.toUpperCase()]: 1 },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: `Invalid fields: products.${catalog.kurta.productId}, products.${catalog.dupatta.productId.toUpperCase()}`,
        fields: {
          [`products.${catalog.kurta.productId}`]: 'Please choose a size',
          [`products.${catalog.dupatta.productId.toUpperCase()}`]: 'Please choose a colour',
        },
      });
    });

    it('names unknown products, variants, sizes, colours and combinations', async () => {
      const { kurta, dupatta, silk } = catalog;
      await refused(
        [
          { productId: randomUUID(), quantity: 1 },
          { productId: 'not-a-product', quantity: 1 },
          { productId: otherStoreProductId, quantity: 1 },
          { productId: kurta.productId, variantId: variant('DUP-RED'), quantity: 1 },
          { productId: kurta.productId, variantId: 'nope', quantity: 1 },
          { productId: kurta.productId, variantId: randomUUID(), quantity: 1 },
          { productId: plain['ACC-BAG']!, variantId: variant('SLK-MRN'), quantity: 1 },
        ],
        {
          'lines.0.productId': 'is not available',
          'lines.1.productId': 'is not available',
          'lines.2.productId': 'is not available',
          'lines.3.variantId': 'is not available',
          'lines.4.variantId': 'is not available',
          'lines.5.variantId': 'is not available',
          'lines.6.variantId': 'is not available',
        },
      );
      await refused(
        [
          { productId: kurta.productId, size: 'XL', color: 'Maroon', quantity: 1 },
          { productId: kurta.productId, size: 'S', color: 'Blue', quantity: 1 },
          // Both exist, not together.
          { productId: kurta.productId, size: 'L', color: 'Ivory', quantity: 1 },
          { productId: dupatta.productId, color: 'Pink', quantity: 1 },
          { productId: silk.productId, quantity: 1 },
        ],
        {
          'lines.0.size': 'is not available',
          'lines.1.color': 'is not available',
          'lines.2.variantId': 'is not available',
          'lines.3.color': 'is not available',
          'lines.4.color': 'Please choose a colour',
        },
      );
    });

    it('refuses a variant, or a product without variants, listed twice', async () => {
      const { kurta, cotton } = catalog;
      await refused(
        [
          { productId: kurta.productId, variantId: variant('KUR-S-MRN'), quantity: 1 },
          { productId: kurta.productId, size: 's', color: 'maroon', quantity: 1 },
          { productId: kurta.productId, variantId: variant('KUR-S-MRN').toUpperCase(), quantity: 1 },
          { productId: cotton.productId, quantity: 2 },
          { productId: cotton.productId, quantity: 3 },
          { productId: kurta.productId, size: 'M', color: 'Maroon', quantity: 1 },
        ],
        {
          'lines.1.variantId': 'is listed more than once',
          'lines.2.variantId': 'is listed more than once',
          'lines.4.productId': 'is listed more than once',
        },
      );
    });

    it("refuses quantities the product's unit does not allow", async () => {
      const { kurta, silk, cotton } = catalog;
      const metres = 'Fabric is sold in steps of 0.5 m from 1 m';
      await refused(
        [
          { productId: silk.productId, color: 'Maroon', quantity: 1.25 },
          { productId: silk.productId, color: 'Gold', quantity: 0.5 },
          { productId: cotton.productId, quantity: 1.5 },
          { productId: kurta.productId, size: 'S', color: 'Maroon', quantity: 2.5 },
          { productId: kurta.productId, size: 'M', color: 'Maroon', quantity: 11 },
          { productId: plain['ACC-BAG']!, quantity: 0.001 },
        ],
        {
          'lines.0.quantity': metres,
          'lines.1.quantity': metres,
          'lines.2.quantity': 'Fabric is sold in steps of 0.25 m from 2 m',
          'lines.3.quantity': 'quantity must be a whole number from 1 to 10',
          'lines.4.quantity': 'quantity must be a whole number from 1 to 10',
          'lines.5.quantity': 'quantity must be a whole number from 1 to 10',
        },
      );
      // Steps are counted from the minimum: 1, 1.5, 2 … 100 m are fine.
      const customer = await buyer();
      const fine = await order(customer, [
        { productId: silk.productId, color: 'Maroon', quantity: 1 },
        { productId: silk.productId, color: 'Gold', quantity: 1.5 },
      ]);
      expect(fine.statusCode, fine.body).toBe(201);
    });

    it('answers 400 from the schema for quantities that are no length at all, and for both forms at once', async () => {
      const customer = await buyer();
      for (const quantity of [0, -1, 100.5, '2.5', null]) {
        const response = await order(customer, [
          { productId: catalog.silk.productId, color: 'Maroon', quantity: quantity as number },
        ]);
        expect(response.statusCode, String(quantity)).toBe(400);
        expect(Object.keys(response.json<{ fields: object }>().fields)).toEqual(['lines.0.quantity']);
      }
      const both = await post(customer, {
        products: { [plain['ACC-BAG']!]: 1 },
        lines: [{ productId: plain['ACC-BAG']!, quantity: 1 }],
      });
      expect(both.json()).toEqual({
        error: 'Invalid field: lines',
        fields: { lines: 'send either products or lines, not both' },
      });
      const none = await post(customer, { lines: [] });
      expect(none.json()).toEqual({
        error: 'Invalid field: lines',
        fields: { lines: 'must contain at least one product' },
      });
    });
  });

  describe('stock', () => {
    it('names a short variant by title, size and colour, with what is left, and changes nothing', async () => {
      const customer = await buyer();
      const before = await allStock();
      const short = await order(customer, [
        { productId: catalog.cotton.productId, quantity: 2 },
        { productId: catalog.kurta.productId, size: 'M', color: 'Maroon', quantity: 2 },
        { productId: catalog.jutti.productId, size: '7', quantity: 5 },
      ]);
      expect(short.statusCode).toBe(409);
      expect(short.json()).toEqual({
        error: 'Maroon Raw Silk Kurta — M / Maroon: only 1 left',
        fields: { 'lines.1.quantity': 'only 1 left', 'lines.2.quantity': 'only 4 left' },
      });
      expect(await allStock()).toEqual(before);

      const sizeOnly = await order(customer, [
        { productId: catalog.jutti.productId, size: '7', quantity: 5 },
      ]);
      expect(sizeOnly.json()).toEqual({
        error: 'Embroidered Jutti — 7: only 4 left',
        fields: { 'lines.0.quantity': 'only 4 left' },
      });
      const metres = await order(customer, [
        { productId: catalog.silk.productId, color: 'gold', quantity: 2 },
      ]);
      expect(metres.statusCode).toBe(409);
      expect(metres.json()).toEqual({
        error: 'Katan Silk Fabric by the metre — Gold: only 1.5 m left',
        fields: { 'lines.0.quantity': 'only 1.5 m left' },
      });
      await database.db.update(products).set({ stock: 1.75 }).where(eq(products.sku, 'COT-MUL'));
      const plainMetres = await order(customer, [{ productId: catalog.cotton.productId, quantity: 2 }]);
      expect(plainMetres.json()).toEqual({
        error: 'Not enough stock for Mulmul Cotton by the metre',
        fields: { 'lines.0.quantity': 'only 1.75 m left' },
      });
      const soldOut = await post(customer, { products: { [catalog.cotton.productId]: 2 } });
      expect(soldOut.json()).toEqual({
        error: 'Not enough stock for Mulmul Cotton by the metre',
        fields: { [`products.${catalog.cotton.productId}`]: 'only 1.75 m left' },
      });
    });

    it('never oversells a variant: 20 parallel orders against stock 5 give exactly 5 orders', async () => {
      const buyers = await insertSignedInCustomers(database.db, 20);
      const before = await orderCount();
      const responses = await Promise.all(
        buyers.map((customer, i) =>
          order(
            customer,
            i % 2 === 0
              ? [
                  { productId: catalog.kurta.productId, variantId: variant('KUR-S-MRN'), quantity: 1 },
                  { productId: catalog.cotton.productId, quantity: 2 },
                ]
              : [
                  { productId: catalog.cotton.productId, quantity: 2 },
                  { productId: catalog.kurta.productId, size: 'S', color: 'Maroon', quantity: 1 },
                ],
          ),
        ),
      );
      const statuses = responses.map((response) => response.statusCode);
      expect(statuses.filter((status) => status === 201)).toHaveLength(5);
      expect(statuses.filter((status) => status === 409)).toHaveLength(15);
      for (const response of responses.filter((r) => r.statusCode === 409)) {
        expect(response.json<{ error: string }>().error).toBe(
          'Maroon Raw Silk Kurta — S / Maroon: only 0 left',
        );
      }
      expect(await variantStock('KUR-S-MRN')).toBe(0);
      expect(await productStock('COT-MUL')).toBe(10);
      expect(await orderCount()).toBe(before + 5);
    });

    it('never oversells metres: 12 parallel orders of 2.5 m against 10 m give exactly 4 orders', async () => {
      const buyers = await insertSignedInCustomers(database.db, 12);
      const responses = await Promise.all(
        buyers.map((customer) =>
          order(customer, [{ productId: catalog.silk.productId, color: 'Maroon', quantity: 2.5 }]),
        ),
      );
      expect(responses.filter((response) => response.statusCode === 201)).toHaveLength(4);
      expect(await variantStock('SLK-MRN')).toBe(0);
      const refusal = responses.find((response) => response.statusCode === 409)!;
      expect(refusal.json()).toEqual({
        error: 'Katan Silk Fabric by the metre — Maroon: only 0 m left',
        fields: { 'lines.0.quantity': 'only 0 m left' },
      });
    });
  });

  describe('orders waiting for payment', () => {
    it('refuses a 4th unpaid order of one account, but not a replay, another account or after a cancel', async () => {
      const customer = await buyer();
      const line = [{ productId: catalog.cotton.productId, quantity: 2 }];
      const keys = [randomUUID(), randomUUID(), randomUUID()];
      for (const key of keys) {
        expect((await order(customer, line, { 'idempotency-key': key })).statusCode).toBe(201);
      }
      const before = await allStock();
      const fourth = await order(customer, line);
      expect(fourth.statusCode).toBe(409);
      expect(fourth.json()).toEqual(TOO_MANY);
      expect(await allStock()).toEqual(before);
      // Refused before the stock is looked at, and for the storefront's body too.
      const short = await order(customer, [
        { productId: catalog.silk.productId, color: 'Gold', quantity: 50 },
      ]);
      expect(short.json()).toEqual(TOO_MANY);
      expect((await post(customer, { products: { [plain['ACC-BAG']!]: 1 } })).json()).toEqual(TOO_MANY);
      // A bad line is still named first.
      expect((await order(customer, [{ productId: catalog.kurta.productId, quantity: 1 }])).statusCode).toBe(
        400,
      );

      const replay = await order(customer, line, { 'idempotency-key': keys[2]! });
      expect(replay.statusCode).toBe(201);
      expect(replay.headers['idempotent-replayed']).toBe('true');
      expect((await order(await buyer(), line)).statusCode).toBe(201);

      // Paid (Processing) and cancelled orders do not count.
      const [oldest] = await database.db
        .select({ id: orders.id })
        .from(orders)
        .where(eq(orders.userId, customer.userId))
        .orderBy(asc(orders.createdAt))
        .limit(1);
      await database.db.update(orders).set({ status: 1 }).where(eq(orders.id, oldest!.id));
      expect((await order(customer, line)).statusCode).toBe(201);
      expect((await order(customer, line)).json()).toEqual(TOO_MANY);
      await cancelAll(customer);
      expect((await order(customer, line)).statusCode).toBe(201);
    });

    it('lets a burst of parallel checkouts of one account make exactly 3 orders', async () => {
      const customer = await buyer();
      const responses = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          order(customer, [
            { productId: catalog.cotton.productId, quantity: 2 },
            { productId: plain[i % 2 === 0 ? 'ACC-BAG' : 'ACC-JUT']!, quantity: 1 },
          ]),
        ),
      );
      const statuses = responses.map((response) => response.statusCode);
      expect(statuses.filter((status) => status === 201)).toHaveLength(3);
      for (const response of responses.filter((r) => r.statusCode !== 201)) {
        expect(response.statusCode).toBe(409);
        expect(response.json()).toEqual(TOO_MANY);
      }
      const pending = await database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(orders)
        .where(and(eq(orders.userId, customer.userId), eq(orders.status, 0)));
      expect(pending[0]!.n).toBe(3);
      expect(await productStock('COT-MUL')).toBe(14);
    });
  });

  describe('Idempotency-Key with lines', () => {
    it('answers the same lines again with the order, and refuses other lines under the key', async () => {
      const customer = await buyer();
      const key = randomUUID();
      const lines: Line[] = [{ productId: catalog.kurta.productId, size: 'S', color: 'Maroon', quantity: 1 }];
      const first = await order(customer, lines, { 'idempotency-key': key });
      expect(first.statusCode).toBe(201);
      // The same content with its keys in another order, other letter case and untrimmed text.
      const again = await post(
        customer,
        {
          lines: [
            { quantity: 1, color: ' maroon ', size: 's', productId: catalog.kurta.productId.toUpperCase() },
          ],
        },
        { 'idempotency-key': key },
      );
      expect(again.statusCode).toBe(201);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.json()).toEqual(first.json());
      for (const other of [
        [{ ...lines[0]!, size: 'M' }],
        [{ ...lines[0]!, quantity: 2 }],
        [...lines, { productId: catalog.cotton.productId, quantity: 2 }],
      ]) {
        const changed = await order(customer, other, { 'idempotency-key': key });
        expect(changed.statusCode).toBe(409);
        expect(changed.json<{ error: string }>().error).toBe(
          'This Idempotency-Key was already used with a different request',
        );
      }
      expect(await variantStock('KUR-S-MRN')).toBe(4);
    });
  });
});
