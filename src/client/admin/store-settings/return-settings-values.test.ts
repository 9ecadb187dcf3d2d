import { describe, expect, it } from 'vitest';
import { returnFormSchema, toReturnForm } from './return-settings-values';

const form = { windowDays: '10', exchanges: false, pickupFee: '99', returnAddress: '  ' };

describe('the Returns form', () => {
  it('turns the typed texts into the settings body, a blank address into none', () => {
    expect(returnFormSchema.parse(form)).toEqual({
      windowDays: 10,
      exchanges: false,
      pickupFee: 99,
      returnAddress: null,
    });
    expect(returnFormSchema.parse({ ...form, pickupFee: '49.50', returnAddress: 'Surat' })).toMatchObject({
      pickupFee: 49.5,
      returnAddress: 'Surat',
    });
  });

  it('names each bad field with the form and the shared messages', () => {
    const problems = (values: typeof form) =>
      Object.fromEntries(
        (returnFormSchema.safeParse(values).error?.issues ?? []).map((issue) => [
          issue.path.join('.'),
          issue.message,
        ]),
      );
    expect(problems({ ...form, windowDays: 'seven', pickupFee: '9.999' })).toEqual({
      windowDays: 'Enter a number of days, e.g. 7',
      pickupFee: 'Enter an amount in rupees, e.g. 49 or 49.50',
    });
    expect(problems({ ...form, windowDays: '91', pickupFee: '10001' })).toEqual({
      windowDays: 'must be at most 90',
      pickupFee: 'must be at most 10000',
    });
    expect(problems({ ...form, returnAddress: 'x'.repeat(501) })).toEqual({
      returnAddress: 'must be at most 500 characters',
    });
  });

  it('fills the form from the settings', () => {
    expect(toReturnForm({ windowDays: 7, exchanges: true, pickupFee: 0, returnAddress: null })).toEqual({
      windowDays: '7',
      exchanges: true,
      pickupFee: '0',
      returnAddress: '',
    });
  });
});
