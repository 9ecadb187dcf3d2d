/**
 * How the admin names a way of paying (docs/admin.md "Orders", docs/payments.md): 'Cash on delivery', 'UPI',
 * 'Card / net banking' (PayU, Razorpay) or 'Card / net banking (test)' (a built-in sandbox gateway) — never the
 * codes the database keeps (`cod`, `upi`, `payu`, `payu-sandbox`, `razorpay`, `razorpay-sandbox`). Used by the order list, its filter, the order page,
 * the dashboard and the CSV export.
 */

/** The words of each payment provider code, and of the list filter's `gateway` (either gateway). */
const PAYMENT_LABELS: Record<string, string> = {
  cod: 'Cash on delivery',
  upi: 'UPI',
  payu: 'Card / net banking',
  'payu-sandbox': 'Card / net banking (test)',
  razorpay: 'Card / net banking',
  'razorpay-sandbox': 'Card / net banking (test)',
  gateway: 'Card / net banking',
};

/** The gateway's own name (the admin's Payment settings): 'PayU', 'Razorpay sandbox', … */
const GATEWAY_NAMES: Record<string, string> = {
  payu: 'PayU',
  'payu-sandbox': 'PayU sandbox',
  razorpay: 'Razorpay',
  'razorpay-sandbox': 'Razorpay sandbox',
};

/** The name of a card gateway's provider code: `gatewayName('razorpay-sandbox')` → 'Razorpay sandbox'. */
export function gatewayName(provider: string): string {
  return GATEWAY_NAMES[provider] ?? provider;
}

/**
 * The words of a payment provider (`payments.provider`) or of an admin payment filter value
 * (`upi`, `gateway`, `cod`): `paymentLabel('payu-sandbox')` → 'Card / net banking (test)'; null (no payment
 * yet) → 'Unpaid'; an unknown code → 'Other payment'.
 */
export function paymentLabel(provider: string | null): string {
  if (provider === null) return 'Unpaid';
  return PAYMENT_LABELS[provider] ?? 'Other payment';
}

/** The words of how a payment was made (`payments.method`), or null when the provider says it all. */
const METHOD_DETAILS: Record<string, string> = {
  upi_qr: 'QR code',
  upi_intent: 'UPI app',
  upi: 'confirmed by the bank',
  manual: 'marked paid in the admin',
};

/**
 * A payment as one phrase: the provider's words with how it was made, 'UPI (QR code)', 'UPI (marked paid in
 * the admin)', 'Card / net banking (test)', 'Cash on delivery'.
 */
export function paymentMethodText(provider: string, method: string): string {
  const detail = METHOD_DETAILS[method];
  return detail ? `${paymentLabel(provider)} (${detail})` : paymentLabel(provider);
}

/** The words of a payment attempt's state (`payments.status`): 'Started', 'Paid', 'Failed'. */
export function paymentStatusLabel(status: string): string {
  return { initiated: 'Started', succeeded: 'Paid', failed: 'Failed' }[status] ?? status;
}
