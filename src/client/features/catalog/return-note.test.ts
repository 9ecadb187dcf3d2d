import { describe, expect, it } from 'vitest';
import { NOT_RETURNABLE_NOTE, productReturnNote } from './return-note';

const sized = { returnable: true, variants: [{}, {}] };
const plain = { returnable: true, variants: [] };
const settings = { windowDays: 7, exchanges: true, pickupFee: 0, returnAddress: null };

describe('the product page return note', () => {
  it('names the window and size exchanges of a returnable product sold in sizes', () => {
    expect(productReturnNote(sized, settings)).toBe('7-day returns and size exchanges');
    expect(productReturnNote(sized, undefined)).toBe('7-day returns and size exchanges');
    expect(productReturnNote(sized, { ...settings, windowDays: 10 })).toBe(
      '10-day returns and size exchanges',
    );
  });

  it('names the window only without exchanges or without sizes', () => {
    expect(productReturnNote(sized, { ...settings, exchanges: false })).toBe('7-day returns');
    expect(productReturnNote(plain, settings)).toBe('7-day returns');
  });

  it('says the item cannot be returned when it is not returnable or the shop takes no returns', () => {
    expect(productReturnNote({ ...sized, returnable: false }, settings)).toBe(NOT_RETURNABLE_NOTE);
    expect(productReturnNote(sized, { ...settings, windowDays: 0 })).toBe('This item cannot be returned');
  });

  it('says nothing when the product answer does not carry returnable', () => {
    expect(productReturnNote({ variants: [] }, settings)).toBeNull();
  });
});
