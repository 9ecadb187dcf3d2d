/**
 * Property test: random order bodies in both forms — catalogue ids in any letter case, garbage and
 * other-store ids, variants by id (their own product's or another's) or by size and colour in any case,
 * quantities of every kind (pieces and metres), extra fields, random addresses — never get a 5xx, and every
 * 201 stores lines priced from the catalogue (variant's discounted, variant's regular, product's discounted,
 * product's regular price), line totals of round(unit price × quantity) in paise, quantities the product's
 * unit allows, and a total equal to their sum.
 */
import type { FastifyInstance } from 'fastify';
import { eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { isAllowedQuantity, lineTotalPaise } from '@shared/catalog/unit-of-measure';
import { INDIAN_STATES } from '@shared/gst/indian-states';
import { productVariants, products } from '../../db/schema/catalog-tables';
import { orderLines, orders } from '../../db/schema/order-tables';
import { fixtureCatalog } from '../../test/catalog-fixture';
import { testConfig } from '../../test/test-app';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '../../test/test-database';
import { insertVariantCatalog } from '../../test/variant-fixture';
import { seedCatalog } from '../../test/seed-catalog';

const PASSWORD = 'Banarasi-silk-1987';
/** A well-formed id that is no variant. */
const randomishUuid = '00000000-0000-4000-8000-000000000000';

describe.each(testDatabaseKinds)('POST /orders with random bodies on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let authorization: string;
  /** Unit price in paise (discounted else regular) by product id, default store. */
  const unitPrice = new Map<string, number>();
  /** Unit price in paise of each variant (its own, else its product's) and its product, default store. */
  const variantPrice = new Map<string, { productId: string; price: number }>();
  /** The quantity rule of each product of the default store. */
  const rules = new Map<string, { unit: 'piece' | 'm'; minQuantity: number; quantityStep: number }>();
  /** The variants of each product with variants: ids and options. */
  const variantsOf = new Map<string, { id: string; size: string | null; color: string | null }[]>();
  let otherStoreId: string;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    await seedCatalog(database.db, fixtureCatalog());
    const second = fixtureCatalog();
    second.products = second.products.slice(-1);
    await seedCatalog(database.db, second, { host: 'second.example' });
    await insertVariantCatalog(database.db);
    // Plenty of stock: this test is about prices and refusals, not about running out.
    await database.db.update(productVariants).set({ stock: 100_000 });
    await database.db.update(products).set({ stock: 100_000 }).where(eq(products.sku, 'COT-MUL'));
    for (const row of await database.db.select().from(products)) {
      if (row.storeId === 1) {
        unitPrice.set(row.id, row.discountedPricePaise ?? row.regularPricePaise);
        rules.set(row.id, {
          unit: row.unit === 'm' ? 'm' : 'piece',
          minQuantity: row.minQuantity,
          quantityStep: row.quantityStep,
        });
      } else otherStoreId = row.id;
    }
    for (const row of await database.db.select().from(productVariants)) {
      variantPrice.set(row.id, {
        productId: row.productId,
        price: row.discountedPricePaise ?? row.regularPricePaise ?? unitPrice.get(row.productId)!,
      });
      variantsOf.set(row.productId, [
        ...(variantsOf.get(row.productId) ?? []),
        { id: row.id, size: row.size, color: row.color },
      ]);
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
    const catalogueIds = [...unitPrice.keys()].filter((id) => !variantsOf.has(id));
    const allProductIds = [...unitPrice.keys()];
    const variantIds = [...variantPrice.keys()];
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
    // A state or union territory (in any letter case) and a PIN code of its India Post ranges.
    const stateAndPin = fc.constantFrom(...INDIAN_STATES).chain((entry) =>
      fc.record({
        state: fc.constantFrom(entry.name, entry.name.toLowerCase(), ` ${entry.name.toUpperCase()} `),
        postalCode: fc
          .constantFrom(...entry.pinPrefixes)
          .chain(([from, to]) =>
            fc.tuple(fc.integer({ min: from, max: to }), fc.integer({ min: 0, max: 999 })),
          )
          .map(([prefix, rest]) => `${prefix}${String(rest).padStart(3, '0')}`),
      }),
    );
    const validAddress = fc
      .tuple(
        fc.record({
          fullName: nonBlank(100),
          address: nonBlank(300),
          city: nonBlank(80),
          phone: fc
            .tuple(fc.constantFrom('+91 ', '+91', '0', '', '91-'), fc.stringMatching(/^[6-9][0-9]{9}$/))
            .map(([prefix, digits]) => prefix + digits),
          price: fc.double(),
        }),
        stateAndPin,
      )
      .map(([address, place]) => ({ ...address, ...place }));
    const validBody = fc.record({
      products: fc.dictionary(
        fc.constantFrom(...catalogueIds).chain((id) => fc.constantFrom(id, id.toUpperCase())),
        fc.integer({ min: 1, max: 10 }),
        { minKeys: 1, maxKeys: 6 },
      ),
      shippingAddress: validAddress,
      price: fc.double(),
      total: fc.integer(),
      discount: fc.anything(),
    });
    const someCase = (text: string) =>
      fc.constantFrom(text, text.toLowerCase(), text.toUpperCase(), ` ${text} `);
    const option = (values: (string | null)[]) =>
      fc.oneof(
        {
          weight: 6,
          arbitrary: fc.constantFrom(...values.filter((v): v is string => v !== null)).chain(someCase),
        },
        { weight: 1, arbitrary: fc.constant(undefined) },
        { weight: 1, arbitrary: fc.string({ maxLength: 8 }) },
      );
    const lineQuantity = fc.oneof(
      { weight: 4, arbitrary: fc.integer({ min: 1, max: 10 }) },
      { weight: 4, arbitrary: fc.integer({ min: 2, max: 20 }).map((halves) => halves / 2) },
      { weight: 1, arbitrary: fc.integer({ min: 8, max: 40 }).map((quarters) => quarters / 4) },
      { weight: 1, arbitrary: fc.double({ min: -5, max: 120, noNaN: true }) },
      { weight: 1, arbitrary: fc.constantFrom(0, 100, 100.5, 1e-9, '2', null) },
    );
    /** A line that can be ordered: the variant by id or by its options in any case, a quantity its unit allows. */
    const orderableLine = fc
      .oneof(fc.constantFrom(...variantsOf.keys(), ...rules.keys()), fc.constantFrom(...variantsOf.keys()))
      .chain((productId) => {
        const variants = variantsOf.get(productId) ?? [];
        const rule = rules.get(productId)!;
        const quantity =
          rule.unit === 'm'
            ? fc.integer({ min: 0, max: 8 }).map((steps) => rule.minQuantity + steps * rule.quantityStep)
            : fc.integer({ min: 1, max: 3 });
        const choice =
          variants.length === 0
            ? fc.constant({})
            : fc.constantFrom(...variants).chain((variant) =>
                fc.oneof(
                  fc.constant({ variantId: variant.id }),
                  fc.record({
                    size: variant.size ? someCase(variant.size) : fc.constant(undefined),
                    color: variant.color ? someCase(variant.color) : fc.constant(undefined),
                  }),
                ),
              );
        return fc
          .tuple(someCase(productId), choice, quantity)
          .map(([id, chosen, count]) => ({ productId: id, ...chosen, quantity: count }));
      });
    const anyLine = fc.constantFrom(...allProductIds).chain((productId) => {
      const variants = variantsOf.get(productId) ?? [];
      const sizes = variants.map((v) => v.size);
      const colors = variants.map((v) => v.color);
      return fc.record(
        {
          productId: fc.oneof(
            { weight: 8, arbitrary: someCase(productId) },
            { weight: 1, arbitrary: fc.uuid() },
            { weight: 1, arbitrary: fc.constant(otherStoreId) },
          ),
          variantId: fc.oneof(
            {
              weight: 4,
              arbitrary:
                variants.length > 0 ? fc.constantFrom(...variants.map((v) => v.id)) : fc.constant(undefined),
            },
            { weight: 1, arbitrary: fc.constantFrom(...variantIds) },
            { weight: 1, arbitrary: fc.constantFrom('nope', '', randomishUuid) },
          ),
          size: sizes.some(Boolean) ? option(sizes) : fc.constant(undefined),
          color: colors.some(Boolean) ? option(colors) : fc.constant(undefined),
          quantity: lineQuantity,
          price: fc.double(),
        },
        { requiredKeys: ['productId', 'quantity'] },
      );
    });
    const requestLine = fc.oneof({ weight: 5, arbitrary: orderableLine }, { weight: 1, arbitrary: anyLine });
    const linesBody = fc.record(
      {
        lines: fc.oneof(
          { weight: 8, arbitrary: fc.array(requestLine, { minLength: 1, maxLength: 4 }) },
          { weight: 1, arbitrary: fc.anything() },
        ),
        shippingAddress: fc.oneof(
          { weight: 8, arbitrary: validAddress },
          { weight: 1, arbitrary: shippingAddress },
        ),
        total: fc.integer(),
      },
      { requiredKeys: ['lines'] },
    );
    const anyBody = fc.oneof(
      { weight: 1, arbitrary: validBody },
      { weight: 1, arbitrary: body },
      { weight: 2, arbitrary: linesBody },
    );

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
        // The shop cancels it, so the account's limit of unpaid orders stays out of the way.
        await database.db.update(orders).set({ status: 4 }).where(eq(orders.id, order!.id));
        const lines = await database.db.select().from(orderLines).where(eq(orderLines.orderId, order!.id));
        const sent = payload as { products?: Record<string, number>; lines?: unknown[] };
        expect(lines).toHaveLength(sent.lines ? sent.lines.length : Object.keys(sent.products!).length);
        if (sent.products) {
          const expected = Object.entries(sent.products).reduce(
            (sum, [productId, count]) => sum + unitPrice.get(productId.trim().toLowerCase())! * count,
            0,
          );
          expect(order!.totalPaise).toBe(expected);
        }
        for (const line of lines) {
          const product = line.productId!;
          if (line.variantId) {
            expect(variantPrice.get(line.variantId)).toEqual({
              productId: product,
              price: line.unitPricePaise,
            });
          } else {
            expect(variantsOf.has(product)).toBe(false);
            expect(line.unitPricePaise).toBe(unitPrice.get(product));
          }
          expect(isAllowedQuantity(rules.get(product)!, line.quantity)).toBe(true);
          expect(line.unit).toBe(rules.get(product)!.unit);
          expect(line.lineTotalPaise).toBe(lineTotalPaise(line.unitPricePaise, line.quantity));
        }
        const sum = lines.reduce((total, line) => total + line.lineTotalPaise, 0);
        expect(order!.subtotalPaise).toBe(sum);
        expect(order!.totalPaise).toBe(sum);
        const keys = lines.map((line) => line.variantId ?? line.productId);
        expect(new Set(keys).size).toBe(keys.length);
      }),
      { numRuns: 80 },
    );
    const variantLines = await database.db
      .select({ id: orderLines.id })
      .from(orderLines)
      .where(inArray(orderLines.variantId, variantIds));
    // The generators are tuned so a good share of the bodies are valid orders, variant lines among them.
    expect(created).toBeGreaterThan(0);
    expect(variantLines.length).toBeGreaterThan(0);
  });
});
