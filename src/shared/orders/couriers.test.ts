import { describe, expect, it } from 'vitest';
import { courierDisplayName, courierTrackingUrl, KNOWN_COURIERS, knownCourier } from './couriers';

describe('couriers', () => {
  it('knows the seven couriers by name, whatever the spelling', () => {
    expect(KNOWN_COURIERS.map((courier) => courier.name)).toEqual([
      'Delhivery',
      'Blue Dart',
      'DTDC',
      'Ekart',
      'India Post',
      'Xpressbees',
      'Shadowfax',
    ]);
    expect(knownCourier('BLUEDART')?.name).toBe('Blue Dart');
    expect(knownCourier('blue-dart')?.name).toBe('Blue Dart');
    expect(knownCourier('XpressBees')?.name).toBe('Xpressbees');
    expect(knownCourier('Professional Couriers')).toBeUndefined();
    expect(knownCourier(' ')).toBeUndefined();
    expect(courierDisplayName(' india post ')).toBe('India Post');
    expect(courierDisplayName(' Trackon ')).toBe('Trackon');
  });

  it("builds a known courier's tracking link from the number, encoded; none for others", () => {
    expect(courierTrackingUrl('Delhivery', ' 1234567890123 ')).toBe(
      'https://www.delhivery.com/track/package/1234567890123',
    );
    expect(courierTrackingUrl('Ekart', 'FM/PC 1')).toBe(
      'https://ekartlogistics.com/shipmenttrack/FM%2FPC%201',
    );
    expect(courierTrackingUrl('Trackon', '123')).toBeNull();
    expect(courierTrackingUrl('Delhivery', null)).toBeNull();
    for (const courier of KNOWN_COURIERS) {
      expect(courierTrackingUrl(courier.name, 'AWB1')).toMatch(/^https:\/\/[^{}]+AWB1$/);
    }
  });
});
