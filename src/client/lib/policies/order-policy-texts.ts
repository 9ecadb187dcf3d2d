/**
 * The default texts of the order policies — refund and cancellation, return, shipping (docs/product.md §2 "Policy pages",
 * §9 "Default policy text"): HTML with placeholders, filled and sanitised like a store's own texts.
 */
import {
  BULK_DELIVERY_TIME,
  CANCELLATION_AND_RETURN_WINDOW,
  GRIEVANCE_OFFICER,
  NORMAL_DELIVERY_TIME,
  REFUND_CREDIT_TIME,
} from './policy-text-parts';

/** Refund and cancellation policy. */
export const REFUND = `
<p>We want you to be happy with every purchase from {companyName}. This policy explains how you can cancel an
order and how refunds are made. For returns after delivery, please also read our
<a href="/return">Return Policy</a>.</p>

<h2>1. Cancelling an order</h2>
<ul>
  <li>You may request the cancellation of an order within ${CANCELLATION_AND_RETURN_WINDOW} of placing it, as
  long as it has not been dispatched yet.</li>
  <li>Once an order has been dispatched, it can no longer be cancelled; you may return it after delivery under
  our Return Policy.</li>
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
  <li>For a returned product, we refund the price of the product. Shipping charges are refunded when the
  product was damaged, defective or not what you ordered.</li>
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

/** Return policy. */
export const RETURN = `
<p>If a product from {companyName} is not right for you, you can return it within
${CANCELLATION_AND_RETURN_WINDOW} of delivery under the conditions below.</p>

<h2>1. Conditions for a return</h2>
<ul>
  <li>The product must be unused, unwashed and unaltered, with its original tags, labels and packaging.</li>
  <li>Fabric must be returned uncut, in the full length in which it was delivered.</li>
  <li>Please include all items that came with the product, such as a dupatta, lining fabric or blouse
  piece.</li>
</ul>

<h2>2. Products that cannot be returned</h2>
<ul>
  <li>Fabric cut to a length you asked for.</li>
  <li>Garments stitched, altered or customised to your measurements.</li>
  <li>Earrings and other jewellery worn on the body, for reasons of hygiene, unless they arrive damaged.</li>
  <li>Products marked as non-returnable on the product page.</li>
</ul>

<h2>3. Damaged, defective or wrong products</h2>
<p>If a product arrives damaged or defective, or is not what you ordered, tell us within 48 hours of delivery
with your order number and clear photographs of the product and the package. We will arrange a replacement or
a full refund, including shipping charges, at no cost to you. Natural variations in handloom, hand-printed and
hand-dyed products are not defects.</p>

<h2>4. How to return a product</h2>
<ol>
  <li>Write to {companyEmail} or call {companyPhone} within ${CANCELLATION_AND_RETURN_WINDOW} of delivery with
  your order number, the product you want to return and the reason.</li>
  <li>We confirm the return and arrange a pickup where our courier partners serve your PIN code. Otherwise we
  ask you to send the product to {companyAddress}.</li>
  <li>Pack the product securely in its original packaging.</li>
  <li>When the product reaches us, we check it within two working days and let you know the result.</li>
</ol>

<h2>5. Exchanges and refunds</h2>
<p>You may choose an exchange for another size or colour of the same product, subject to availability, or a
refund. Approved refunds are credited to the original payment method within ${REFUND_CREDIT_TIME}, as
described in our <a href="/refund">Refund and Cancellation</a> policy.</p>

<h2>6. Need help?</h2>
<p>Contact us at {companyEmail} or {companyPhone}. Complaints that we could not resolve can be taken to our
Grievance Officer, whose details are in our <a href="/terms">Terms and Conditions</a>.</p>
`;

/** Shipping policy. */
export const SHIPPING = `
<p>This policy explains how and when {companyName} delivers your orders.</p>

<h2>1. Where we deliver</h2>
<p>We deliver to serviceable PIN codes across India. If our courier partners cannot reach your PIN code, we
will let you know and refund any amount you paid.</p>

<h2>2. Delivery times</h2>
<ul>
  <li><strong>Normal orders</strong> are delivered within ${NORMAL_DELIVERY_TIME}.</li>
  <li><strong>Bulk orders</strong>, such as large fabric quantities for boutiques, tailors or weddings, are
  delivered within ${BULK_DELIVERY_TIME}.</li>
  <li>Deliveries to remote areas, including parts of the North-East, Jammu and Kashmir, Ladakh, and the Andaman
  and Nicobar and Lakshadweep islands, may take a few days longer.</li>
  <li>Festivals, severe weather, strikes or courier disruptions can delay a delivery. We will keep you
  informed.</li>
</ul>

<h2>3. Shipping charges</h2>
<p>Shipping charges, if any, are shown at checkout before you pay.</p>

<h2>4. Tracking your order</h2>
<p>When your order is dispatched, it gets a tracking number. You can follow your order at any time on the
<a href="/track-order">Track Order</a> page with your order number and the e-mail address or phone number you
used when ordering.</p>

<h2>5. Delivery address and attempts</h2>
<ul>
  <li>Please give a complete address, the correct PIN code and a phone number on which the courier can reach
  you.</li>
  <li>The courier makes several delivery attempts. If an order comes back to us because the address was wrong
  or nobody was available, we will contact you to arrange delivery again; the shipping cost for the second
  delivery may be charged.</li>
</ul>

<h2>6. Damaged packages</h2>
<p>Please do not accept a package that is visibly damaged or tampered with. If you find a problem after
opening it, tell us within 48 hours of delivery as described in our <a href="/return">Return Policy</a>.</p>

<h2>7. Contact</h2>
<p>For any question about shipping, write to {companyEmail} or call {companyPhone}.</p>
`;
