import { describe, expect, it } from 'vitest';
import { deliveryCheckText, deliveryCodText } from './delivery-check-text';

describe("the product page's delivery check text", () => {
  const served = {
    served: true,
    shipping: 99,
    latestDate: '2026-12-01',
    cod: 'available' as const,
    codMaxOrderValue: 5000,
  };
  it('says the latest delivery date and the charge, or free shipping', () => {
    expect(deliveryCheckText(served)).toBe('Get it by Tue, 1 Dec · Shipping ₹99');
    expect(deliveryCheckText({ ...served, shipping: 0, latestDate: '2027-09-05' })).toBe(
      'Get it by Sun, 5 Sep · Free shipping',
    );
  });
  it('says the days the chosen add-ons add', () => {
    expect(deliveryCheckText({ ...served, leadDays: 7 })).toBe(
      'Get it by Tue, 1 Dec (with 7 days for stitching and finishing) · Shipping ₹99',
    );
    expect(deliveryCheckText({ ...served, leadDays: 0 })).toBe('Get it by Tue, 1 Dec · Shipping ₹99');
  });
  it('says when the PIN code is not served', () => {
    expect(deliveryCheckText({ served: false, shipping: null, latestDate: null })).toBe(
      'We do not deliver to this PIN code yet',
    );
  });
  it('says whether cash on delivery is available there', () => {
    expect(deliveryCodText(served)).toBe('Cash on delivery available');
    expect(deliveryCodText({ ...served, cod: 'outside-area' })).toBe(
      'Cash on delivery not available for this PIN code',
    );
    expect(deliveryCodText({ ...served, cod: 'over-cap', codMaxOrderValue: 124999 })).toBe(
      'Cash on delivery available for orders up to ₹1,24,999',
    );
    expect(deliveryCodText({ ...served, cod: 'not-offered' })).toBeNull();
    expect(deliveryCodText({ served: false, cod: null, codMaxOrderValue: null })).toBeNull();
  });
});
