import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { chargeGst, principalRate } from './charge-tax';
import {
  codRefusal,
  codRefusalMessage,
  DEFAULT_DELIVERY_SETTINGS,
  deliveryQuote,
  type DeliverySettings,
} from './delivery-rules';
import {
  deliverySettingsSchema,
  deliverySettingsToPaise,
  deliverySettingsToRupees,
} from './delivery-schemas';

const settings: DeliverySettings = {
  ...DEFAULT_DELIVERY_SETTINGS,
  flatChargePaise: 9_900,
  freeAbovePaise: 300_000,
  zones: [
    { name: 'Rajasthan', states: ['Rajasthan'], pinPrefixes: [], chargePaise: 4_900, minDays: 2, maxDays: 3 },
    { name: 'Jaipur city', states: [], pinPrefixes: ['302'], chargePaise: 0, minDays: 1, maxDays: 1 },
    {
      name: 'North-east',
      states: [],
      pinPrefixes: ['78', '79'],
      chargePaise: 19_900,
      minDays: 6,
      maxDays: 9,
    },
  ],
  unservedPinPrefixes: ['744', '682559'],
  cod: { enabled: true, feePaise: 4_900, maxOrderValuePaise: 500_000, pinPrefixes: [] },
};

describe('delivery charge for a PIN code, state and subtotal', () => {
  test('a store that set nothing ships free everywhere', () => {
    expect(
      deliveryQuote(DEFAULT_DELIVERY_SETTINGS, { postalCode: '560001', state: 'Karnataka' }, 280_000),
    ).toEqual({ served: true, chargePaise: 0, minDays: 3, maxDays: 7, zone: null });
  });

  test('the flat charge outside zones, a state zone, and the longest PIN prefix before the state', () => {
    expect(deliveryQuote(settings, { postalCode: '560001', state: 'Karnataka' }, 100_000)).toMatchObject({
      chargePaise: 9_900,
      zone: null,
    });
    expect(deliveryQuote(settings, { postalCode: '313001', state: 'rajasthan' }, 100_000)).toMatchObject({
      chargePaise: 4_900,
      minDays: 2,
      maxDays: 3,
      zone: 'Rajasthan',
    });
    expect(deliveryQuote(settings, { postalCode: '302001', state: 'Rajasthan' }, 100_000)).toMatchObject({
      chargePaise: 0,
      zone: 'Jaipur city',
    });
    expect(deliveryQuote(settings, { postalCode: '781001', state: null }, 100_000)).toMatchObject({
      chargePaise: 19_900,
      zone: 'North-east',
    });
  });

  test('free from the threshold on, zones included', () => {
    expect(deliveryQuote(settings, { postalCode: '560001', state: 'Karnataka' }, 299_999)).toMatchObject({
      chargePaise: 9_900,
    });
    expect(deliveryQuote(settings, { postalCode: '781001', state: 'Assam' }, 300_000)).toMatchObject({
      chargePaise: 0,
      minDays: 6,
    });
  });

  test('an unserved prefix is not served, whatever the zone', () => {
    expect(
      deliveryQuote(settings, { postalCode: '744101', state: 'Andaman and Nicobar Islands' }, 1),
    ).toEqual({
      served: false,
    });
    expect(deliveryQuote(settings, { postalCode: '682559', state: 'Lakshadweep' }, 1)).toEqual({
      served: false,
    });
    expect(deliveryQuote(settings, { postalCode: '682555', state: 'Lakshadweep' }, 1).served).toBe(true);
  });
});

describe('cash on delivery eligibility', () => {
  test('off, over the cap, outside the prefixes, or offered', () => {
    expect(codRefusal(DEFAULT_DELIVERY_SETTINGS.cod, '302001', 100)).toBe('disabled');
    expect(codRefusal(settings.cod, '302001', 500_000)).toBeNull();
    expect(codRefusal(settings.cod, '302001', 500_001)).toBe('over-cap');
    const limited = { ...settings.cod, pinPrefixes: ['30', '11'] };
    expect(codRefusal(limited, '110001', 100)).toBeNull();
    expect(codRefusal(limited, '400001', 100)).toBe('outside-area');
  });

  test('the messages', () => {
    expect(codRefusalMessage('over-cap', settings.cod)).toBe(
      'Cash on delivery is available for orders up to ₹5,000',
    );
    expect(codRefusalMessage('outside-area', settings.cod)).toBe(
      'Cash on delivery is not available for this PIN code',
    );
    expect(codRefusalMessage('disabled', settings.cod)).toBe('This shop does not offer cash on delivery');
  });
});

describe('tax on charges (composite supply, CGST Act section 8)', () => {
  test('the principal supply is the line of highest value; a tie takes the higher rate', () => {
    expect(principalRate([])).toBe(0);
    expect(
      principalRate([
        { lineTotalPaise: 90_000, ratePercent: 5 },
        { lineTotalPaise: 280_000, ratePercent: 18 },
      ]),
    ).toBe(18);
    expect(
      principalRate([
        { lineTotalPaise: 100_000, ratePercent: 5 },
        { lineTotalPaise: 100_000, ratePercent: 18 },
      ]),
    ).toBe(18);
  });

  test('₹99 of shipping at 18 %, inside the state and across', () => {
    expect(chargeGst(9_900, 18, 'inter-state')).toMatchObject({
      taxableValuePaise: 8_390,
      taxPaise: 1_510,
      igstPaise: 1_510,
      cgstPaise: 0,
    });
    expect(chargeGst(4_900, 5, 'intra-state')).toMatchObject({
      taxableValuePaise: 4_667,
      taxPaise: 233,
      cgstPaise: 116,
      sgstPaise: 117,
    });
  });

  test('taxable + tax = amount and the heads add up, for random charges and lines', () => {
    const line = fc.record({
      lineTotalPaise: fc.integer({ min: 0, max: 10_000_000 }),
      ratePercent: fc.constantFrom(0, 3, 5, 18, 40),
    });
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000_000 }),
        fc.array(line, { minLength: 1, maxLength: 50 }),
        fc.constantFrom('intra-state' as const, 'inter-state' as const),
        (amount, lines, kind) => {
          const rate = principalRate(lines);
          expect(lines.some((l) => l.ratePercent === rate)).toBe(true);
          const max = Math.max(...lines.map((l) => l.lineTotalPaise));
          expect(lines.some((l) => l.lineTotalPaise === max && l.ratePercent === rate)).toBe(true);
          const gst = chargeGst(amount, rate, kind);
          expect(gst.taxableValuePaise + gst.taxPaise).toBe(amount);
          expect(gst.cgstPaise + gst.sgstPaise + gst.igstPaise).toBe(gst.taxPaise);
        },
      ),
      { numRuns: 1_000 },
    );
  });

  test('a quote is never negative, and zero at or above the threshold', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 100_000, max: 999_999 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        (pin, sub) => {
          const quote = deliveryQuote(settings, { postalCode: String(pin), state: null }, sub);
          if (!quote.served) return;
          expect(quote.chargePaise).toBeGreaterThanOrEqual(0);
          if (sub >= settings.freeAbovePaise!) expect(quote.chargePaise).toBe(0);
        },
      ),
    );
  });
});

describe('the settings contract (rupees) and its stored form (paise)', () => {
  test('an empty block gives the defaults, COD ₹49 up to ₹5,000', () => {
    const parsed = deliverySettingsSchema.parse({});
    expect(deliverySettingsToPaise(parsed)).toEqual(DEFAULT_DELIVERY_SETTINGS);
    expect(deliverySettingsSchema.parse({ cod: { enabled: true } }).cod).toEqual({
      enabled: true,
      fee: 49,
      maxOrderValue: 5000,
      pinPrefixes: [],
    });
  });

  test('rupees and paise round-trip', () => {
    expect(deliverySettingsToPaise(deliverySettingsToRupees(settings))).toEqual(settings);
  });

  test('bad input is named field by field', () => {
    const result = deliverySettingsSchema.safeParse({
      flatCharge: -1,
      freeAbove: 10.555,
      minDays: 5,
      maxDays: 2,
      zones: [{ name: '', states: ['Atlantis'], pinPrefixes: ['0'], charge: 1, minDays: 1, maxDays: 1 }],
      unservedPinPrefixes: ['12a'],
      cod: { enabled: 'yes' },
      colour: 'red',
    });
    expect(result.success).toBe(false);
    const issues = Object.fromEntries(
      result.error!.issues.map((issue) => [issue.path.join('.'), issue.message]),
    );
    expect(issues).toMatchObject({
      flatCharge: 'must be 0 or more',
      freeAbove: 'must have at most 2 decimals',
      'zones.0.name': 'is required',
      'zones.0.states.0': 'must be one of the 36 states and union territories',
      'zones.0.pinPrefixes.0': 'must be 1 to 6 digits of a PIN code, not starting with 0',
      'unservedPinPrefixes.0': 'must be 1 to 6 digits of a PIN code, not starting with 0',
      'cod.enabled': 'must be true or false',
    });
    expect(result.error!.issues.some((issue) => issue.code === 'unrecognized_keys')).toBe(true);
  });

  test('a zone needs states or prefixes, and maxDays ≥ minDays', () => {
    const result = deliverySettingsSchema.safeParse({
      maxDays: 1,
      zones: [{ name: 'Nowhere', charge: 10, minDays: 4, maxDays: 2 }],
    });
    const issues = Object.fromEntries(
      result.error!.issues.map((issue) => [issue.path.join('.'), issue.message]),
    );
    expect(issues).toEqual({
      maxDays: 'must not be less than minDays',
      'zones.0.maxDays': 'must not be less than minDays',
      'zones.0.states': 'a zone needs states or pinPrefixes',
    });
  });
});
