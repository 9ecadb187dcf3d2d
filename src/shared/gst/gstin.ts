/**
 * GSTIN (Goods and Services Tax Identification Number) validation. A GSTIN has 15 characters: the 2-digit GST
 * state code, the holder's 10-character PAN (5 letters, 4 digits, 1 letter), the entity number (1–9, A–Z),
 * `Z`, and a check character computed over the first 14 with the Luhn mod 36 algorithm (alphabet 0–9 then A–Z,
 * factors 1, 2, 1, 2, … from the left), as the GST Network publishes it.
 */
import { indianStateByCode } from './indian-states';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** The GST state codes a GSTIN may start with: the 36 states and union territories, and 97 (Other Territory). */
function isGstStateCode(code: string): boolean {
  return indianStateByCode(code) !== undefined || code === '97';
}

/**
 * The check character of the first 14 characters of a GSTIN (upper case, 0–9 A–Z): Luhn mod 36.
 * Throws a RangeError when `first14` is not 14 such characters.
 */
export function gstinCheckCharacter(first14: string): string {
  if (!/^[0-9A-Z]{14}$/.test(first14)) throw new RangeError('a GSTIN body is 14 characters 0-9 or A-Z');
  let sum = 0;
  for (let index = 0; index < 14; index += 1) {
    const product = ALPHABET.indexOf(first14[index]!) * (index % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return ALPHABET[(36 - (sum % 36)) % 36]!;
}

/**
 * Why `gstin` is not a valid GSTIN, or null when it is. Checks, in order: length, characters, state code,
 * PAN pattern, entity number and `Z`, check character. Expects the value already trimmed and upper-cased
 * (see {@link normaliseGstin}).
 */
export function gstinProblem(gstin: string): string | null {
  if (gstin.length !== 15) return 'must be 15 characters';
  if (!/^[0-9A-Z]{15}$/.test(gstin)) return 'must contain only digits and capital letters';
  if (!isGstStateCode(gstin.slice(0, 2))) return 'must start with a GST state code (01–38)';
  if (!/^[A-Z]{5}[0-9]{4}[A-Z]$/.test(gstin.slice(2, 12))) {
    return 'must contain a PAN in characters 3–12 (5 letters, 4 digits, 1 letter)';
  }
  if (!/^[1-9A-Z]Z$/.test(gstin.slice(12, 14))) return 'must have an entity number and Z in characters 13–14';
  if (gstinCheckCharacter(gstin.slice(0, 14)) !== gstin[14]) return 'check character does not match';
  return null;
}

/** `gstin` trimmed, inner spaces removed and upper-cased, as it is stored. */
export function normaliseGstin(gstin: string): string {
  return gstin.replace(/\s+/g, '').toUpperCase();
}

/** Whether `gstin` (already normalised) is a valid GSTIN. */
export function isValidGstin(gstin: string): boolean {
  return gstinProblem(gstin) === null;
}
