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

/**
 * `rupees` as ₹ with Indian digit grouping — the last three digits, then pairs (₹1,24,999) — and the paise as
 * 2 fraction digits, or, with `trimFraction`, none for whole rupees and no trailing zero (₹1,299.5). Rounds to
 * the paisa, half away from zero on the amount as written; negative amounts get a leading minus (-₹50). Gives what
 * `Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' })` gives (the tests compare both), without
 * it: building that formatter loads the browser's locale data, about 25 ms of a phone's first page load.
 */
function formatInr(rupees: number, trimFraction: boolean): string {
  // Rounded on the amount's shortest decimal spelling, as ICU does (1.005 → 1.01, though 1.005 × 100 is 100.4999…).
  const spelt = String(Math.abs(rupees));
  const paise = Math.round(spelt.includes('e') ? Math.abs(rupees) * 100 : Number(`${spelt}e2`));
  const whole = String(Math.floor(paise / 100));
  const head = whole.slice(0, -3);
  const grouped = head === '' ? whole : `${head.replace(/\B(?=(\d{2})+$)/g, ',')},${whole.slice(-3)}`;
  const fraction = String(paise % 100).padStart(2, '0');
  const decimals = trimFraction ? fraction.replace(/0+$/, '') : fraction;
  const sign = rupees < 0 && paise > 0 ? '-' : '';
  return `${sign}₹${grouped}${decimals === '' ? '' : `.${decimals}`}`;
}

/**
 * Formats an amount in **rupees** for cards, cart and checkout: ₹, en-IN grouping, up to 2 fraction digits
 * (docs/product.md §9). `formatRupees(124999)` → `₹1,24,999`; `formatRupees(1299.5)` → `₹1,299.5`.
 */
export function formatRupees(rupees: number): string {
  return formatInr(rupees, true);
}

/**
 * Formats an amount in **rupees** for order views (orders, order success, track order): ₹ with exactly
 * 2 decimals. `formatRupeesForOrder(124999)` → `₹1,24,999.00`.
 */
export function formatRupeesForOrder(rupees: number): string {
  return formatInr(rupees, false);
}
