import { describe, expect, test } from 'vitest';
import { gstinCheckCharacter, gstinProblem, isValidGstin, normaliseGstin } from './gstin';

describe('GSTIN', () => {
  // GSTINs published by their holders (check characters as issued by the GST Network).
  test.each([
    '27AAACR5055K1Z7', // Reliance Industries Ltd, Maharashtra
    '24AAACC1206D1ZM', // Gujarat
    '33AAACH7409R1Z8', // Tamil Nadu
    '27AAPFU0939F1ZV', // the GST portal's documented example
  ])('%s is valid and its check character is recomputed', (gstin) => {
    expect(gstinProblem(gstin)).toBeNull();
    expect(gstinCheckCharacter(gstin.slice(0, 14))).toBe(gstin[14]);
  });

  test.each([
    ['27AAACR5055K1Z', 'must be 15 characters'],
    ['27AAACR5055K1Z77', 'must be 15 characters'],
    ['27aaacr5055k1z7', 'must contain only digits and capital letters'],
    ['27AAACR5055K1Z-', 'must contain only digits and capital letters'],
    ['00AAACR5055K1Z7', 'must start with a GST state code (01–38)'],
    ['28AAACR5055K1Z7', 'must start with a GST state code (01–38)'],
    ['27AAAC05055K1Z7', 'must contain a PAN in characters 3–12 (5 letters, 4 digits, 1 letter)'],
    ['27AAACR50551K1Z', 'must contain a PAN in characters 3–12 (5 letters, 4 digits, 1 letter)'],
    ['27AAACR5055K0Z7', 'must have an entity number and Z in characters 13–14'],
    ['27AAACR5055K1Y7', 'must have an entity number and Z in characters 13–14'],
    ['27AAACR5055K1Z8', 'check character does not match'],
    ['72AAACR5055K1Z7', 'must start with a GST state code (01–38)'],
    ['27AAACR5505K1Z7', 'check character does not match'], // two digits swapped
  ])('%s is refused: %s', (gstin, problem) => {
    expect(gstinProblem(gstin)).toBe(problem);
    expect(isValidGstin(gstin)).toBe(false);
  });

  test('normalising removes spaces and upper-cases', () => {
    expect(normaliseGstin(' 27aaacr5055k1z7 ')).toBe('27AAACR5055K1Z7');
    expect(normaliseGstin('27 AAACR 5055K 1Z7')).toBe('27AAACR5055K1Z7');
  });

  test('the check character refuses a bad body', () => {
    expect(() => gstinCheckCharacter('27AAACR5055K1')).toThrow(RangeError);
  });
});
