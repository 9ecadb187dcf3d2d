/**
 * A shopper's order placed through the API, for the browser tests of the owner's side: a new account signs in and
 * orders one piece of the first plain product (sold by the piece, no variants, available) to a Lucknow address.
 */
import { randomInt } from 'node:crypto';
import { expect } from 'vitest';
import { apiCall, type ApiProduct } from './helpers';

/** The password of every shopper these tests register. */
export const SHOPPER_PASSWORD = 'Zari-weave-2719';

/**
 * Registers `<emailPrefix>.<time>.<n>@example.com` on the server at `origin`, signs in and places the order;
 * `products` is where the plain product is looked for. Fails the test on any refused step.
 */
export async function placeShopperOrder(
  origin: string,
  products: ApiProduct[],
  emailPrefix: string,
): Promise<{ email: string; orderNumber: string; token: string }> {
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
  let productId: string | undefined;
  for (const item of products) {
    const detail = await apiCall<{ unit: string; variants: unknown[]; available: boolean }>(
      'GET',
      `/products/${item.id}`,
      undefined,
      undefined,
      origin,
    );
    if (detail.body.unit === 'piece' && detail.body.variants.length === 0 && detail.body.available) {
      productId = item.id;
      break;
    }
  }
  expect(productId).toBeTruthy();
  const created = await apiCall<{ id: string }>(
    'POST',
    '/orders',
    {
      products: { [productId!]: 1 },
      shippingAddress: {
        fullName: 'Meera Iyer',
        address: '14 Chowk Bazaar, Aminabad',
        city: 'Lucknow',
        state: 'Uttar Pradesh',
        postalCode: '226018',
        phone: '+91 98390 41736',
      },
    },
    body.token,
    origin,
  );
  expect(created.status).toBe(201);
  return { email, orderNumber: created.body.id, token: body.token };
}
