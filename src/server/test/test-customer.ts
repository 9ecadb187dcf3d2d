/** Registers a customer through the real API and signs them in, for tests of signed-in routes. */
import { randomUUID } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Db } from '../db/database';
import { users } from '../db/schema/user-tables';
import { insertSession } from './session-customer';

export const TEST_CUSTOMER_PASSWORD = 'Banarasi-silk-1987';

export type TestCustomerOptions = {
  email?: string;
  /** Headers sent with both calls (e.g. `host`, `x-store-host` to pick a store). */
  headers?: Record<string, string>;
  /**
   * The client address of the sign-up and the sign-in: keep it fresh per customer to stay clear of the rate
   * limits (10 sign-ups per address an hour).
   */
  remoteAddress: string;
};

/**
 * `POST /users/register` for a new customer, then a session opened as `POST /users/authorize` opens one
 * (./session-customer.ts). Signing in is proven by the account tests; skipping it here saves each signed-in
 * test an argon2 verification (tens of ms of CPU, more on a busy machine).
 * @returns the given headers plus `authorization: Bearer <token>`, the e-mail used and the new account's id.
 */
export async function signUpCustomer(
  app: FastifyInstance,
  options: TestCustomerOptions,
): Promise<{ headers: Record<string, string> & { authorization: string }; email: string; userId: number }> {
  const email = options.email ?? `buyer-${randomUUID().slice(0, 8)}@example.com`;
  const headers = options.headers ?? {};
  const registered = await app.inject({
    method: 'POST',
    url: '/api/v1/users/register',
    headers,
    payload: { firstName: 'Asha', lastName: 'Verma', email, password: TEST_CUSTOMER_PASSWORD },
    remoteAddress: options.remoteAddress,
  });
  expect(registered.statusCode).toBe(201);
  // The account just made: the newest with its e-mail (the same e-mail may have an account in another store).
  const [account] = await app.db
    .select({ id: users.id, storeId: users.storeId })
    .from(users)
    .where(eq(users.email, registered.json<{ email: string }>().email))
    .orderBy(desc(users.id))
    .limit(1);
  const token = await insertSession(app.db, account!.storeId, account!.id);
  return { headers: { ...headers, authorization: `Bearer ${token}` }, email, userId: account!.id };
}

/**
 * Inserts the customer Asha Verma (`asha@example.com`, no usable password) straight into `users` of
 * `storeId`, for service tests that need an order's owner without going through the API.
 * @returns the user's id.
 */
export async function insertTestCustomer(db: Db, storeId = 1): Promise<number> {
  const [user] = await db
    .insert(users)
    .values({ storeId, email: 'asha@example.com', firstName: 'Asha', lastName: 'Verma', passwordHash: 'x' })
    .returning({ id: users.id });
  return user!.id;
}
