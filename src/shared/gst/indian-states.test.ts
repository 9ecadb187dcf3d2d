import { describe, expect, test } from 'vitest';
import {
  findIndianState,
  INDIAN_STATE_NAMES,
  INDIAN_STATES,
  indianStateByCode,
  isKnownPinCode,
  pinCodeMatchesState,
  stateOfPinCode,
  statesOfPinCode,
} from './indian-states';

const named = (name: string) => findIndianState(name)!;

describe('Indian states and union territories', () => {
  test('there are 28 states and 8 union territories with unique names and codes', () => {
    expect(INDIAN_STATES.filter((entry) => entry.kind === 'state')).toHaveLength(28);
    expect(INDIAN_STATES.filter((entry) => entry.kind === 'union territory')).toHaveLength(8);
    expect(new Set(INDIAN_STATE_NAMES).size).toBe(36);
    expect(new Set(INDIAN_STATES.map((entry) => entry.code)).size).toBe(36);
    expect([...INDIAN_STATE_NAMES]).toEqual([...INDIAN_STATE_NAMES].sort());
  });

  test('GST state codes', () => {
    expect(named('Rajasthan').code).toBe('08');
    expect(named('Maharashtra').code).toBe('27');
    expect(named('Delhi').code).toBe('07');
    expect(named('Ladakh').code).toBe('38');
    expect(named('Dadra and Nagar Haveli and Daman and Diu').code).toBe('26');
    expect(indianStateByCode('37')?.name).toBe('Andhra Pradesh');
    expect(indianStateByCode('28')).toBeUndefined();
  });

  test('names are found regardless of case and spacing', () => {
    expect(findIndianState('  tamil   nadu ')?.name).toBe('Tamil Nadu');
    expect(findIndianState('Bombay')).toBeUndefined();
  });

  test.each([
    ['302001', 'Rajasthan', true],
    ['110001', 'Delhi', true],
    ['400001', 'Maharashtra', true],
    ['403001', 'Goa', true],
    ['160017', 'Chandigarh', true],
    ['160062', 'Punjab', true],
    ['744101', 'Andaman and Nicobar Islands', true],
    ['194101', 'Ladakh', true],
    ['605001', 'Puducherry', true],
    ['248001', 'Uttarakhand', true],
    ['221005', 'Uttar Pradesh', true],
    ['500001', 'Telangana', true],
    ['520001', 'Andhra Pradesh', true],
    ['110001', 'Rajasthan', false],
    ['302001', 'Delhi', false],
    ['400001', 'Karnataka', false],
    ['560001', 'Tamil Nadu', false],
    ['799001', 'Assam', false],
  ])('PIN code %s in %s: %s', (pin, stateName, matches) => {
    expect(pinCodeMatchesState(pin, named(stateName))).toBe(matches);
  });

  test('every state has at least one PIN range and every range is in order', () => {
    for (const entry of INDIAN_STATES) {
      expect(entry.pinPrefixes.length).toBeGreaterThan(0);
      for (const [from, to] of entry.pinPrefixes) {
        expect(from).toBeGreaterThanOrEqual(110);
        expect(to).toBeGreaterThanOrEqual(from);
        expect(to).toBeLessThanOrEqual(855);
      }
    }
  });
});

describe('the states of a PIN code', () => {
  test('a PIN code of no postal circle is not a PIN code', () => {
    expect(isKnownPinCode('999999')).toBe(false);
    expect(isKnownPinCode('100000')).toBe(false);
    expect(isKnownPinCode('302001')).toBe(true);
    expect(statesOfPinCode('403001').map((entry) => entry.name)).toEqual(['Goa', 'Maharashtra']);
    expect(stateOfPinCode('302001')?.name).toBe('Rajasthan');
    expect(stateOfPinCode('560001')?.name).toBe('Karnataka');
    expect(stateOfPinCode('403001')).toBeUndefined();
    expect(stateOfPinCode('999999')).toBeUndefined();
  });
});
