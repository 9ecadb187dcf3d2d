import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { gstRateFor } from '../gst/gst-rate';
import { lineGst } from '../gst/line-gst';
import { applyCoupon, type CouponLine, type CouponTerms } from './coupon-rules';
import { splitDiscount } from './discount-split';

const lineValues = fc.array(fc.integer({ min: 0, max: 50_000_000 }), { minLength: 1, maxLength: 50 });

describe('the discount shared over lines, for random orders', () => {
  test('shares are whole paise, add up to the discount, and no line gets more than its value', () => {
    fc.assert(
      fc.property(lineValues, fc.double({ min: 0, max: 1, noNaN: true }), (values, fraction) => {
        const total = values.reduce((sum, value) => sum + value, 0);
        const discount = Math.floor(total * fraction);
        const shares = splitDiscount(discount, values);
        expect(shares.reduce((sum, share) => sum + share, 0)).toBe(discount);
        shares.forEach((share, index) => {
          expect(Number.isInteger(share)).toBe(true);
          expect(share).toBeGreaterThanOrEqual(0);
          expect(share).toBeLessThanOrEqual(values[index]!);
        });
      }),
      { numRuns: 2_000 },
    );
  });

  test('each share is its proportion rounded down; the remainder goes to the largest line', () => {
    fc.assert(
      fc.property(lineValues, fc.double({ min: 0, max: 0.9, noNaN: true }), (values, fraction) => {
        const total = values.reduce((sum, value) => sum + value, 0);
        fc.pre(total > 0);
        const discount = Math.floor(total * fraction);
        const shares = splitDiscount(discount, values);
        const floors = values.map((value) => Number((BigInt(discount) * BigInt(value)) / BigInt(total)));
        const largest = values.indexOf(Math.max(...values));
        shares.forEach((share, index) => {
          if (index !== largest) expect(share).toBe(floors[index]);
        });
        expect(shares[largest]! - floors[largest]!).toBeLessThan(values.length);
      }),
      { numRuns: 2_000 },
    );
  });
});

const terms = (overrides: Partial<CouponTerms>): CouponTerms => ({
  code: 'FIRST10',
  description: '',
  kind: 'percent',
  value: 10,
  minSubtotalPaise: null,
  maxDiscountPaise: null,
  startsAt: new Date('2026-01-01T00:00:00Z'),
  endsAt: null,
  usageLimit: null,
  timesUsed: 0,
  perCustomerLimit: 1,
  firstOrderOnly: false,
  scope: 'all',
  categories: [],
  productIds: [],
  excludeSaleItems: false,
  paused: false,
  ...overrides,
});
const line = fc
  .record({
    unitPricePaise: fc.integer({ min: 100, max: 1_000_000 }),
    quantity: fc.integer({ min: 1, max: 10 }),
    onSale: fc.boolean(),
  })
  .map(({ unitPricePaise, quantity, onSale }): CouponLine & { quantity: number } => ({
    productId: '00000000-0000-4000-8000-000000000000',
    category: 'Sarees',
    parentCategory: null,
    unitPricePaise,
    regularPricePaise: onSale ? unitPricePaise + 100 : unitPricePaise,
    lineTotalPaise: unitPricePaise * quantity,
    quantity,
  }));
const coupon = fc.oneof(
  fc.integer({ min: 1, max: 100 }).map((value) => terms({ kind: 'percent', value })),
  fc
    .tuple(fc.integer({ min: 1, max: 100 }), fc.integer({ min: 1, max: 500_000 }))
    .map(([value, cap]) => terms({ kind: 'percent', value, maxDiscountPaise: cap })),
  fc.integer({ min: 1, max: 5_000_000 }).map((value) => terms({ kind: 'fixed', value })),
);
const now = new Date('2026-11-27T12:00:00Z');

describe('a coupon on random carts', () => {
  test('never takes more than the eligible lines are worth, nor more than the cap; sale lines stay whole when excluded', () => {
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 1, maxLength: 20 }),
        coupon,
        fc.boolean(),
        (lines, base, exclude) => {
          const result = applyCoupon({ ...base, excludeSaleItems: exclude }, lines, now, null);
          if ('refusal' in result) {
            expect(exclude && lines.every((item) => item.unitPricePaise < item.regularPricePaise)).toBe(true);
            return;
          }
          const eligible = lines.filter((item) => !exclude || item.unitPricePaise >= item.regularPricePaise);
          const eligiblePaise = eligible.reduce((sum, item) => sum + item.lineTotalPaise, 0);
          expect(result.discountPaise).toBeLessThanOrEqual(eligiblePaise);
          if (base.maxDiscountPaise !== null)
            expect(result.discountPaise).toBeLessThanOrEqual(base.maxDiscountPaise);
          expect(result.lineDiscountsPaise.reduce((sum, share) => sum + share, 0)).toBe(result.discountPaise);
          lines.forEach((item, index) => {
            if (exclude && item.unitPricePaise < item.regularPricePaise)
              expect(result.lineDiscountsPaise[index]).toBe(0);
          });
        },
      ),
      { numRuns: 1_000 },
    );
  });

  test('the taxable value is the discounted line less its tax, at the rate of the discounted price per piece (CGST Act s. 15)', () => {
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 20 }), coupon, (lines, base) => {
        const result = applyCoupon(base, lines, now, null);
        if ('refusal' in result) return;
        lines.forEach((item, index) => {
          const paid = item.lineTotalPaise - result.lineDiscountsPaise[index]!;
          const perPiece = paid / item.quantity;
          const gst = lineGst({ unitPricePaise: perPiece, unit: 'piece' }, paid, 'intra-state');
          expect(gst.taxableValuePaise + gst.taxPaise).toBe(paid);
          expect(gst.ratePercent).toBe(paid * 100 <= 250_000 * 105 * item.quantity ? 5 : 18);
          expect(gst.ratePercent).toBe(gstRateFor({ unitPricePaise: perPiece, unit: 'piece' }));
          // A discount never raises the slab.
          expect(gst.ratePercent).toBeLessThanOrEqual(
            gstRateFor({ unitPricePaise: item.unitPricePaise, unit: 'piece' }),
          );
        });
      }),
      { numRuns: 1_000 },
    );
  });
});
