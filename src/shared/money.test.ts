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
});
