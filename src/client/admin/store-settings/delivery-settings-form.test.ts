import { describe, expect, it } from 'vitest';
import {
  deliveryFormSchema,
  formFieldOf,
  splitList,
  toDeliveryForm,
  type DeliveryForm,
} from './delivery-settings-form';

const form: DeliveryForm = {
  flatCharge: '99',
  freeAbove: '',
  minDays: '3',
  maxDays: '7',
  unservedPinPrefixes: '744, 682559',
  zones: [
    { name: 'Rajasthan', states: 'Rajasthan', pinPrefixes: '', charge: '49', minDays: '2', maxDays: '3' },
  ],
  codEnabled: true,
  codFee: '49',
  codMaxOrderValue: '5000',
  codPinPrefixes: '',
};

describe('the delivery settings form', () => {
  it('turns the texts into the settings body and back', () => {
    const body = deliveryFormSchema.parse(form);
    expect(body).toEqual({
      flatCharge: 99,
      freeAbove: null,
      minDays: 3,
      maxDays: 7,
      unservedPinPrefixes: ['744', '682559'],
      zones: [
        { name: 'Rajasthan', states: ['Rajasthan'], pinPrefixes: [], charge: 49, minDays: 2, maxDays: 3 },
      ],
      cod: { enabled: true, fee: 49, maxOrderValue: 5000, pinPrefixes: [] },
    });
    expect(toDeliveryForm(body)).toEqual({ ...form, unservedPinPrefixes: '744, 682559' });
  });

  it('names the bad field with a sentence', () => {
    const result = deliveryFormSchema.safeParse({
      ...form,
      flatCharge: '-1',
      unservedPinPrefixes: '744, 07',
      zones: [{ ...form.zones[0]!, states: 'Rajasthan, Gondwana' }],
    });
    const issues = Object.fromEntries(
      result.error!.issues.map((issue) => [issue.path.join('.'), issue.message]),
    );
    expect(issues).toEqual({
      flatCharge: 'Enter an amount in rupees, e.g. 49 or 49.50',
      unservedPinPrefixes: "'07' is not 1 to 6 digits of a PIN code",
      'zones.0.states': "'Gondwana' must be one of the 36 states and union territories",
    });
  });

  it("reports the shared schema's cross-field rules on the form's fields", () => {
    const result = deliveryFormSchema.safeParse({
      ...form,
      minDays: '5',
      maxDays: '2',
      zones: [{ ...form.zones[0]!, states: '' }],
    });
    const issues = Object.fromEntries(
      result.error!.issues.map((issue) => [issue.path.join('.'), issue.message]),
    );
    expect(issues).toEqual({
      maxDays: 'must not be less than minDays',
      'zones.0.states': 'a zone needs states or pinPrefixes',
    });
  });

  it("maps the server's field paths onto the form", () => {
    expect(formFieldOf('cod.fee')).toBe('codFee');
    expect(formFieldOf('cod.pinPrefixes.1')).toBe('codPinPrefixes');
    expect(formFieldOf('zones.0.pinPrefixes.2')).toBe('zones.0.pinPrefixes');
    expect(formFieldOf('unservedPinPrefixes.0')).toBe('unservedPinPrefixes');
    expect(formFieldOf('maxDays')).toBe('maxDays');
    expect(splitList(' 30, ,11\n12 ')).toEqual(['30', '11', '12']);
  });
});
