import { describe, expect, it } from 'vitest';
import { formatRupees } from '@shared/money';
import { discountRow, quantityTimesPrice, variantLabel } from './line-text';

describe('variantLabel', () => {
  it("joins size and colour as 'M / Maroon', either alone, or nothing", () => {
    expect(variantLabel('M', 'Maroon')).toBe('M / Maroon');
    expect(variantLabel('One Size', null)).toBe('One Size');
    expect(variantLabel(null, 'Indigo')).toBe('Indigo');
    expect(variantLabel(null, undefined)).toBe('');
    expect(variantLabel('  ', ' Maroon ')).toBe('Maroon');
  });
});

describe('quantityTimesPrice', () => {
  it("reads '2.5 m × ₹450' for metres and '2 × ₹1,299' for pieces", () => {
    expect(quantityTimesPrice(2.5, 'm', formatRupees(450))).toBe('2.5 m × ₹450');
    expect(quantityTimesPrice(1, 'm', formatRupees(450))).toBe('1 m × ₹450');
    expect(quantityTimesPrice(2, 'piece', formatRupees(1299))).toBe('2 × ₹1,299');
    expect(quantityTimesPrice(2.5, 'm', formatRupees(450))).toBe('2.5 m × ₹450');
  });
});

describe('discountRow', () => {
  it('names the coupon and shows the discount as a negative amount', () => {
    expect(discountRow({ discount: 499.8, couponCode: 'FIRST10' })).toEqual({
      label: 'Discount (FIRST10)',
      amount: '-₹499.80',
    });
  });
  it('is null without a discount, and plain "Discount" without a code', () => {
    expect(discountRow({ discount: 0, couponCode: 'FIRST10' })).toBeNull();
    expect(discountRow({})).toBeNull();
    expect(discountRow({ discount: 250, couponCode: null })).toEqual({ label: 'Discount', amount: '-₹250' });
  });
});
