import { describe, expect, it } from 'vitest';
import { formatRupees, formatRupeesForOrder, paiseToRupees, rupeesToPaise } from './money';

describe('money', () => {
  it('converts rupees to integer paise and back', () => {
    expect(rupeesToPaise(2499)).toBe(249900);
    expect(rupeesToPaise(19.99)).toBe(1999);
    expect(rupeesToPaise(0.1 + 0.2)).toBe(30);
    expect(paiseToRupees(124999_00)).toBe(124999);
    expect(paiseToRupees(1999)).toBe(19.99);
  });

  it('formats rupees with en-IN grouping and up to two fraction digits', () => {
    expect(formatRupees(124999)).toBe('₹1,24,999');
    expect(formatRupees(1299.5)).toBe('₹1,299.5');
    expect(formatRupees(399)).toBe('₹399');
    expect(formatRupees(0)).toBe('₹0');
  });

  it('formats order prices with exactly two decimals', () => {
    expect(formatRupeesForOrder(124999)).toBe('₹1,24,999.00');
    expect(formatRupeesForOrder(19.9)).toBe('₹19.90');
  });

  it('gives what Intl.NumberFormat en-IN gives, for whole, fractional, large and negative amounts', () => {
    const upToTwo = new Intl.NumberFormat('en-IN', {
      style: 'currency',
      currency: 'INR',
      minimumFractionDigits: 0,
      maximumFractionDigits: 2,
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
      expect(formatRupees(amount)).toBe(upToTwo.format(amount));
      expect(formatRupeesForOrder(amount)).toBe(exactlyTwo.format(amount));
    }
  });
});
