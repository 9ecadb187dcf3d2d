import { describe, expect, it } from 'vitest';
import { accountDisplay, formatMemberSince } from './account-display';

describe('formatMemberSince (docs/product.md §2 "Account": like April 18, 2025)', () => {
  it('formats an ISO timestamp as en-US long month, day, year', () => {
    expect(formatMemberSince('2025-04-18T10:30:00.000Z', 'UTC')).toBe('April 18, 2025');
    expect(formatMemberSince('2024-12-01T00:00:00Z', 'UTC')).toBe('December 1, 2024');
  });

  it("uses the given time zone's calendar day", () => {
    // 20:00 UTC on 18 April is already 19 April in India.
    expect(formatMemberSince('2025-04-18T20:00:00.000Z', 'Asia/Kolkata')).toBe('April 19, 2025');
    expect(formatMemberSince('2025-04-18T20:00:00.000Z', 'UTC')).toBe('April 18, 2025');
  });

  it('returns null for a missing or unreadable date', () => {
    expect(formatMemberSince(undefined)).toBeNull();
    expect(formatMemberSince(null)).toBeNull();
    expect(formatMemberSince('')).toBeNull();
    expect(formatMemberSince('not a date')).toBeNull();
  });
});

describe('accountDisplay (neutral placeholders, never sample values)', () => {
  it('shows the full name, e-mail and member-since date', () => {
    expect(
      accountDisplay(
        {
          firstName: 'Asha',
          lastName: 'Verma',
          email: 'asha@example.com',
          createdAt: '2025-04-18T10:00:00Z',
        },
        'UTC',
      ),
    ).toEqual({ name: 'Asha Verma', email: 'asha@example.com', memberSince: 'April 18, 2025' });
  });

  it("shows 'Customer' and '—' for missing data, never sample values", () => {
    expect(accountDisplay(undefined)).toEqual({ name: 'Customer', email: '—', memberSince: '—' });
    expect(accountDisplay({ firstName: '  ', email: ' ', createdAt: 'garbage' })).toEqual({
      name: 'Customer',
      email: '—',
      memberSince: '—',
    });
  });

  it('shows whichever name part exists', () => {
    expect(accountDisplay({ firstName: 'Asha' }).name).toBe('Asha');
    expect(accountDisplay({ lastName: 'Verma' }).name).toBe('Verma');
  });
});
