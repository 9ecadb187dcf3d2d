import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { compareSizes, sortSizes } from './size-order';

describe('compareSizes', () => {
  test('letter sizes from the smallest: XXS … 5XL, with 2XL in the place of XXL and 3XL of XXXL', () => {
    expect(sortSizes(['L', 'M', 'One Size', 'S', 'XL', 'XXL'])).toEqual([
      'S',
      'M',
      'L',
      'XL',
      'XXL',
      'One Size',
    ]);
    expect(sortSizes(['5XL', 'XXXL', '3XS', 'XS', '4XL', 'M', 'XXS', 'L', '2XL', 'S', 'XL'])).toEqual([
      '3XS',
      'XXS',
      'XS',
      'S',
      'M',
      'L',
      'XL',
      '2XL',
      'XXXL',
      '4XL',
      '5XL',
    ]);
    expect(sortSizes(['XXL', '2XL', '3XL', 'XXXL'])).toEqual(['2XL', 'XXL', '3XL', 'XXXL']);
  });

  test('letter case, spaces and dashes do not matter; Small, Medium, Large and Extra count as letters', () => {
    expect(sortSizes(['x-l', 'l', ' m ', 's', 'xs'])).toEqual(['xs', 's', ' m ', 'l', 'x-l']);
    expect(sortSizes(['Extra Large', 'Large', 'Medium', 'Small', 'XX-Large', 'Extra Small'])).toEqual([
      'Extra Small',
      'Small',
      'Medium',
      'Large',
      'Extra Large',
      'XX-Large',
    ]);
    expect(sortSizes(['XL', 'M', 'x-large', 'S'])).toEqual(['S', 'M', 'x-large', 'XL']);
  });

  test('numbers ascending, after the letter sizes; texts after a number by that number', () => {
    expect(sortSizes(['32', '28', '7.5', '30', '100', '8'])).toEqual(['7.5', '8', '28', '30', '32', '100']);
    expect(sortSizes(['34', 'M', '28', 'S'])).toEqual(['S', 'M', '28', '34']);
    expect(sortSizes(['10-11 Years', '2-3 Years', '4-5 Years'])).toEqual([
      '2-3 Years',
      '4-5 Years',
      '10-11 Years',
    ]);
    expect(sortSizes(['32 W', '32', '30 W'])).toEqual(['30 W', '32', '32 W']);
  });

  test('free sizes after letters and numbers; unknown texts last, alphabetically with letter case ignored', () => {
    expect(sortSizes(['Free Size', '40', 'XL', 'S'])).toEqual(['S', 'XL', '40', 'Free Size']);
    expect(sortSizes(['Custom', 'One Size', 'M', 'petite', 'Freesize', 'Tall', 'free'])).toEqual([
      'M',
      'free',
      'Freesize',
      'One Size',
      'Custom',
      'petite',
      'Tall',
    ]);
    expect(sortSizes(['0XL', 'S/M', 'M'])).toEqual(['M', '0XL', 'S/M']);
  });

  test('sizes of the same place by their text: letter case ignored, then by code point', () => {
    expect(sortSizes(['m', 'M', 'xxl', '2XL', 'XXL'])).toEqual(['M', 'm', '2XL', 'XXL', 'xxl']);
    expect(sortSizes(['28.0', '28', '028'])).toEqual(['028', '28', '28.0']);
    expect(compareSizes('M', 'M')).toBe(0);
  });

  test('sortSizes leaves the list it is given as it was', () => {
    const sizes = ['L', 'S'];
    expect(sortSizes(sizes)).toEqual(['S', 'L']);
    expect(sizes).toEqual(['L', 'S']);
  });
});

/** Known sizes in any spelling, numbers, number-led texts, free sizes and any text at all. */
const size = fc.oneof(
  fc.constantFrom(
    'XS',
    'S',
    'M',
    'L',
    'XL',
    'XXL',
    '2XL',
    '3XL',
    'xxs',
    'x-l',
    'Medium',
    'Extra Large',
    '0XL',
  ),
  fc.constantFrom('Free Size', 'One Size', 'free', 'Custom', ''),
  fc.integer({ min: 0, max: 60 }).map(String),
  fc.tuple(fc.integer({ min: 0, max: 20 }), fc.string({ maxLength: 4 })).map(([n, rest]) => `${n}${rest}`),
  fc
    .tuple(fc.integer({ min: 0, max: 6 }), fc.constantFrom('XL', 'XS', 'X'))
    .map(([n, rest]) => `${n}${rest}`),
  fc.string({ maxLength: 8 }),
  fc.string({ unit: fc.constantFrom('x', 'X', 's', 'l', 'm', '-', ' ', '1', '2', '.'), maxLength: 5 }),
);

describe('compareSizes is a total order, for random sizes', () => {
  test('0 exactly for the same text, and swapping the two flips the sign', () => {
    fc.assert(
      fc.property(size, size, (a, b) => {
        expect(compareSizes(a, a)).toBe(0);
        expect(compareSizes(a, b) === 0).toBe(a === b);
        expect(Math.sign(compareSizes(b, a)) + Math.sign(compareSizes(a, b))).toBe(0);
      }),
      { numRuns: 5_000 },
    );
  });

  test('transitive: a before b and b before c puts a before c, for every order of three sizes', () => {
    fc.assert(
      fc.property(size, size, size, (a, b, c) => {
        const orders = [
          [a, b, c],
          [a, c, b],
          [b, a, c],
          [b, c, a],
          [c, a, b],
          [c, b, a],
        ] as const;
        for (const [x, y, z] of orders) {
          if (compareSizes(x, y) <= 0 && compareSizes(y, z) <= 0)
            expect(compareSizes(x, z)).toBeLessThanOrEqual(0);
        }
      }),
      { numRuns: 5_000 },
    );
  });

  test('a sorted list is the same whatever order the sizes came in', () => {
    fc.assert(
      fc.property(fc.array(size, { maxLength: 12 }), fc.nat(), (sizes, seed) => {
        const shuffled = [...sizes].sort(
          (a, b) => ((a.length * 31 + seed) % 7) - ((b.length * 31 + seed) % 7),
        );
        expect(sortSizes(shuffled)).toEqual(sortSizes(sizes));
      }),
      { numRuns: 2_000 },
    );
  });
});
