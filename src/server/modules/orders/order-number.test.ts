import { describe, expect, it } from 'vitest';
import {
  CROCKFORD_ALPHABET,
  generateOrderNumber,
  normalizeOrderNumber,
  ORDER_NUMBER_PATTERN,
} from './order-number';

describe('order numbers', () => {
  it('are RS- and 8 Crockford base32 characters without I, L, O, U', () => {
    expect(CROCKFORD_ALPHABET).toHaveLength(32);
    expect(CROCKFORD_ALPHABET).not.toMatch(/[ILOU]/);
    const seen = new Set<string>();
    const characters = new Set<string>();
    for (let i = 0; i < 5000; i++) {
      const number = generateOrderNumber();
      expect(number).toMatch(ORDER_NUMBER_PATTERN);
      expect(number).toMatch(/^RS-[0-9A-HJKMNP-TV-Z]{8}$/);
      seen.add(number);
      for (const character of number.slice(3)) characters.add(character);
    }
    // 40 random bits: 5000 draws practically never collide, and every symbol turns up.
    expect(seen.size).toBe(5000);
    expect([...characters].sort().join('')).toBe(CROCKFORD_ALPHABET);
  });

  it.each([
    ['RS-7KQ29XD3', 'RS-7KQ29XD3'],
    [' rs-7kq29xd3 ', 'RS-7KQ29XD3'],
    ['rs7kq29xd3', 'RS-7KQ29XD3'],
    ['7KQ29XD3', 'RS-7KQ29XD3'],
    ['RS 7KQ2 9XD3', 'RS-7KQ29XD3'],
    ['RS-7KQ2OXD3', 'RS-7KQ20XD3'],
    ['RS-7KQ2IXDL', 'RS-7KQ21XD1'],
  ])('normalises %j to %s', (input, expected) => {
    expect(normalizeOrderNumber(input)).toBe(expected);
  });

  it.each([
    '',
    'RS-',
    'RS-7KQ29XD',
    'RS-7KQ29XD33',
    'RS-7KQ29XU3',
    'XX-7KQ29XD3',
    "RS-7KQ'--D3",
    'RS-7KQ29XD3\u0000',
  ])('refuses %j', (input) => {
    expect(normalizeOrderNumber(input)).toBeNull();
  });
});
