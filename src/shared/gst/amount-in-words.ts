/**
 * Amounts in words in the Indian numbering system (thousand, lakh = 1,00,000, crore = 1,00,00,000), as tax
 * invoices print their totals (CGST Rule 46 asks for the total in figures and in words).
 */

const ONES = [
  'Zero',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

/** 0–99 in words: `Twenty-Four`. */
function belowHundred(value: number): string {
  if (value < 20) return ONES[value]!;
  const ones = value % 10;
  return ones === 0 ? TENS[Math.floor(value / 10)]! : `${TENS[Math.floor(value / 10)]}-${ONES[ones]}`;
}

/** 1–999 in words, without "and": `Nine Hundred Ninety-Nine`. */
function belowThousand(value: number): string {
  const hundreds = Math.floor(value / 100);
  const rest = value % 100;
  const parts: string[] = [];
  if (hundreds > 0) parts.push(`${ONES[hundreds]} Hundred`);
  if (rest > 0) parts.push(belowHundred(rest));
  return parts.join(' ');
}

/**
 * A whole number (≥ 0) in words in the Indian system: `124999` → `One Lakh Twenty-Four Thousand Nine Hundred
 * Ninety-Nine`; crores above 99 repeat the system (`1,00,00,00,000` → `One Hundred Crore`).
 */
export function numberInIndianWords(value: number): string {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError('a whole number, 0 or more');
  if (value === 0) return 'Zero';
  const parts: string[] = [];
  const crores = Math.floor(value / 10_000_000);
  const lakhs = Math.floor((value % 10_000_000) / 100_000);
  const thousands = Math.floor((value % 100_000) / 1_000);
  const rest = value % 1_000;
  if (crores > 0) parts.push(`${numberInIndianWords(crores)} Crore`);
  if (lakhs > 0) parts.push(`${belowHundred(lakhs)} Lakh`);
  if (thousands > 0) parts.push(`${belowHundred(thousands)} Thousand`);
  if (rest > 0) parts.push(belowThousand(rest));
  return parts.join(' ');
}

/**
 * An amount in **paise** in words for an invoice: `12_499_950` → `Rupees One Lakh Twenty-Four Thousand Nine
 * Hundred Ninety-Nine and Fifty Paise Only`; whole rupees end `… Only` without paise; below one rupee,
 * `Rupees Zero and Fifty Paise Only`. Throws a RangeError for a negative or fractional amount.
 */
export function amountInWords(paise: number): string {
  if (!Number.isSafeInteger(paise) || paise < 0) throw new RangeError('an amount is a whole number of paise');
  const rupees = Math.floor(paise / 100);
  const rest = paise % 100;
  const rupeesPart = `Rupees ${numberInIndianWords(rupees)}`;
  return rest === 0 ? `${rupeesPart} Only` : `${rupeesPart} and ${belowHundred(rest)} Paise Only`;
}
