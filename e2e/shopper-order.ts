/**
 * A shopper's order placed through the API, for the browser tests of the owner's side and of what follows an
 * order (returns, refunds): a new account signs in and orders to a Lucknow address — one piece of the first
 * plain product (sold by the piece, no variants, available), or the lines a test names — and the owner moves
 * it along (paid by UPI, shipped, delivered).
 */
import { spawnSync } from 'node:child_process';
import { createHmac, randomInt } from 'node:crypto';
import { join } from 'node:path';
import { expect } from 'vitest';
import { apiCall, type ApiProduct } from './helpers';

/** The password of every shopper these tests register. */
export const SHOPPER_PASSWORD = 'Zari-weave-2719';

/** The shipping address of every shopper's order these tests place. */
export const SHOPPER_ADDRESS = {
  fullName: 'Meera Iyer',
  address: '14 Chowk Bazaar, Aminabad',
  city: 'Lucknow',
  state: 'Uttar Pradesh',
  postalCode: '226018',
  phone: '+91 98390 41736',
};

/**
 * Registers Meera Iyer as `<emailPrefix>.<time>.<n>@example.com` on the server at `origin` and signs her in.
 * Fails the test unless the account is created.
 */
export async function registerShopper(
  origin: string,
  emailPrefix: string,
): Promise<{ email: string; token: string }> {
  const email = `${emailPrefix}.${Date.now()}.${randomInt(1e6)}@example.com`;
  const registered = await apiCall(
    'POST',
    '/users/register',
    { firstName: 'Meera', lastName: 'Iyer', email, password: SHOPPER_PASSWORD },
    undefined,
    origin,
  );
  expect(registered.status).toBe(201);
  const { body } = await apiCall<{ token: string }>(
    'POST',
    '/users/authorize',
    { email, password: SHOPPER_PASSWORD },
    undefined,
    origin,
  );
  return { email, token: body.token };
}

/**
 * The first of `products` sold by the piece, without variants and available, on the server at `origin`.
 * Fails the test when there is none.
 */
export async function firstPlainProduct<P extends { id: string }>(origin: string, products: P[]): Promise<P> {
  for (const item of products) {
    const detail = await apiCall<{ unit: string; variants: unknown[]; available: boolean }>(
      'GET',
      `/products/${item.id}`,
      undefined,
      undefined,
      origin,
    );
    if (detail.body.unit === 'piece' && detail.body.variants.length === 0 && detail.body.available)
      return item;
  }
  expect.fail('no plain product (by the piece, no variants, available)');
}

/**
 * Places the order `items` (`{ lines: [...] }` or `{ products: { id: quantity } }`) of the shopper signed in with
 * `token` to {@link SHOPPER_ADDRESS} on the server at `origin`. Fails the test unless it is created; answers
 * its order number.
 */
export async function placeOrderAs(origin: string, token: string, items: object): Promise<string> {
  const created = await apiCall<{ id: string }>(
    'POST',
    '/orders',
    { ...items, shippingAddress: SHOPPER_ADDRESS },
    token,
    origin,
  );
  expect(created.status).toBe(201);
  return created.body.id;
}

/**
 * Registers `<emailPrefix>.<time>.<n>@example.com` on the server at `origin`, signs in and places the order;
 * `products` is where the plain product is looked for. Fails the test on any refused step.
 */
export async function placeShopperOrder(
  origin: string,
  products: ApiProduct[],
  emailPrefix: string,
): Promise<{ email: string; orderNumber: string; token: string }> {
  const { email, token } = await registerShopper(origin, emailPrefix);
  const product = await firstPlainProduct(origin, products);
  const orderNumber = await placeOrderAs(origin, token, { products: { [product.id]: 1 } });
  return { email, orderNumber, token };
}

/**
 * The owner (signed in with `ownerToken`) moves order `orderNumber` of the shop at `origin` along: paid by UPI
 * (a random UTR; skipped when `alreadyPaid`, e.g. through the sandbox gateway), shipped by India Post (a random
 * tracking number), then, unless `stopAt` is 'shipped', delivered. Fails the test on a refused step, naming it.
 */
export async function ownerMovesOrder(
  origin: string,
  ownerToken: string,
  orderNumber: string,
  { alreadyPaid = false, stopAt }: { alreadyPaid?: boolean; stopAt?: 'shipped' } = {},
): Promise<void> {
  const steps: [string, object][] = [
    ...(alreadyPaid
      ? []
      : ([['mark-paid', { utr: `41234567${randomInt(1000, 9999)}` }]] as [string, object][])),
    ['ship', { courier: 'India Post', trackingNumber: `EE${randomInt(1e8, 1e9 - 1)}IN` }],
    ...(stopAt ? [] : ([['deliver', {}]] as [string, object][])),
  ];
  for (const [step, body] of steps) {
    const answer = await apiCall('POST', `/admin/orders/${orderNumber}/${step}`, body, ownerToken, origin);
    expect([step, answer.status]).toEqual([step, 200]);
  }
}

/**
 * Pays `orderId` of the shop at `origin` as the UPI provider confirms it: its signed webhook
 * (`POST /api/v1/payments/webhook/upi`, HMAC-SHA256 of the body with `webhookSecret`) for `amount` rupees with a
 * fresh UTR. Expects 200.
 */
export async function payByUpiWebhook(
  origin: string,
  webhookSecret: string,
  orderId: string,
  amount: number,
): Promise<void> {
  const body = JSON.stringify({ orderId, utr: `4${randomInt(1e10, 1e11 - 1)}`, amount, status: 'SUCCESS' });
  const paid = await fetch(`${origin}/api/v1/payments/webhook/upi`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'X-Signature': createHmac('sha256', webhookSecret).update(body).digest('hex'),
    },
    body,
  });
  expect(paid.status).toBe(200);
}

/**
 * Ships `orderId` with the built orders CLI (`orders ship <id> --tracking <number>`) on the embedded database in
 * `dataDir`; the shop's server must be stopped first (one process per embedded database). Expects exit 0.
 */
export function shipWithOrdersCli(dataDir: string, orderId: string, tracking = 'EE123456789IN'): void {
  const root = new URL('..', import.meta.url).pathname;
  const shipped = spawnSync(
    process.execPath,
    [join(root, 'dist/server/cli/orders.js'), 'ship', orderId, '--tracking', tracking],
    { env: { ...process.env, DATA_DIR: dataDir }, encoding: 'utf8' },
  );
  expect(shipped.status, shipped.stderr).toBe(0);
}
