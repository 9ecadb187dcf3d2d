/**
 * 'Returnable' in the admin's product editor (docs/returns.md "Settings", docs/admin.md "Product"): the editor
 * loads the effective value (its own setting, else by its unit: fabric sold by the metre is not returnable),
 * saves the box explicitly, audits the change, and the storefront's product answer carries it.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { products } from '../../db/schema/catalog-tables';
import { insertSignedInMember, type SessionMember } from '../../test/admin-member';
import { insertTestShop, type TestShop } from '../../test/order-fixture';
import { editorRequest, kurtaBody } from '../../test/product-editor-fixture';
import { buildTestApp } from '../../test/test-app';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '../../test/test-database';

/** A fabric sold by the metre, without variants; `returnable` only when given. */
function fabricBody(returnable?: boolean) {
  const { sizes: _sizes, colors: _colors, variants: _variants, ...kurta } = kurtaBody('ADM-FAB-1');
  return {
    ...kurta,
    title: 'Ajrakh Cotton Fabric',
    category: 'Unstitched Fabrics',
    parentCategory: null,
    regularPrice: 420,
    unit: 'm',
    minQuantity: 1,
    quantityStep: 0.5,
    stock: 30,
    attributes: [],
    sizes: [],
    colors: [],
    variants: [],
    ...(returnable === undefined ? {} : { returnable }),
  };
}

describe.each(testDatabaseKinds)('Returnable in the product editor on %s', (kind) => {
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
  const storefront = async (id: string) =>
    (await app.inject({ method: 'GET', url: `/api/v1/products/${id}` })).json();
  const stored = async (id: string) =>
    (
      await database.db.select({ returnable: products.returnable }).from(products).where(eq(products.id, id))
    )[0]!.returnable;

  it('loads the default by unit when the product has no setting of its own', async () => {
    const kurta = await send('POST', '/products', kurtaBody());
    const fabric = await send('POST', '/products', fabricBody());
    expect(kurta.body.values.returnable).toBe(true);
    expect(fabric.body.values.returnable).toBe(false);
    expect(await storefront(kurta.body.id)).toMatchObject({ returnable: true });
    expect(await storefront(fabric.body.id)).toMatchObject({ returnable: false });
    expect(await stored(fabric.body.id)).toBeNull();
  });

  it('saves the box explicitly, shows it on the storefront at once and audits it', async () => {
    const { id } = (await send('POST', '/products', fabricBody())).body;
    expect((await storefront(id)).returnable).toBe(false); // now in the cache
    const saved = await send('PUT', `/products/${id}`, fabricBody(true));
    expect(saved.status).toBe(200);
    expect(saved.body.values.returnable).toBe(true);
    expect(await stored(id)).toBe(true);
    expect((await storefront(id)).returnable).toBe(true);
    expect(saved.body.history.at(-1)).toMatchObject({
      action: 'update',
      before: { returnable: false },
      after: { returnable: true },
    });

    const kurta = (await send('POST', '/products', kurtaBody())).body;
    const cleared = await send('PUT', `/products/${kurta.id}`, {
      ...kurtaBody(),
      returnable: false,
      variants: kurta.values.variants,
    });
    expect(cleared.status).toBe(200);
    expect(cleared.body.values.returnable).toBe(false);
    expect((await storefront(kurta.id)).returnable).toBe(false);
  });

  it('answers 400 for a value that is not true or false', async () => {
    const response = await send('POST', '/products', { ...fabricBody(), returnable: 'yes' });
    expect(response.status).toBe(400);
    expect(response.body.fields).toEqual({ returnable: 'must be true or false' });
  });
});
