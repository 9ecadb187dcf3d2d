import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { gstRateFor } from './gst-rate';
import { lineGst, untaxedLine } from './line-gst';
import { splitInclusive, supplyKind, taxHeads } from './tax-split';

const lineTotal = fc.integer({ min: 0, max: 50 * 100 * 10_000_000 });
const rate = fc.constantFrom(0, 3, 5, 18, 40);

describe('GST rules, for random lines', () => {
  test('taxable value + tax = line total to the paisa, and the taxable value is the rounded quotient', () => {
    fc.assert(
      fc.property(lineTotal, rate, (total, ratePercent) => {
        const { taxableValuePaise, taxPaise } = splitInclusive(total, ratePercent);
        expect(taxableValuePaise + taxPaise).toBe(total);
        expect(Number.isInteger(taxableValuePaise)).toBe(true);
        expect(taxPaise).toBeGreaterThanOrEqual(0);
        // round(total × 100 / (100 + rate)): within half a paisa of the exact quotient
        expect(Math.abs(taxableValuePaise - (total * 100) / (100 + ratePercent))).toBeLessThanOrEqual(0.5);
      }),
      { numRuns: 2_000 },
    );
  });

  test('CGST and SGST halves add up to the tax exactly and differ by at most a paisa', () => {
    fc.assert(
      fc.property(lineTotal, rate, (total, ratePercent) => {
        const line = lineGst(
          { unitPricePaise: total, unit: 'piece', overrideRate: ratePercent },
          total,
          'intra-state',
        );
        expect(line.cgstPaise + line.sgstPaise).toBe(line.taxPaise);
        expect(Math.abs(line.cgstPaise - line.sgstPaise)).toBeLessThanOrEqual(1);
        expect(line.igstPaise).toBe(0);
        expect(line.cgstRate + line.sgstRate).toBe(ratePercent);
        const across = lineGst(
          { unitPricePaise: total, unit: 'piece', overrideRate: ratePercent },
          total,
          'inter-state',
        );
        expect(across.igstPaise).toBe(across.taxPaise);
        expect(across.cgstPaise + across.sgstPaise).toBe(0);
      }),
      { numRuns: 1_000 },
    );
  });

  test('apparel slab: 5 % exactly when price ÷ 1.05 ≤ ₹2,500, else 18 %', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2_000_000 }), (unitPricePaise) => {
        const expected = unitPricePaise / 1.05 <= 250_000 + 1e-9 ? 5 : 18;
        expect(gstRateFor({ unitPricePaise, unit: 'piece' })).toBe(expected);
      }),
      { numRuns: 5_000 },
    );
  });
});

describe('GST rules, worked examples', () => {
  test('the slab boundary is ₹2,625 per piece inclusive', () => {
    expect(gstRateFor({ unitPricePaise: 262_500, unit: 'piece' })).toBe(5);
    expect(gstRateFor({ unitPricePaise: 262_501, unit: 'piece' })).toBe(18);
    expect(gstRateFor({ unitPricePaise: 280_000, unit: 'piece' })).toBe(18);
    expect(gstRateFor({ unitPricePaise: 99_900, unit: 'piece' })).toBe(5);
  });

  test('fabric by the metre is 5 % at any price; an override wins', () => {
    expect(gstRateFor({ unitPricePaise: 900_000, unit: 'm' })).toBe(5);
    expect(gstRateFor({ unitPricePaise: 100, unit: 'piece', overrideRate: 18 })).toBe(18);
    expect(gstRateFor({ unitPricePaise: 900_000, unit: 'm', overrideRate: 0 })).toBe(0);
  });

  test('a ₹2,800 kurta to another state: IGST 18 %', () => {
    expect(lineGst({ unitPricePaise: 280_000, unit: 'piece' }, 280_000, 'inter-state')).toEqual({
      ratePercent: 18,
      taxableValuePaise: 237_288,
      taxPaise: 42_712,
      cgstRate: 0,
      cgstPaise: 0,
      sgstRate: 0,
      sgstPaise: 0,
      igstRate: 18,
      igstPaise: 42_712,
    });
  });

  test('2 m of fabric at ₹450 within the state: CGST 2.5 % + SGST 2.5 %', () => {
    expect(lineGst({ unitPricePaise: 45_000, unit: 'm' }, 90_000, 'intra-state')).toEqual({
      ratePercent: 5,
      taxableValuePaise: 85_714,
      taxPaise: 4_286,
      cgstRate: 2.5,
      cgstPaise: 2_143,
      sgstRate: 2.5,
      sgstPaise: 2_143,
      igstRate: 0,
      igstPaise: 0,
    });
  });

  test('an odd paisa of tax goes to SGST', () => {
    expect(taxHeads(5, 5, 'intra-state')).toMatchObject({ cgstPaise: 2, sgstPaise: 3 });
  });

  test('half a paisa rounds up; bad inputs are refused', () => {
    // 21 paise at 5 %: 21 × 100 / 105 = 20 exactly
    expect(splitInclusive(21, 5)).toEqual({ taxableValuePaise: 20, taxPaise: 1 });
    // 1,845 × 100 / 118 = 1,563.56 → 1,564
    expect(splitInclusive(1_845, 18)).toEqual({ taxableValuePaise: 1_564, taxPaise: 281 });
    // 1 paisa at 100 %: 1 × 100 / 200 = 0.5 → 1
    expect(splitInclusive(1, 100).taxableValuePaise).toBe(1);
    expect(() => splitInclusive(-1, 5)).toThrow(RangeError);
    expect(() => splitInclusive(1.5, 5)).toThrow(RangeError);
    expect(() => splitInclusive(100, -5)).toThrow(RangeError);
  });

  test('place of supply: same state code → intra-state', () => {
    expect(supplyKind('08', '08')).toBe('intra-state');
    expect(supplyKind('08', '27')).toBe('inter-state');
  });

  test('an unregistered store charges no tax', () => {
    expect(untaxedLine(280_000)).toMatchObject({ ratePercent: 0, taxableValuePaise: 280_000, taxPaise: 0 });
  });
});
