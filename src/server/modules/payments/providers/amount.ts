/**
 * Amount strings of the payment protocols: rupees with exactly two decimals (`1299.00`), built from integer
 * paise without floating point, and read back strictly.
 */

/** `129900` → `'1299.00'`; `5` → `'0.05'`. */
export function formatPaiseAmount(paise: number): string {
  if (!Number.isSafeInteger(paise) || paise < 0) throw new RangeError(`Not an amount in paise: ${paise}`);
  const rupees = Math.floor(paise / 100);
  const rest = paise % 100;
  return `${rupees}.${String(rest).padStart(2, '0')}`;
}

const AMOUNT = /^(\d{1,13})(?:\.(\d{1,2}))?$/;

/**
 * The paise of a rupee amount string with at most two decimals (`'1299'`, `'1299.5'`, `'1299.50'`), or null
 * for anything else (signs, exponents, spaces, more decimals).
 */
export function parseAmountToPaise(text: string): number | null {
  const match = AMOUNT.exec(text);
  if (!match) return null;
  const fraction = (match[2] ?? '').padEnd(2, '0');
  return Number(match[1]) * 100 + Number(fraction);
}
