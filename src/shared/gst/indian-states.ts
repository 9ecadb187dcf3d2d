/**
 * The 28 states and 8 union territories of India with their GST state codes (the first two digits of a
 * GSTIN, as listed by the GST Network) and the first three digits of the PIN codes India Post assigns to them.
 * Used for the checkout's State select, the place of supply of an order and the PIN-code check.
 */

/** One state or union territory. `pinPrefixes` are inclusive ranges of the first three digits of its PIN codes. */
export interface IndianState {
  /** The name as the checkout shows and the order stores it, e.g. `Rajasthan`. */
  name: string;
  /** GST state code, two digits, e.g. `08`. */
  code: string;
  kind: 'state' | 'union territory';
  pinPrefixes: readonly (readonly [number, number])[];
}

const state = (
  name: string,
  code: string,
  pinPrefixes: readonly (readonly [number, number])[],
  kind: IndianState['kind'] = 'state',
): IndianState => ({ name, code, kind, pinPrefixes });
const ut = (name: string, code: string, pinPrefixes: readonly (readonly [number, number])[]) =>
  state(name, code, pinPrefixes, 'union territory');

/**
 * All 36, in alphabetical order of name. PIN ranges follow India Post's postal circles; where a circle serves
 * two territories (Chandigarh within Punjab's 160, Goa within Maharashtra's 403, Puducherry's enclaves, …) both
 * keep the prefix, so the check refuses only what cannot belong to the state.
 */
export const INDIAN_STATES: readonly IndianState[] = [
  ut('Andaman and Nicobar Islands', '35', [[744, 744]]),
  state('Andhra Pradesh', '37', [
    [507, 507],
    [515, 535],
  ]),
  state('Arunachal Pradesh', '12', [[790, 792]]),
  state('Assam', '18', [[781, 788]]),
  state('Bihar', '10', [[800, 855]]),
  ut('Chandigarh', '04', [[160, 160]]),
  state('Chhattisgarh', '22', [[490, 497]]),
  ut('Dadra and Nagar Haveli and Daman and Diu', '26', [
    [362, 362],
    [396, 396],
  ]),
  ut('Delhi', '07', [[110, 110]]),
  state('Goa', '30', [[403, 403]]),
  state('Gujarat', '24', [[360, 396]]),
  state('Haryana', '06', [[121, 136]]),
  state('Himachal Pradesh', '02', [[171, 177]]),
  ut('Jammu and Kashmir', '01', [[180, 194]]),
  state('Jharkhand', '20', [[813, 835]]),
  state('Karnataka', '29', [[560, 591]]),
  state('Kerala', '32', [[670, 695]]),
  ut('Ladakh', '38', [[194, 194]]),
  ut('Lakshadweep', '31', [[682, 682]]),
  state('Madhya Pradesh', '23', [[450, 488]]),
  state('Maharashtra', '27', [[400, 445]]),
  state('Manipur', '14', [[795, 795]]),
  state('Meghalaya', '17', [[793, 794]]),
  state('Mizoram', '15', [[796, 796]]),
  state('Nagaland', '13', [[797, 798]]),
  state('Odisha', '21', [[751, 770]]),
  ut('Puducherry', '34', [
    [533, 533],
    [605, 605],
    [607, 607],
    [609, 609],
    [673, 673],
  ]),
  state('Punjab', '03', [[140, 160]]),
  state('Rajasthan', '08', [[301, 345]]),
  state('Sikkim', '11', [[737, 737]]),
  state('Tamil Nadu', '33', [[600, 643]]),
  state('Telangana', '36', [[500, 509]]),
  state('Tripura', '16', [[799, 799]]),
  state('Uttar Pradesh', '09', [[201, 285]]),
  state('Uttarakhand', '05', [
    [244, 244],
    [246, 249],
    [262, 263],
  ]),
  state('West Bengal', '19', [[700, 743]]),
];

/** The names of {@link INDIAN_STATES}, in the same order: the options of the checkout's State select. */
export const INDIAN_STATE_NAMES: readonly string[] = INDIAN_STATES.map((entry) => entry.name);

const byLowerName = new Map(INDIAN_STATES.map((entry) => [entry.name.toLowerCase(), entry]));
const byCode = new Map(INDIAN_STATES.map((entry) => [entry.code, entry]));

/** The state or union territory named `name` (letter case and surrounding spaces ignored), or undefined. */
export function findIndianState(name: string): IndianState | undefined {
  return byLowerName.get(name.trim().replace(/\s+/g, ' ').toLowerCase());
}

/** The state or union territory with GST state code `code` (two digits, e.g. `08`), or undefined. */
export function indianStateByCode(code: string): IndianState | undefined {
  return byCode.get(code);
}

/** The message under the State field when it is not one of the 36. */
export const UNKNOWN_STATE_MESSAGE = 'must be one of the 36 states and union territories';
/** The message under the PIN code when its first digits belong to other states only. */
export const PIN_STATE_MISMATCH_MESSAGE = 'PIN code does not match the state';

/**
 * Whether a six-digit PIN code can belong to `state`: its first three digits fall in one of the state's
 * India Post ranges. `pinCodeMatchesState('302001', rajasthan)` → true; `'110001'` → false.
 */
export function pinCodeMatchesState(pinCode: string, indianState: IndianState): boolean {
  const prefix = Number(pinCode.trim().slice(0, 3));
  return indianState.pinPrefixes.some(([from, to]) => prefix >= from && prefix <= to);
}

/** The message for a PIN code whose first three digits belong to no postal circle (docs/delivery.md). */
export const INVALID_PIN_MESSAGE = 'Enter a valid PIN code';

/**
 * The states and union territories whose India Post ranges hold the first three digits of `pinCode`, in
 * alphabetical order: none for a PIN code no postal circle uses (`'999999'`, `'100000'`), one for most, two
 * where circles share a prefix (`'403001'` → Goa and Maharashtra). Only the first three characters are read.
 */
export function statesOfPinCode(pinCode: string): IndianState[] {
  const prefix = Number(pinCode.trim().slice(0, 3));
  if (!Number.isInteger(prefix)) return [];
  return INDIAN_STATES.filter((entry) => pinCodeMatchesState(pinCode, entry));
}

/** Whether a PIN code can exist: its first three digits belong to some state or union territory. */
export function isKnownPinCode(pinCode: string): boolean {
  return statesOfPinCode(pinCode).length > 0;
}

/**
 * The one state a PIN code belongs to, for filling in the checkout's State field, or undefined when its first
 * three digits belong to none or to several (`'403001'`: Goa and Maharashtra; the shopper chooses).
 * `stateOfPinCode('302001')?.name` → `'Rajasthan'`.
 */
export function stateOfPinCode(pinCode: string): IndianState | undefined {
  const states = statesOfPinCode(pinCode);
  return states.length === 1 ? states[0] : undefined;
}
