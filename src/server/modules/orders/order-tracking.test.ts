import { describe, expect, it } from 'vitest';
import { contactMatches } from './order-tracking';

describe('contactMatches', () => {
  const order = { email: 'track.me@example.com', phoneDigits: '9839041736' };
  it.each([
    ['track.me@example.com', true],
    [' TRACK.ME@EXAMPLE.COM ', true],
    ['track.me@example.co', false],
    ['+91 98390 41736', true],
    ['09839041736', true],
    ['919839041736', true],
    ['(+91) 98390-41736', true],
    ['9839041737', false],
    ['', false],
    ['   ', false],
    ['98390', false],
  ])('%j → %s', (contact, expected) => {
    expect(contactMatches(contact, order)).toBe(expected);
  });
});
