import { describe, expect, test } from 'vitest';
import { amountInWords, numberInIndianWords } from './amount-in-words';

describe('amounts in words (Indian system)', () => {
  test.each([
    [0, 'Zero'],
    [7, 'Seven'],
    [19, 'Nineteen'],
    [20, 'Twenty'],
    [24, 'Twenty-Four'],
    [100, 'One Hundred'],
    [999, 'Nine Hundred Ninety-Nine'],
    [1_000, 'One Thousand'],
    [10_001, 'Ten Thousand One'],
    [100_000, 'One Lakh'],
    [124_999, 'One Lakh Twenty-Four Thousand Nine Hundred Ninety-Nine'],
    [9_999_999, 'Ninety-Nine Lakh Ninety-Nine Thousand Nine Hundred Ninety-Nine'],
    [10_000_000, 'One Crore'],
    [123_456_789, 'Twelve Crore Thirty-Four Lakh Fifty-Six Thousand Seven Hundred Eighty-Nine'],
    [1_000_000_000, 'One Hundred Crore'],
  ])('%i → %s', (value, words) => {
    expect(numberInIndianWords(value)).toBe(words);
  });

  test('rupees and paise', () => {
    expect(amountInWords(12_499_950)).toBe(
      'Rupees One Lakh Twenty-Four Thousand Nine Hundred Ninety-Nine and Fifty Paise Only',
    );
    expect(amountInWords(280_000)).toBe('Rupees Two Thousand Eight Hundred Only');
    expect(amountInWords(101)).toBe('Rupees One and One Paise Only');
    expect(amountInWords(50)).toBe('Rupees Zero and Fifty Paise Only');
    expect(amountInWords(0)).toBe('Rupees Zero Only');
  });

  test('refuses negative and fractional amounts', () => {
    expect(() => amountInWords(-1)).toThrow(RangeError);
    expect(() => amountInWords(1.5)).toThrow(RangeError);
  });
});
