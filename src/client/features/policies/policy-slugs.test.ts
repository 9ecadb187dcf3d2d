import { describe, expect, it } from 'vitest';
import { isPolicySlug, RESERVED_PATHS } from './policy-slugs';

describe('isPolicySlug (spec §2 Policy pages)', () => {
  it('accepts the six policy slugs', () => {
    for (const slug of ['terms', 'privacy', 'refund', 'return', 'shipping', 'about']) {
      expect(isPolicySlug(slug)).toBe(true);
    }
  });

  it('rejects every reserved word', () => {
    expect(RESERVED_PATHS).toEqual([
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
    ]);
    for (const word of RESERVED_PATHS) expect(isPolicySlug(word)).toBe(false);
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
