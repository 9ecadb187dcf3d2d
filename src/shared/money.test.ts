import { describe, expect, it } from 'vitest';
import { formatIndianNumber, formatRupees, paiseToRupees, rupeesToPaise } from './money';

describe('money', () => {
  it('converts rupees to integer paise and back', () => {
    expect(rupeesToPaise(2499)).toBe(249900);
    expect(rupeesToPaise(19.99)).toBe(1999);
    expect(rupeesToPaise(0.1 + 0.2)).toBe(30);
    expect(paiseToRupees(124999_00)).toBe(124999);
    expect(paiseToRupees(1999)).toBe(19.99);
  });

  it('formats whole rupees without decimals and any other amount with exactly two, in en-IN grouping', () => {
    expect(formatRupees(124999)).toBe('₹1,24,999');
    expect(formatRupees(1999)).toBe('₹1,999');
    expect(formatRupees(2747.5)).toBe('₹2,747.50');
    expect(formatRupees(19.9)).toBe('₹19.90');
    expect(formatRupees(0.05)).toBe('₹0.05');
    expect(formatRupees(399)).toBe('₹399');
    expect(formatRupees(0)).toBe('₹0');
    expect(formatRupees(999.999)).toBe('₹1,000');
  });

  it('gives what Intl.NumberFormat en-IN gives (no decimals for whole rupees, else two), for every kind of amount', () => {
    const whole = new Intl.NumberFormat('en-IN', {
      style: 'currency',
      currency: 'INR',
      minimumFractionDigits: 0,
      maximumFractionDigits: 0,
    });
    const exactlyTwo = new Intl.NumberFormat('en-IN', {
      style: 'currency',
      currency: 'INR',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    const amounts = [0, 0.01, 0.1, 0.5, 1, 9.99, 10, 99.9, 100, 999, 999.99, 1000, 1234.56, 12345, 99999.99];
    amounts.push(
      100000,
      123456.78,
      1234567,
      12345678.9,
      123456789,
      1000000000,
      2.345,
      0.005,
      1.005,
      -50,
      -1234.5,
    );
    for (let paise = 0; paise < 5_000_000; paise += 997) amounts.push(paise / 100);
    for (const amount of amounts) {
      const twoDecimals = exactlyTwo.format(amount);
      expect(formatRupees(amount)).toBe(twoDecimals.endsWith('.00') ? whole.format(amount) : twoDecimals);
    }
  });
});

describe('formatIndianNumber (docs/product.md §9 digit grouping, without Intl)', () => {
  it('groups the last three digits, then pairs, as en-IN does', () => {
    for (const count of [0, 7, 999, 1000, 2000, 12345, 124999, 1234567, 100000000])
      expect(formatIndianNumber(count)).toBe(count.toLocaleString('en-IN'));
    expect(formatIndianNumber(124999)).toBe('1,24,999');
  });

  it('rounds to a whole number and keeps the sign', () => {
    expect(formatIndianNumber(1999.6)).toBe('2,000');
    expect(formatIndianNumber(-124999)).toBe('-1,24,999');
    expect(formatIndianNumber(-0.2)).toBe('0');
  });
});
