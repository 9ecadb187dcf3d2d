/**
 * The default Refund, Return and About texts follow the store's return settings (docs/returns.md "Settings"):
 * the window, exchanges, the pickup fee, fabric cut to length, the return address; a window of 0 says the shop
 * takes no returns. A store's own text is never rewritten.
 */
import { describe, expect, it } from 'vitest';
import { fillPolicyPlaceholders } from './policy-placeholders';
import { DEFAULT_POLICY_TEXTS, defaultPolicyText } from './policy-texts';
import { DEFAULT_RETURN_POLICY_SETTINGS, type ReturnPolicySettings } from './return-policy-texts';

const DETAILS = { companyName: 'Kashi Weaves', companyAddress: '4 Godowlia, Varanasi 221001' };

/** The policy's words as a shopper reads them: placeholders filled, tags dropped, spaces collapsed. */
function read(slug: 'return' | 'refund' | 'about', settings?: ReturnPolicySettings) {
  return fillPolicyPlaceholders(defaultPolicyText(slug, settings), DETAILS)
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
const settings = (change: Partial<ReturnPolicySettings>) => ({
  ...DEFAULT_RETURN_POLICY_SETTINGS,
  ...change,
});

describe('the default return policy', () => {
  it('with the default settings: 7 days from delivery, exchanges, no pickup fee, the company address', () => {
    const text = read('return');
    expect(text).toContain(
      'If a product from Kashi Weaves is not right for you, you can return it within 7 days from delivery, or exchange it for another size or colour, under the conditions below.',
    );
    expect(text).toContain(
      'Fabric cut to a length you asked for (sold by the metre), unless its product page says it can be returned.',
    );
    expect(text).toContain(
      'You may choose an exchange for another size or colour of the same product at the same price',
    );
    expect(text).toContain('otherwise we ask you to send the product to 4 Godowlia, Varanasi 221001.');
    expect(text).toContain('We do not charge for the return pickup.');
    expect(defaultPolicyText('return')).toBe(DEFAULT_POLICY_TEXTS.return);
    expect(defaultPolicyText('return', null)).toBe(DEFAULT_POLICY_TEXTS.return);
  });

  it('says the window, the pickup fee and the return address of the settings', () => {
    const text = read(
      'return',
      settings({ windowDays: 10, pickupFee: 99, returnAddress: 'Returns desk\nRing Road, Surat <395002>' }),
    );
    expect(text).toContain('you can return it within 10 days from delivery');
    expect(text).toContain('Within 10 days from delivery, choose');
    expect(text).toContain(
      'A return pickup fee of ₹99 is deducted from your refund, unless the product arrived damaged, defective or not what you ordered.',
    );
    expect(text).toContain('send the product to Returns desk, Ring Road, Surat &lt;395002&gt;.');
    expect(read('return', settings({ windowDays: 1, pickupFee: 49.5 }))).toContain(
      'within 1 day from delivery',
    );
    expect(read('return', settings({ pickupFee: 49.5 }))).toContain(
      'A return pickup fee of ₹49.50 is deducted',
    );
  });

  it('offers refunds only when exchanges are off', () => {
    const text = read('return', settings({ exchanges: false }));
    expect(text).toContain('you can return it within 7 days from delivery, under the conditions below.');
    expect(text).toContain('We do not offer exchanges: a returned product is refunded.');
    expect(text).toContain('5. Refunds');
    expect(text).not.toContain('You may choose an exchange');
  });

  it('with a window of 0 days says the shop does not accept returns', () => {
    const text = read('return', settings({ windowDays: 0 }));
    expect(text).toMatch(/^Kashi Weaves does not accept returns or exchanges/);
    expect(text).toContain('Damaged, defective or wrong products');
    expect(text).not.toContain('days from delivery');
  });
});

describe('the default refund and about texts', () => {
  it('state the window and the fee deducted from a refund', () => {
    const text = read('refund', settings({ windowDays: 10, pickupFee: 99 }));
    expect(text).toContain('you may return it within 10 days from delivery under our Return Policy.');
    expect(text).toContain(
      'we refund the price of the product, less the return pickup fee of ₹99 (none for a product that arrived damaged, defective or not what you ordered).',
    );
    expect(read('refund')).toContain('we refund the price of the product. Shipping charges');
    expect(read('about', settings({ windowDays: 10 }))).toContain('Easy returns within 10 days of delivery');
  });

  it('without returns, promise none', () => {
    const refund = read('refund', settings({ windowDays: 0 }));
    expect(refund).toContain('Once an order has been dispatched, it can no longer be cancelled.');
    expect(refund).toContain('We do not accept returns;');
    expect(read('about', settings({ windowDays: 0 }))).not.toContain('Easy returns');
  });
});
