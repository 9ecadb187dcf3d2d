/**
 * The admin's product editor through `app.inject()`: create and update with the variant matrix, the
 * catalogue file's rules and messages on a bad body, SKU clashes, access (401, 403, 404 for another store's
 * product), and the storefront showing a save at once.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditChangeLines } from '@shared/admin/change-text';
import { insertSignedInMember, type SessionMember } from '../../test/admin-member';
import { insertTestShop, type TestShop } from '../../test/order-fixture';
import { editorRequest, kurtaBody } from '../../test/product-editor-fixture';
import { insertSignedInCustomers } from '../../test/session-customer';
import { buildTestApp } from '../../test/test-app';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '../../test/test-database';

describe.each(testDatabaseKinds)('admin product editor on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let shop: TestShop;
  let staff: SessionMember;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    app = await buildTestApp(database);
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });
  beforeEach(async () => {
    await database.reset();
    shop = await insertTestShop(database.db);
    staff = await insertSignedInMember(database.db, shop.storeId, 'staff');
  });

  const send = (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) =>
    editorRequest(app, staff.headers, method, url, body);
  const storefront = async (url: string) => {
    const response = await app.inject({ method: 'GET', url: `/api/v1${url}` });
    return { status: response.statusCode, body: response.json() };
  };

  it('creates a kurta with 6 variants that the storefront sells at once', async () => {
    const created = await send('POST', '/products', kurtaBody());
    expect(created.status).toBe(201);
    const { id, values } = created.body;
    expect(values).toMatchObject({
      sku: 'ADM-KUR-1',
      category: 'Men',
      parentCategory: 'Kurtas',
      regularPrice: 1499,
      hsn: '6211',
      sizes: ['S', 'M', 'L'],
      colors: ['Indigo', 'Rust'],
      attributes: [{ key: 'fabric', value: ['Cotton'], metricUnit: null }],
      imgUrl: '/media/demo/kurta.svg',
    });
    expect(values.variants.map((variant) => `${variant.size}/${variant.color}/${variant.stock}`)).toEqual([
      'S/Indigo/5',
      'S/Rust/5',
      'M/Indigo/5',
      'M/Rust/5',
      'L/Indigo/5',
      'L/Rust/5',
    ]);
    expect(created.body.categories).toContain('Men');
    expect(created.body.history).toMatchObject([{ actor: staff.email, action: 'create', before: null }]);

    const page = await storefront(`/products/${id}`);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ title: 'Indigo Handblock Kurta', regularPrice: 1499, available: true });
    expect(page.body.variants).toHaveLength(6);
    const list = await storefront('/products?category=Men');
    expect(list.body.data.map((product: { id: string }) => product.id)).toEqual([id]);
    const search = await storefront('/products?q=handblock');
    expect(search.body.data.map((product: { id: string }) => product.id)).toEqual([id]);
  });

  it('updates in place: new price on the storefront, variants keep their ids, a sale is not put back', async () => {
    const { id, values } = (await send('POST', '/products', kurtaBody())).body;
    expect((await storefront(`/products/${id}`)).body.regularPrice).toBe(1499); // now in the cache
    const [first, second] = values.variants;
    // A sale while the form is open: 5 → 3 of the first variant.
    await database.db.execute(`UPDATE product_variants SET stock = 3 WHERE id = '${first!.id}'`);
    const body = {
      ...kurtaBody(),
      regularPrice: 1299,
      sizes: ['S', 'M'],
      variants: values.variants
        .filter((variant) => variant.size !== 'L')
        .map((variant) => ({
          ...variant,
          stockAsLoaded: variant.stock,
          stock: variant.id === second!.id ? 9 : variant.stock,
          regularPrice: variant.id === second!.id ? 1399 : null,
        })),
    };
    const saved = await send('PUT', `/products/${id}`, body);
    expect(saved.status).toBe(200);
    expect(saved.body.values.variants.map((variant) => [variant.id, variant.stock])).toEqual([
      [first!.id, 3],
      [second!.id, 9],
      ...values.variants.slice(2, 4).map((variant) => [variant.id, 5]),
    ]);
    const page = await storefront(`/products/${id}`);
    expect(page.body.regularPrice).toBe(1299);
    expect(page.body.variants.map((variant: { price: number }) => variant.price)).toEqual([
      1299, 1399, 1299, 1299,
    ]);
    expect(page.body.attributes[0]).toMatchObject({ key: 'size', value: ['S', 'M'] });

    const history = saved.body.history.at(-1)!;
    expect(history).toMatchObject({ actor: staff.email, action: 'update' });
    expect(history.before).toMatchObject({ regularPrice: 1499, sizes: ['S', 'M', 'L'] });
    expect(history.after).toMatchObject({ regularPrice: 1299, sizes: ['S', 'M'] });
    expect((history.after!.variants as { sku: string }[]).map((variant) => variant.sku)).toEqual([
      'ADM-KUR-1-S-RUS',
    ]);
    expect((history.before!.variants as unknown[]).length).toBe(3); // the changed row and the two removed
    // The admin's words for that entry: prices in ₹, one line per changed field and variant.
    expect(auditChangeLines(history.before, history.after)).toEqual(
      expect.arrayContaining([
        'Price changed from ₹1,499 to ₹1,299',
        'Sizes changed from S, M, L to S, M',
        'ADM-KUR-1-S-RUS: Stock changed from 5 to 9',
        'ADM-KUR-1-S-RUS: Price set to ₹1,399',
        'Variant ADM-KUR-1-L-IND removed',
      ]),
    );
  });

  it('records no history entry for a save that changes nothing', async () => {
    const created = (await send('POST', '/products', kurtaBody())).body;
    const body = {
      ...kurtaBody(),
      variants: created.values.variants.map((variant: { stock: number | null }) => ({
        ...variant,
        stockAsLoaded: variant.stock,
      })),
    };
    const saved = await send('PUT', `/products/${created.id}`, body);
    expect(saved.status).toBe(200);
    expect(saved.body.history.map((entry: { action: string }) => entry.action)).toEqual(['create']);
  });

  it('refuses a bad body with 400 and the catalogue file messages', async () => {
    const body = kurtaBody();
    const bad = {
      ...body,
      title: ' ',
      regularPrice: 10.005,
      discountedPrice: 20,
      stock: 4,
      minQuantity: 2,
      sizes: ['S', 'M', 'L', 's'],
      attributes: [{ key: 'Colours', value: ['Red'], metricUnit: null }],
      variants: [
        { ...body.variants[0], sku: 'bad sku' },
        { ...body.variants[1], size: 'XXL' },
        { ...body.variants[2], sku: 'ADM-KUR-1', stock: 1.5 },
        { ...body.variants[3], size: 'S', color: 'Indigo' },
        { ...body.variants[4], regularPrice: 100, discountedPrice: 120 },
      ],
    };
    const { status, body: answer } = await send('POST', '/products', bad);
    expect(status).toBe(400);
    expect(answer.error).toBe(
      'Invalid fields: title, regularPrice, variants.0.sku, attributes.0.key, sizes.3, discountedPrice, ' +
        'minQuantity, variants.2.stock, stock, variants.1.size, variants.3, variants.4.discountedPrice, ' +
        'variants.2.sku',
    );
    expect(answer.fields).toEqual({
      title: 'must not be empty',
      regularPrice: 'must have at most 2 decimals',
      'variants.0.sku': 'must be letters, digits, dot, dash or underscore',
      'attributes.0.key': 'sizes and colours are set under Size and Colour',
      'sizes.3': 'repeats "s"',
      discountedPrice: 'Sale price must be below the regular price',
      minQuantity: 'must be 1 for a product sold by the piece',
      'variants.2.stock': 'must be a whole number',
      stock: 'must not be given for a product with variants; stock is kept per variant',
      'variants.1.size': `"XXL" is not one of the product's sizes`,
      'variants.3': 'repeats the size and colour of variants[0] (S / Indigo)',
      'variants.4.discountedPrice': 'Sale price must be below the regular price',
      'variants.2.sku': 'duplicates the sku of the product',
    });
    expect((await send('PUT', `/products/${shop.saree}`, { title: 'x' })).status).toBe(400);
  });

  it('refuses a new variant without stock instead of selling it without limit; 0 and null stay possible', async () => {
    const body = kurtaBody();
    const { stock: _dropped, ...withoutStock } = body.variants[0]!;
    const refused = await send('POST', '/products', {
      ...body,
      variants: [withoutStock, ...body.variants.slice(1)],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.fields).toEqual({
      'variants.0.stock':
        'must be given for a new variant: a number (0 when none are in stock), or null when not tracked',
    });

    const created = await send('POST', '/products', body); // 201, not 409: the refused body wrote nothing
    expect(created.status).toBe(201);
    const { id, values } = created.body;
    const kept = values.variants.map((variant) => ({ ...variant, stockAsLoaded: variant.stock }));
    const mustard = (extra: object) => ({ sku: 'ADM-KUR-1-M-MUS', size: 'M', color: 'Mustard', ...extra });
    const put = (rows: object[]) =>
      send('PUT', `/products/${id}`, { ...body, colors: [...body.colors, 'Mustard'], variants: rows });
    const missing = await put([...kept, mustard({})]);
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body.fields ?? {})).toEqual(['variants.6.stock']);

    const atZero = await put([...kept, mustard({ stock: 0 })]);
    expect(atZero.status).toBe(200);
    const page = await storefront(`/products/${id}`);
    const sold = page.body.variants.find((variant: { color: string }) => variant.color === 'Mustard');
    expect(sold).toMatchObject({ size: 'M', available: false });

    const saved = atZero.body.values.variants.map((variant) => ({
      ...variant,
      stockAsLoaded: variant.stock,
    }));
    const untracked = await put(
      saved.map((variant) => (variant.color === 'Mustard' ? { ...variant, stock: null } : variant)),
    );
    expect(untracked.status).toBe(200);
    expect(untracked.body.values.variants.find((variant) => variant.color === 'Mustard')?.stock).toBeNull();
  });

  it('refuses SKUs of other products and their variants with 409 naming the field', async () => {
    const body = kurtaBody(`SAR-${shop.storeId}`.toLowerCase());
    body.variants[1]!.sku = `KUR-${shop.storeId}-M`;
    const { status, body: answer } = await send('POST', '/products', body);
    expect(status).toBe(409);
    expect(answer.error).toBe('A SKU is already used by another product');
    expect(answer.fields).toEqual({
      sku: `is already used by "Katan Silk Saree" (SAR-${shop.storeId})`,
      'variants.1.sku': `is already used by "Cotton Kurta" (KUR-${shop.storeId})`,
    });
    const { values } = (await send('GET', `/products/${shop.kurta}`)).body;
    const own = await send('PUT', `/products/${shop.kurta}`, { ...values, variants: values.variants });
    expect(own.status).toBe(200); // its own SKUs are no clash
    const foreign = await send('PUT', `/products/${shop.dupatta}`, {
      ...values,
      sku: 'DUP-NEW',
      variants: values.variants.map((variant) => ({ ...variant, sku: `${variant.sku}-X` })),
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.fields).toEqual({
      'variants.0.id': 'is not a variant of this product',
      'variants.1.id': 'is not a variant of this product',
    });
  });

  it('answers 401 without a session, 403 to a customer and 404 for another store or an unknown id', async () => {
    const url = `/api/v1/admin/products/${shop.saree}`;
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const [customer] = await insertSignedInCustomers(database.db, 1, shop.storeId);
    const asCustomer = await editorRequest(
      app,
      customer!.headers,
      'PUT',
      `/products/${shop.saree}`,
      kurtaBody(),
    );
    expect(asCustomer.status).toBe(403);
    expect((await editorRequest(app, customer!.headers, 'POST', '/products', kurtaBody())).status).toBe(403);

    const other = await insertTestShop(database.db, { host: 'other.example', isDefault: false });
    for (const [method, path, body] of [
      ['GET', `/products/${other.saree}`, undefined],
      ['PUT', `/products/${other.saree}`, kurtaBody()],
      ['POST', `/products/${other.saree}/archive`, undefined],
      ['GET', '/products/not-a-uuid', undefined],
      ['GET', '/products/00000000-0000-4000-8000-000000000000', undefined],
    ] as const) {
      const answer = await send(method, path, body);
      expect(answer.status, `${method} ${path}`).toBe(404);
      expect(answer.body.error).toBe('Product not found');
    }
  });
});
