import { describe, expect, test } from 'vitest';
import { deliveryByText, indiaDatePlusDays, shortDeliveryDate } from './delivery-dates';

describe('delivery dates in India time', () => {
  test('counts from the date in India, which starts 5 h 30 min before UTC', () => {
    expect(indiaDatePlusDays(new Date('2026-11-30T18:29:00Z'), 3)).toBe('2026-12-03');
    expect(indiaDatePlusDays(new Date('2026-11-30T18:30:00Z'), 3)).toBe('2026-12-04');
    expect(indiaDatePlusDays(new Date('2026-12-29T10:00:00Z'), 7)).toBe('2027-01-05');
    expect(indiaDatePlusDays(new Date('2028-02-27T10:00:00Z'), 2)).toBe('2028-02-29');
  });

  test('writes a date as short weekday, day and short month', () => {
    expect(shortDeliveryDate('2026-12-03')).toBe('Thu, 3 Dec');
    expect(shortDeliveryDate('2027-09-20')).toBe('Mon, 20 Sep');
    expect(deliveryByText('2026-12-01')).toBe('Get it by Tue, 1 Dec');
  });
});
