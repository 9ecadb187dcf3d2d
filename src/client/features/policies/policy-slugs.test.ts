import { describe, expect, it } from 'vitest';
import { isPolicySlug } from './policy-slugs';

/** docs/product.md §2 "Policy pages": the reserved words, as docs/product.md lists them. */
const SPEC_RESERVED_WORDS = [
  'login',
  'register',
  'forgot-password',
  'reset-password',
  'account',
  'cart',
  'products',
  'product',
  'contact',
  'track-order',
  'orders',
  '404',
];

describe('isPolicySlug (docs/product.md §2 Policy pages)', () => {
  it('accepts the six policy slugs', () => {
    for (const slug of ['terms', 'privacy', 'refund', 'return', 'shipping', 'about']) {
      expect(isPolicySlug(slug)).toBe(true);
    }
  });

  it("rejects every reserved word docs/product.md lists (the router's test shows where each one goes)", () => {
    for (const word of SPEC_RESERVED_WORDS) expect(isPolicySlug(word), word).toBe(false);
  });

  it('rejects unknown, empty and differently spelt slugs', () => {
    for (const value of [
      'faq',
      'returns',
      'Terms',
      'privacy-policy',
      '',
      ' terms',
      'constructor',
      '__proto__',
    ]) {
      expect(isPolicySlug(value)).toBe(false);
    }
    expect(isPolicySlug(undefined)).toBe(false);
    expect(isPolicySlug(null)).toBe(false);
  });
});
