/**
 * Money rules shared by the server and the storefront.
 *
 * The database and domain code keep amounts as integer **paise** (1 rupee = 100 paise); the API speaks
 * **rupees** as JSON numbers with at most 2 decimals (docs/product.md §3 shapes). Display follows docs/product.md §9: ₹ (never $),
 * en-IN digit grouping (₹1,24,999).
 */

/** Converts an amount in rupees (number, at most 2 decimals) to integer paise. Rounds half away from zero. */
export function rupeesToPaise(rupees: number): number {
  return Math.round(rupees * 100);
}

/** Converts integer paise to rupees (number with at most 2 decimals), as the API returns them. */
export function paiseToRupees(paise: number): number {
  return paise / 100;
}

/** Indian digit grouping of a whole number's digits: '124999' → '1,24,999' (the last three, then pairs). */
function groupIndianDigits(digits: string): string {
  const head = digits.slice(0, -3);
  return head === '' ? digits : `${head.replace(/\B(?=(\d{2})+$)/g, ',')},${digits.slice(-3)}`;
}

/**
 * Formats a whole count for people (not money: see {@link formatRupees}) with the Indian digit grouping of
 * docs/product.md §9: `formatIndianNumber(2000)` → `2,000`, `formatIndianNumber(124999)` → `1,24,999`. Rounds to
 * a whole number. What `toLocaleString('en-IN')` gives a whole number, without loading the locale data (about
 * 25 ms of a phone's first page load, and of the server's start, when a schema's message builds it).
 */
export function formatIndianNumber(count: number): string {
  const whole = Math.round(Math.abs(count));
  return `${count < 0 && whole > 0 ? '-' : ''}${groupIndianDigits(String(whole))}`;
}

/**
 * Formats an amount in **rupees** for people — storefront, admin, e-mails, PDFs and the command line — by the one
 * money rule of docs/product.md §9: ₹, Indian digit grouping (the last three digits, then pairs), no decimals for
 * whole rupees and otherwise exactly 2. `formatRupees(124999)` → `₹1,24,999`; `formatRupees(2747.5)` →
 * `₹2,747.50`; `formatRupees(19.9)` → `₹19.90`. Rounds to the paisa, half away from zero on the amount as written
 * (1.005 → ₹1.01), so an amount that rounds to whole rupees has no decimals (999.999 → ₹1,000); negative amounts
 * get a leading minus (-₹50). Gives what `Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' })`
 * gives with 0 or 2 fraction digits (the tests compare both), without it: building that formatter loads the
 * browser's locale data, about 25 ms of a phone's first page load. Machine formats (CSV and GSTR-1 sheets,
 * JSON-LD, meta tags) do not use it.
 */
export function formatRupees(rupees: number): string {
  // Rounded on the amount's shortest decimal spelling, as ICU does (1.005 → 1.01, though 1.005 × 100 is 100.4999…).
  const spelt = String(Math.abs(rupees));
  const paise = Math.round(spelt.includes('e') ? Math.abs(rupees) * 100 : Number(`${spelt}e2`));
  const grouped = groupIndianDigits(String(Math.floor(paise / 100)));
  const fraction = paise % 100 === 0 ? '' : `.${String(paise % 100).padStart(2, '0')}`;
  const sign = rupees < 0 && paise > 0 ? '-' : '';
  return `${sign}₹${grouped}${fraction}`;
}
