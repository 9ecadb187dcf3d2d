import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADDRESS_BOOK_FULL_MESSAGE } from '@shared/accounts/address-book-schemas';
import { insertShoppersOfTwoShops, type SessionCustomer } from '../../test/session-customer';
import { buildTestApp } from '../../test/test-app';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '../../test/test-database';

const HOST = 'shop.test';
const OTHER_HOST = 'other.test';
const JAIPUR = {
  fullName: 'Asha Verma',
  address: '14 MI Road',
  city: 'Jaipur',
  state: 'rajasthan',
  postalCode: '302001',
  phone: '+91 94140 52368',
};

describe.each(testDatabaseKinds)('the address book API on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let asha: SessionCustomer;
  let ravi: SessionCustomer;
  let otherStoreShopper: SessionCustomer;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });
  beforeEach(async () => {
    await app?.close();
    await database.reset();
    ({ asha, ravi, otherStoreShopper } = await insertShoppersOfTwoShops(database.db, HOST, OTHER_HOST));
    app = await buildTestApp(database);
  });

  const call = (who: SessionCustomer | null, options: InjectOptions, host = HOST) =>
    app.inject({ ...options, headers: { host, ...(who?.headers ?? {}) } });
  const add = (who: SessionCustomer, payload: object, host = HOST) =>
    call(who, { method: 'POST', url: '/api/v1/account/addresses', payload }, host);
  const bookOf = async (who: SessionCustomer, host = HOST) => {
    const answer = await call(who, { method: 'GET', url: '/api/v1/account/addresses' }, host);
    expect(answer.statusCode).toBe(200);
    return answer.json<{ addresses: { id: number; city: string; state: string }[] }>().addresses;
  };

  it('saves an address with its state as the list spells it, not twice, lists oldest first and deletes', async () => {
    expect(await bookOf(asha)).toEqual([]);
    const first = await add(asha, JAIPUR);
    expect(first.statusCode).toBe(201);
    expect(first.headers['cache-control']).toBe('no-store');
    const [saved] = first.json<{ addresses: { id: number }[] }>().addresses;
    expect(saved).toEqual({ id: expect.any(Number), ...JAIPUR, state: 'Rajasthan' });
    const again = await add(asha, { ...JAIPUR, state: 'Rajasthan' });
    expect(again.statusCode).toBe(200);
    expect(again.json().addresses).toHaveLength(1);
    await add(asha, { ...JAIPUR, city: 'Pune', state: 'Maharashtra', postalCode: '411005' });
    expect((await bookOf(asha)).map((entry) => entry.city)).toEqual(['Jaipur', 'Pune']);

    const deleted = await call(asha, { method: 'DELETE', url: `/api/v1/account/addresses/${saved!.id}` });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().addresses.map((entry: { city: string }) => entry.city)).toEqual(['Pune']);
  });

  it('refuses a sixth address with 409 and keeps five', async () => {
    for (let house = 1; house <= 5; house += 1) {
      expect((await add(asha, { ...JAIPUR, address: `${house} MI Road` })).statusCode).toBe(201);
    }
    const sixth = await add(asha, { ...JAIPUR, address: '6 MI Road' });
    expect(sixth.statusCode).toBe(409);
    expect(sixth.json()).toEqual({ error: ADDRESS_BOOK_FULL_MESSAGE });
    expect(ADDRESS_BOOK_FULL_MESSAGE).toBe('You can keep up to 5 addresses. Delete one to save another.');
    expect(await bookOf(asha)).toHaveLength(5);
    // One already in the book is still "saved" (nothing new).
    expect((await add(asha, { ...JAIPUR, address: '5 MI Road' })).statusCode).toBe(200);
  });

  it('refuses an address the checkout would refuse, with the fields named', async () => {
    const bad = await add(asha, { ...JAIPUR, city: '  ', postalCode: '999999', phone: '12345' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual(['city', 'phone', 'postalCode']);
    const noState = await add(asha, { ...JAIPUR, postalCode: '999999' });
    expect(noState.statusCode).toBe(400);
    expect(noState.json().fields).toEqual({ postalCode: 'Enter a valid PIN code' });
    const mismatch = await add(asha, { ...JAIPUR, postalCode: '411005' });
    expect(mismatch.json().fields).toEqual({ postalCode: 'PIN code does not match the state' });
    expect(await bookOf(asha)).toEqual([]);
  });

  it("keeps each account's book to itself, per store; 401 without a session, 404 for another's address", async () => {
    const [saved] = (await add(asha, JAIPUR)).json<{ addresses: { id: number }[] }>().addresses;
    expect(await bookOf(ravi)).toEqual([]);
    expect(await bookOf(otherStoreShopper, OTHER_HOST)).toEqual([]);
    const notRavis = await call(ravi, { method: 'DELETE', url: `/api/v1/account/addresses/${saved!.id}` });
    expect(notRavis.statusCode).toBe(404);
    expect(notRavis.json()).toEqual({ error: 'Address not found' });
    expect(await bookOf(asha)).toHaveLength(1);
    expect((await call(null, { method: 'GET', url: '/api/v1/account/addresses' })).statusCode).toBe(401);
    expect(
      (await call(asha, { method: 'GET', url: '/api/v1/account/addresses' }, OTHER_HOST)).statusCode,
    ).toBe(401);
    const badId = await call(asha, { method: 'DELETE', url: '/api/v1/account/addresses/abc' });
    expect(badId.statusCode).toBe(400);
  });
});
