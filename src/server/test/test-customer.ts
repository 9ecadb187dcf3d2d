/** Registers and signs in a customer through the real API, for tests of signed-in routes. */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Db } from '../db/database';
import { users } from '../db/schema/user-tables';

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
 * `POST /users/register` then `POST /users/authorize` for a new customer.
 * @returns the given headers plus `authorization: Bearer <token>`, and the e-mail used.
 */
export async function signUpCustomer(
  app: FastifyInstance,
  options: TestCustomerOptions,
): Promise<{ headers: Record<string, string> & { authorization: string }; email: string }> {
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
  const signedIn = await app.inject({
    method: 'POST',
    url: '/api/v1/users/authorize',
    headers,
    payload: { email, password: TEST_CUSTOMER_PASSWORD },
    remoteAddress: options.remoteAddress,
  });
  expect(signedIn.statusCode).toBe(200);
  return {
    headers: { ...headers, authorization: `Bearer ${signedIn.json<{ token: string }>().token}` },
    email,
  };
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
