/**
 * Money rules shared by the server and the storefront.
 *
 * The database and domain code keep amounts as integer **paise** (1 rupee = 100 paise); the API speaks
 * **rupees** as JSON numbers with at most 2 decimals (spec §3 shapes). Display follows spec §9: ₹ (never $),
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

const inrUpToTwoDecimals = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 0,
  maximumFractionDigits: 2,
});

const inrTwoDecimals = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/**
 * Formats an amount in **rupees** for cards, cart and checkout: ₹, en-IN grouping, up to 2 fraction digits
 * (spec §9). `formatRupees(124999)` → `₹1,24,999`; `formatRupees(1299.5)` → `₹1,299.5`.
 */
export function formatRupees(rupees: number): string {
  return inrUpToTwoDecimals.format(rupees);
}

/**
 * Formats an amount in **rupees** for order views (orders, order success, track order): ₹ with exactly
 * 2 decimals. `formatRupeesForOrder(124999)` → `₹1,24,999.00`.
 */
export function formatRupeesForOrder(rupees: number): string {
  return inrTwoDecimals.format(rupees);
}
