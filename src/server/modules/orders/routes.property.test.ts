/**
 * Property test: random order bodies — catalogue ids in any letter case, garbage and other-store
 * ids, quantities of every kind, extra fields, random addresses — never get a 5xx, and every 201 stores a
 * total equal to the catalogue sum in paise (discounted else regular price).
 */
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { products } from '../../db/schema/catalog-tables';
import { orderLines, orders } from '../../db/schema/order-tables';
import { fixtureCatalog } from '../../test/catalog-fixture';
import { testConfig } from '../../test/test-app';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '../../test/test-database';
import { catalogImportFileSchema } from '../catalog/import-schema';
import { importCatalog } from '../catalog/import-service';

const PASSWORD = 'Banarasi-silk-1987';

describe.each(testDatabaseKinds)('POST /orders with random bodies on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let authorization: string;
  /** Unit price in paise (discounted else regular) by product id, default store. */
  const unitPrice = new Map<string, number>();
  let otherStoreId: string;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    await importCatalog(database.db, catalogImportFileSchema.parse(fixtureCatalog()));
    const second = fixtureCatalog();
    second.products = second.products.slice(-1);
    await importCatalog(database.db, catalogImportFileSchema.parse(second), { host: 'second.example' });
    for (const row of await database.db.select().from(products)) {
      if (row.storeId === 1) unitPrice.set(row.id, row.discountedPricePaise ?? row.regularPricePaise);
      else otherStoreId = row.id;
    }
    const transport = nodemailer.createTransport({ jsonTransport: true });
    app = await buildApp({ ...testConfig }, { database, logger: false, mailer: transport });
    const email = 'property@example.com';
    await app.inject({
      method: 'POST',
      url: '/api/v1/users/register',
      payload: { firstName: 'Asha', lastName: 'Verma', email, password: PASSWORD },
    });
    const signedIn = await app.inject({
      method: 'POST',
      url: '/api/v1/users/authorize',
      payload: { email, password: PASSWORD },
    });
    authorization = `Bearer ${signedIn.json<{ token: string }>().token}`;
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('never answers 5xx, and a created order totals the catalogue prices', async () => {
    const catalogueIds = [...unitPrice.keys()];
    const productKey = fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom(...catalogueIds) },
      { weight: 1, arbitrary: fc.constantFrom(...catalogueIds).map((id) => id.toUpperCase()) },
      { weight: 1, arbitrary: fc.constantFrom(...catalogueIds).map((id) => ` ${id} `) },
      { weight: 1, arbitrary: fc.uuid() },
      { weight: 1, arbitrary: fc.constant(otherStoreId) },
      { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
      {
        weight: 1,
        arbitrary: fc.constantFrom('', 'null', "'; DROP TABLE orders; --", 'constructor', '\u0000'),
      },
    );
    const quantity = fc.oneof(
      { weight: 8, arbitrary: fc.integer({ min: 1, max: 10 }) },
      { weight: 1, arbitrary: fc.integer({ min: -1000, max: 1000 }) },
      { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
      { weight: 1, arbitrary: fc.constantFrom(1e308, -0, 2 ** 53, 1.5, '2', null, true, [], {}) },
    );
    const text = (valid: string) =>
      fc.oneof(
        { weight: 6, arbitrary: fc.constant(valid) },
        { weight: 1, arbitrary: fc.string({ maxLength: 120 }) },
        { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
        { weight: 1, arbitrary: fc.constantFrom('', '   ', '\u0000', 'x'.repeat(400), null, 5) },
      );
    const shippingAddress = fc.record(
      {
        fullName: text('Asha Verma'),
        address: text('14 Assi Ghat Road'),
        city: text('Varanasi'),
        state: text('Uttar Pradesh'),
        postalCode: fc.oneof(
          { weight: 5, arbitrary: fc.constant('221005') },
          { weight: 1, arbitrary: fc.stringMatching(/^[0-9]{5,7}$/) },
          { weight: 1, arbitrary: fc.string({ maxLength: 8 }) },
        ),
        phone: fc.oneof(
          { weight: 5, arbitrary: fc.constantFrom('+91 98390 41736', '09839041736', '7007123456') },
          { weight: 1, arbitrary: fc.stringMatching(/^\+?[0-9 ]{8,15}$/) },
          { weight: 1, arbitrary: fc.string({ maxLength: 20 }) },
        ),
        price: fc.double(),
        extra: fc.anything(),
      },
      { requiredKeys: ['fullName', 'address', 'city', 'state', 'postalCode', 'phone'] },
    );
    const body = fc.record(
      {
        products: fc.oneof(
          { weight: 8, arbitrary: fc.dictionary(productKey, quantity, { minKeys: 0, maxKeys: 8 }) },
          { weight: 1, arbitrary: fc.dictionary(fc.uuid(), fc.constant(1), { minKeys: 45, maxKeys: 60 }) },
          { weight: 1, arbitrary: fc.anything() },
        ),
        shippingAddress: fc.oneof(
          { weight: 8, arbitrary: shippingAddress },
          { weight: 1, arbitrary: fc.anything() },
        ),
        price: fc.double(),
        total: fc.integer(),
        items: fc.anything(),
      },
      { requiredKeys: [] },
    );

    // Valid orders with random lines, random (valid) addresses and random extra fields.
    // eslint-disable-next-line no-control-regex -- valid addresses hold no control characters.
    const blank = (value: string) => value.trim() === '' || /[\u0000-\u001f\u007f]/.test(value);
    const nonBlank = (max: number) =>
      fc
        .string({ minLength: 1, maxLength: max })
        .filter((value) => !blank(value) && value.trim().length <= max);
    const validBody = fc.record({
      products: fc.dictionary(
        fc.constantFrom(...catalogueIds).chain((id) => fc.constantFrom(id, id.toUpperCase())),
        fc.integer({ min: 1, max: 10 }),
        { minKeys: 1, maxKeys: 6 },
      ),
      shippingAddress: fc.record({
        fullName: nonBlank(100),
        address: nonBlank(300),
        city: nonBlank(80),
        state: nonBlank(80),
        postalCode: fc.stringMatching(/^[1-9][0-9]{5}$/),
        phone: fc
          .tuple(fc.constantFrom('+91 ', '+91', '0', '', '91-'), fc.stringMatching(/^[6-9][0-9]{9}$/))
          .map(([prefix, digits]) => prefix + digits),
        price: fc.double(),
      }),
      price: fc.double(),
      total: fc.integer(),
      discount: fc.anything(),
    });
    const anyBody = fc.oneof({ weight: 1, arbitrary: validBody }, { weight: 1, arbitrary: body });

    let created = 0;
    await fc.assert(
      fc.asyncProperty(anyBody, fc.option(fc.uuid(), { nil: undefined }), async (payload, key) => {
        const response = await app.inject({
          method: 'POST',
          url: '/api/v1/orders',
          headers: { authorization, ...(key ? { 'idempotency-key': key } : {}) },
          payload: payload as object,
        });
        expect(response.statusCode, response.body).toBeLessThan(500);
        expect([201, 400, 409]).toContain(response.statusCode);
        if (response.statusCode !== 201) {
          expect(response.json<{ error: string }>().error).toEqual(expect.any(String));
          return;
        }
        created++;
        const id = response.json<{ id: string }>().id;
        const [order] = await database.db.select().from(orders).where(eq(orders.orderNumber, id));
        const lines = await database.db.select().from(orderLines).where(eq(orderLines.orderId, order!.id));
        const sent = (payload as { products: Record<string, number> }).products;
        const expected = Object.entries(sent).reduce(
          (sum, [productId, count]) => sum + unitPrice.get(productId.trim().toLowerCase())! * count,
          0,
        );
        expect(order!.totalPaise).toBe(expected);
        expect(order!.subtotalPaise).toBe(expected);
        expect(lines.reduce((sum, line) => sum + line.lineTotalPaise, 0)).toBe(expected);
        for (const line of lines) expect(line.unitPricePaise).toBe(unitPrice.get(line.productId!));
      }),
      { numRuns: 60 },
    );
    // The generators are tuned so a good share of the bodies are valid orders.
    expect(created).toBeGreaterThan(0);
  });
});
