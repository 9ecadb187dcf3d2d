import { describe, expect, it } from 'vitest';
import type { CreateOrderBody } from '@shared/orders/order-schemas';
import { idempotencyKeyFor, newIdempotencyKey } from './checkout-idempotency';

const address = {
  fullName: 'Asha Verma',
  address: '12 MG Road',
  city: 'Lucknow',
  state: 'Uttar Pradesh',
  postalCode: '226001',
  phone: '+91 98390 41736',
};
const orderBody = (city: string): CreateOrderBody => ({
  lines: [{ productId: 'p1', quantity: 1 }],
  shippingAddress: { ...address, city },
});

describe('idempotency key (one checkout attempt → one order)', () => {
  const body = orderBody('Lucknow');
  let counter = 0;
  const newKey = () => `key-${++counter}`;

  it('keeps the key for a retried submit of the same body and changes it when the body changes', () => {
    const first = idempotencyKeyFor(null, body, newKey);
    const retry = idempotencyKeyFor(first, orderBody('Lucknow'), newKey);
    expect(retry.key).toBe(first.key);
    const changed = idempotencyKeyFor(first, orderBody('Kanpur'), newKey);
    expect(changed.key).not.toBe(first.key);
  });

  it('newIdempotencyKey is a UUID v4, also without crypto.randomUUID (plain-http LAN address)', () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    expect(newIdempotencyKey()).toMatch(uuid);
    const fallback = newIdempotencyKey({ getRandomValues: (array) => crypto.getRandomValues(array) });
    expect(fallback).toMatch(uuid);
    expect(fallback).not.toBe(
      newIdempotencyKey({ getRandomValues: (array) => crypto.getRandomValues(array) }),
    );
  });
});
