/**
 * The default Refund and Cancellation and Return Policy texts (docs/product.md §2 "Policy pages", §9 "Default
 * policy text"), written from the store's return settings (docs/returns.md "Settings"): the real return window
 * ('7 days from delivery'), whether size and colour exchanges are offered, the return pickup fee deducted from
 * the refund, that fabric cut to length is not returnable, and the return address (else the company address);
 * with a window of 0 days, that the shop does not accept returns. HTML with the policy placeholders
 * ({companyName}, …), filled and sanitised like a store's own texts. A store's own text is never rewritten.
 */
import { formatRupees } from '@shared/money';
import type { StoreInfo } from '@shared/store-settings/store-info-schema';
import { escapeHtml } from './policy-placeholders';
import { CANCELLATION_AND_RETURN_WINDOW, GRIEVANCE_OFFICER, REFUND_CREDIT_TIME } from './policy-text-parts';

/** The return settings a policy text reads (store info's `returns`). */
export type ReturnPolicySettings = NonNullable<StoreInfo['returns']>;

/** The settings of a store that set none (src/shared/returns/return-schemas.ts DEFAULT_RETURN_SETTINGS). */
export const DEFAULT_RETURN_POLICY_SETTINGS: ReturnPolicySettings = {
  windowDays: 7,
  exchanges: true,
  pickupFee: 0,
  returnAddress: null,
};

/** '7 days' / '1 day'. */
const daysText = (days: number) => `${days} ${days === 1 ? 'day' : 'days'}`;

/** The return address as one escaped line (its line breaks as commas), else the company address placeholder. */
function returnAddressOf(settings: ReturnPolicySettings): string {
  const lines = (settings.returnAddress ?? '')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
  return lines.length > 0 ? escapeHtml(lines.join(', ')) : '{companyAddress}';
}

/** The sentence about the pickup fee: deducted from the refund, or none. */
function pickupFeeText(settings: ReturnPolicySettings): string {
  return settings.pickupFee > 0
    ? `A return pickup fee of ${formatRupees(settings.pickupFee)} is deducted from your refund, unless the product arrived damaged, defective or not what you ordered.`
    : 'We do not charge for the return pickup.';
}

/** What the shop says about damaged, defective or wrong products: always accepted, whatever the window. */
const DAMAGED = `
<p>If a product arrives damaged or defective, or is not what you ordered, tell us within 48 hours of delivery
with your order number and clear photographs of the product and the package. We will arrange a replacement or
a full refund, including shipping charges. Natural variations in handloom, hand-printed and hand-dyed products
are not defects.</p>`;

const NEED_HELP = `
<p>Contact us at {companyEmail} or {companyPhone}. Complaints that we could not resolve can be taken to our
Grievance Officer, whose details are in our <a href="/terms">Terms and Conditions</a>.</p>`;

/** The Return Policy of `settings`. */
export function returnPolicyText(settings: ReturnPolicySettings = DEFAULT_RETURN_POLICY_SETTINGS): string {
  const address = returnAddressOf(settings);
  if (settings.windowDays === 0) {
    return `
<p>{companyName} does not accept returns or exchanges: please check the size chart and the product details
before you order.</p>

<h2>1. Damaged, defective or wrong products</h2>${DAMAGED}
<p>To send such a product back, write to {companyEmail} or call {companyPhone}; we tell you how, and where to
send it: ${address}.</p>

<h2>2. Need help?</h2>${NEED_HELP}
`;
  }
  const window = `${daysText(settings.windowDays)} from delivery`;
  const exchanges = settings.exchanges
    ? `<p>You may choose an exchange for another size or colour of the same product at the same price, subject to
availability, or a refund. An exchange is sent to you once the returned product reaches us.</p>`
    : `<p>We do not offer exchanges: a returned product is refunded. For another size or colour, please place a
new order.</p>`;
  return `
<p>If a product from {companyName} is not right for you, you can return it within ${window}${settings.exchanges ? ', or exchange it for another size or colour' : ''}, under the conditions below.</p>

<h2>1. Conditions for a return</h2>
<ul>
  <li>The product must be unused, unwashed and unaltered, with its original tags, labels and packaging.</li>
  <li>Fabric must be returned uncut, in the full length in which it was delivered.</li>
  <li>Please include all items that came with the product, such as a dupatta, lining fabric or blouse
  piece.</li>
</ul>

<h2>2. Products that cannot be returned</h2>
<ul>
  <li>Fabric cut to a length you asked for (sold by the metre), unless its product page says it can be
  returned.</li>
  <li>Garments stitched, altered or customised to your measurements.</li>
  <li>Earrings and other jewellery worn on the body, for reasons of hygiene, unless they arrive damaged.</li>
  <li>Products whose page says 'This item cannot be returned'.</li>
</ul>

<h2>3. Damaged, defective or wrong products</h2>${DAMAGED}

<h2>4. How to return a product</h2>
<ol>
  <li>Within ${window}, choose 'Return or exchange' on your order in My Orders, or write to {companyEmail} or
  call {companyPhone} with your order number, the product you want to return and the reason.</li>
  <li>We confirm the return and arrange a pickup where our courier partners serve your PIN code; otherwise we
  ask you to send the product to ${address}. ${pickupFeeText(settings)}</li>
  <li>Pack the product securely in its original packaging.</li>
  <li>When the product reaches us, we check it within two working days and let you know the result.</li>
</ol>

<h2>5. ${settings.exchanges ? 'Exchanges and refunds' : 'Refunds'}</h2>
${exchanges}
<p>Approved refunds are credited to the original payment method within ${REFUND_CREDIT_TIME}, as described in
our <a href="/refund">Refund and Cancellation</a> policy.</p>

<h2>6. Need help?</h2>${NEED_HELP}
`;
}

/** The Refund and Cancellation policy of `settings`. */
export function refundPolicyText(settings: ReturnPolicySettings = DEFAULT_RETURN_POLICY_SETTINGS): string {
  const returns = settings.windowDays > 0;
  return `
<p>We want you to be happy with every purchase from {companyName}. This policy explains how you can cancel an
order and how refunds are made. For returns after delivery, please also read our
<a href="/return">Return Policy</a>.</p>

<h2>1. Cancelling an order</h2>
<ul>
  <li>You may request the cancellation of an order within ${CANCELLATION_AND_RETURN_WINDOW} of placing it, as
  long as it has not been dispatched yet.</li>
  <li>Once an order has been dispatched, it can no longer be cancelled${returns ? `; you may return it within ${daysText(settings.windowDays)} from delivery under our Return Policy` : ''}.</li>
  <li>Fabric cut to a length you asked for, and garments stitched, altered or customised to your
  measurements, cannot be cancelled once cutting or stitching has started.</li>
  <li>To cancel, write to {companyEmail} or call {companyPhone} with your order number.</li>
</ul>

<h2>2. Cancellations by us</h2>
<p>We may cancel an order when a product is out of stock, when it was listed at a wrong price, when the
payment could not be verified or when the delivery address is not serviceable. We will inform you and refund
the full amount you paid.</p>

<h2>3. Refunds</h2>
<ul>
  <li>Refunds are made to the original payment method (UPI, card, net banking or wallet).</li>
  <li>Once a cancellation or return is approved, the refund is credited within ${REFUND_CREDIT_TIME}. The time
  your bank takes to show the amount in your account may vary.</li>
  <li>For a cancelled order, we refund the full amount paid, including any shipping charges.</li>
  ${
    returns
      ? `<li>For a returned product, we refund the price of the product${settings.pickupFee > 0 ? `, less the return pickup fee of ${formatRupees(settings.pickupFee)} (none for a product that arrived damaged, defective or not what you ordered)` : ''}. Shipping charges are refunded when the
  product was damaged, defective or not what you ordered.</li>`
      : `<li>We do not accept returns; a product that arrives damaged, defective or not what you ordered is
  refunded in full, including shipping charges.</li>`
  }
</ul>

<h2>4. Failed or duplicate payments</h2>
<p>If money was debited but your order was not confirmed, or you were charged twice, the amount is normally
reversed automatically by your bank or our payment partner within ${REFUND_CREDIT_TIME}. If it is not, write
to us at {companyEmail} with the transaction reference and we will resolve it.</p>

<h2>5. Questions and complaints</h2>
<p>You can check the status of an order on the <a href="/track-order">Track Order</a> page. For any question
about a cancellation or refund, contact us at {companyEmail} or {companyPhone}. If you are not satisfied with
our answer, you may contact our Grievance Officer:</p>
${GRIEVANCE_OFFICER}
`;
}
