import { describe, expect, it } from 'vitest';
import { deliveryCheckText } from './delivery-check-text';

describe("the product page's delivery check text", () => {
  const served = { postalCode: '302001', served: true, shipping: 99, minDays: 3, maxDays: 5 };
  it('says the estimate and the charge, or free shipping', () => {
    expect(deliveryCheckText(served)).toBe('Delivery to 302001 in 3–5 days · Shipping ₹99');
    expect(deliveryCheckText({ ...served, shipping: 0 })).toBe(
      'Delivery to 302001 in 3–5 days · Free shipping',
    );
  });
  it('says when the PIN code is not served', () => {
    expect(
      deliveryCheckText({
        postalCode: '744101',
        served: false,
        shipping: null,
        minDays: null,
        maxDays: null,
      }),
    ).toBe('We do not deliver to this PIN code yet');
  });
});
