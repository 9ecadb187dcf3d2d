/**
 * Signed-in customers made straight in the database, for tests that need many accounts at once (parallel
 * checkouts, each account limited in the orders it may leave unpaid): a `users` row without a usable password
 * and a live session through the accounts and auth modules' own token functions. One sign-up through the API costs two
 * password hashes; this costs two inserts.
 */
import { hashSessionToken } from '../modules/auth/sessions';
import { generateSessionToken, SESSION_LIFETIME_MS } from '../modules/accounts/service';
import type { Db } from '../db/database';
import { sessions, users } from '../db/schema/user-tables';
import { insertTestShop, type TestShop } from './order-fixture';

/** A customer with the `authorization` header of a live session. */
export type SessionCustomer = { userId: number; email: string; headers: { authorization: string } };

let made = 0;

/** Inserts `count` customers of `storeId`, each signed in. */
export async function insertSignedInCustomers(
  db: Db,
  count: number,
  storeId = 1,
): Promise<SessionCustomer[]> {
  const customers: SessionCustomer[] = [];
  for (let index = 0; index < count; index++) {
    const email = `session-buyer-${process.pid}-${++made}@example.com`;
    const [user] = await db
      .insert(users)
      .values({ storeId, email, firstName: 'Asha', lastName: 'Verma', passwordHash: 'x' })
      .returning({ id: users.id });
    const token = await insertSession(db, storeId, user!.id);
    customers.push({ userId: user!.id, email, headers: { authorization: `Bearer ${token}` } });
  }
  return customers;
}

/** Two shops and signed-in shoppers: Asha and Ravi of `shop`, and one of `otherShop`. */
export type ShoppersOfTwoShops = {
  shop: TestShop;
  otherShop: TestShop;
  asha: SessionCustomer;
  ravi: SessionCustomer;
  otherStoreShopper: SessionCustomer;
};

/**
 * Inserts the shop of `host` (the default store) and a second shop of `otherHost`, two signed-in customers
 * of the first and one of the second: for tests that a shopper's own data is kept per shopper and per store.
 */
export async function insertShoppersOfTwoShops(
  db: Db,
  host: string,
  otherHost: string,
): Promise<ShoppersOfTwoShops> {
  const shop = await insertTestShop(db, { host });
  const otherShop = await insertTestShop(db, { host: otherHost, isDefault: false });
  const [asha, ravi] = await insertSignedInCustomers(db, 2, shop.storeId);
  const [otherStoreShopper] = await insertSignedInCustomers(db, 1, otherShop.storeId);
  return { shop, otherShop, asha: asha!, ravi: ravi!, otherStoreShopper: otherStoreShopper! };
}

/**
 * Opens a live session of `userId` in `storeId` as signing in does (a new token of which only the SHA-256 is
 * stored, valid for the session lifetime), without the password check.
 * @returns the token for `Authorization: Bearer`.
 */
export async function insertSession(db: Db, storeId: number, userId: number): Promise<string> {
  const token = generateSessionToken();
  await db.insert(sessions).values({
    storeId,
    userId,
    tokenHash: hashSessionToken(token),
    expiresAt: new Date(Date.now() + SESSION_LIFETIME_MS),
  });
  return token;
}
