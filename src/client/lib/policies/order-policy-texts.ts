/**
 * The default text of the shipping policy (docs/product.md §2 "Policy pages", §9 "Default policy text"): HTML
 * with placeholders, filled and sanitised like a store's own texts. The refund and return policies follow the
 * store's return settings: ./return-policy-texts.ts.
 */
import { BULK_DELIVERY_TIME, NORMAL_DELIVERY_TIME } from './policy-text-parts';

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
