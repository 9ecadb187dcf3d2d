/**
 * Our page that opens Razorpay's Checkout (docs/payments.md "Razorpay"; Razorpay docs "Standard Checkout"):
 * the only page that loads `https://checkout.razorpay.com/v1/checkout.js`, under its own CSP
 * (./html.ts `RAZORPAY_CHECKOUT_CSP`). Its options are a JSON data block (never executed), read by our script
 * (`/api/v1/payments/razorpay/checkout.js`, `script-src 'self'`), which opens Checkout and, when Checkout's
 * `handler` receives the payment, posts `razorpay_payment_id`, `razorpay_order_id` and `razorpay_signature` to
 * our return route. Closing Checkout goes back to the shop's Payment page.
 */
import { formatRupees, paiseToRupees } from '@shared/money';
import { escapeHtml } from '../../html-escape';
import { renderPage } from './html';
import type { RazorpayAttempt } from './razorpay-attempts';
import { RAZORPAY_CALLBACK_PATH, RAZORPAY_CHECKOUT_SCRIPT_PATH } from './settings';

/** Razorpay's Checkout script (Razorpay requires loading it from its own host). */
export const RAZORPAY_CHECKOUT_SCRIPT_URL = 'https://checkout.razorpay.com/v1/checkout.js';

/** The JSON of a data block, safe inside `<script type="application/json">` (no `<`, `>`, `&`). */
const jsonForHtml = (value: unknown) =>
  JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );

/** The Checkout page of `attempt` (Razorpay order `orderId`) for key `keyId`. */
export function razorpayCheckoutPage(input: {
  keyId: string;
  orderId: string;
  attempt: RazorpayAttempt;
}): string {
  const { attempt } = input;
  const amount = formatRupees(paiseToRupees(attempt.amountPaise));
  const back = `/payment?orderId=${encodeURIComponent(attempt.orderNumber)}`;
  const options = {
    key: input.keyId,
    order_id: input.orderId,
    amount: attempt.amountPaise,
    currency: 'INR',
    name: attempt.shopName,
    description: `Order ${attempt.orderNumber}`,
    prefill: { name: attempt.payer.name, email: attempt.payer.email, contact: attempt.payer.phone },
    notes: { orderNumber: attempt.orderNumber },
  };
  return renderPage({
    title: `Pay ${amount} — ${attempt.shopName}`,
    scripts: [RAZORPAY_CHECKOUT_SCRIPT_URL, RAZORPAY_CHECKOUT_SCRIPT_PATH],
    body: `<main>
<h1>Pay ${escapeHtml(amount)} for order ${escapeHtml(attempt.orderNumber)}</h1>
<p class="note">Razorpay's secure checkout opens on this page: UPI, cards, net banking and wallets.</p>
<script type="application/json" id="razorpay-options">${jsonForHtml(options)}</script>
<form method="post" action="${escapeHtml(RAZORPAY_CALLBACK_PATH)}" id="razorpay-return" data-back="${escapeHtml(back)}">
<input type="hidden" name="razorpay_payment_id" value="">
<input type="hidden" name="razorpay_order_id" value="">
<input type="hidden" name="razorpay_signature" value="">
<div class="actions"><button type="button" id="razorpay-open">Pay ${escapeHtml(amount)}</button></div>
</form>
<p class="note"><a href="${escapeHtml(back)}">Choose another way to pay</a></p>
</main>`,
  });
}

/**
 * Our Checkout script: opens Razorpay's Checkout with the page's options (and again on the button), posts the
 * signed payment to the return route, and goes back to the Payment page when the shopper closes Checkout.
 */
export const RAZORPAY_CHECKOUT_SCRIPT = `(function () {
  var data = document.getElementById('razorpay-options');
  var form = document.getElementById('razorpay-return');
  var button = document.getElementById('razorpay-open');
  if (!data || !form || typeof window.Razorpay !== 'function') return;
  var options = JSON.parse(data.textContent);
  options.handler = function (response) {
    form.elements.razorpay_payment_id.value = response.razorpay_payment_id;
    form.elements.razorpay_order_id.value = response.razorpay_order_id;
    form.elements.razorpay_signature.value = response.razorpay_signature;
    form.submit();
  };
  options.modal = { ondismiss: function () { window.location.assign(form.getAttribute('data-back')); } };
  var checkout = new window.Razorpay(options);
  if (button) button.addEventListener('click', function () { checkout.open(); });
  checkout.open();
})();
`;
