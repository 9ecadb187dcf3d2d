/**
 * The default policy texts (spec §2 "Policy pages", §9 "Default policy text"), used when store info has no
 * text of its own for a slug. They are HTML with the same placeholders as a store's own texts
 * ({companyName}, {companyAddress}, {companyEmail}, {companyPhone}, {supportHours}) and go through the same placeholder
 * filling and sanitising before they are rendered. Placeholders never start a sentence, because their
 * fallbacks ('our store', 'our registered office', …) are lower-case.
 */
import type { PolicySlug } from '@shared/store-info/store-info-schema';

/** Keeps a range such as "0-7" on one line (it would otherwise break after the hyphen). */
const range = (text: string) => `<span class="whitespace-nowrap">${text}</span>`;

/** Spec §9 numbers, written once so every text says the same. */
const REFUND_CREDIT_TIME = `${range('0-7')} working days`;
const CANCELLATION_AND_RETURN_WINDOW = `${range('0-7')} days`;
const NORMAL_DELIVERY_TIME = `${range('0-7')} working days`;
const BULK_DELIVERY_TIME = `${range('10-15')} business days`;

/** The Grievance Officer block shared by several policies (Consumer Protection (E-Commerce) Rules, 2020). */
const GRIEVANCE_OFFICER = `
<p>In accordance with the Consumer Protection (E-Commerce) Rules, 2020 and the Information Technology Act, 2000
and the rules made under it, the Grievance Officer of {companyName} can be reached at:</p>
<ul>
  <li><strong>Address:</strong> Grievance Officer, {companyName}, {companyAddress}</li>
  <li><strong>E-mail:</strong> {companyEmail}</li>
  <li><strong>Phone:</strong> {companyPhone} ({supportHours})</li>
</ul>
<p>We acknowledge every complaint within 48 hours of receiving it and aim to resolve it within one month.
Please quote your order number, if you have one, so that we can help you quickly.</p>
`;

const TERMS = `
<p>These Terms and Conditions govern your use of the online store operated by {companyName} ("we", "us",
"our") and every purchase you make on it. By browsing the store, creating an account or placing an order, you
agree to these terms. If you do not agree with them, please do not use the store.</p>

<h2>1. Eligibility and your account</h2>
<ul>
  <li>You must be at least 18 years old and competent to contract under the Indian Contract Act, 1872 to place
  an order. A minor may use the store only under the supervision of a parent or guardian.</li>
  <li>The details you give us when you register or check out must be true, complete and kept up to date.</li>
  <li>You are responsible for keeping your password confidential and for all activity under your account.
  Tell us at once at {companyEmail} if you suspect unauthorised use.</li>
</ul>

<h2>2. Products and descriptions</h2>
<p>We sell unstitched fabrics and dress materials, sarees, ready-to-wear clothing for men and women, and
accessories. We describe and photograph every product as accurately as we can, but please note:</p>
<ul>
  <li>Colours may look slightly different on your screen than in daylight, and hand-dyed or hand-printed
  fabrics vary from piece to piece.</li>
  <li>Small irregularities in weave, print or embroidery are a natural feature of handloom and handcrafted
  products and are not defects.</li>
  <li>Fabric lengths and garment measurements are approximate and may vary slightly.</li>
</ul>

<h2>3. Prices and payment</h2>
<ul>
  <li>All prices are in Indian rupees (₹) and include applicable taxes (GST) unless stated otherwise. Shipping
  charges, if any, are shown at checkout before you pay.</li>
  <li>Prices and availability may change without notice. If a product is listed at a wrong price because of an
  error, we may cancel the order and refund any amount paid in full.</li>
  <li>Payments are processed by authorised payment partners. We do not store your card details, UPI PIN or
  net-banking password.</li>
</ul>

<h2>4. Orders</h2>
<p>An order is accepted when we confirm it. We may decline or cancel an order, for example when a product is
out of stock, when the delivery address is not serviceable or when we suspect a fraudulent transaction. If we
cancel an order that you have paid for, we refund the full amount.</p>

<h2>5. Shipping, cancellations, returns and refunds</h2>
<p>Delivery, cancellations, returns and refunds are governed by our <a href="/shipping">Shipping Policy</a>,
<a href="/refund">Refund and Cancellation</a> policy and <a href="/return">Return Policy</a>, which form part
of these terms.</p>

<h2>6. Intellectual property</h2>
<p>The store's content, including product photographs, designs, text, logos and graphics, belongs to
{companyName} or its licensors and is protected by Indian copyright and trademark law. You may not copy,
reproduce or use it for commercial purposes without our written permission.</p>

<h2>7. Acceptable use</h2>
<p>You agree not to misuse the store: not to place false orders, interfere with its security or operation,
collect data from it by automated means, or use it for any unlawful purpose.</p>

<h2>8. Limitation of liability</h2>
<p>To the extent permitted by law, our liability for any claim arising from an order is limited to the amount
you paid for that order. We are not liable for indirect or consequential losses. Nothing in these terms limits
your rights as a consumer under the Consumer Protection Act, 2019.</p>

<h2>9. Governing law and jurisdiction</h2>
<p>These terms are governed by the laws of India. Disputes are subject to the jurisdiction of the courts at the
place of our registered office, without prejudice to your right to approach a consumer commission.</p>

<h2>10. Grievance redressal</h2>
${GRIEVANCE_OFFICER}

<h2>11. Changes to these terms</h2>
<p>We may update these terms from time to time. The version published on this page when you place an order
applies to that order. For any question about these terms, write to us at {companyEmail} or call
{companyPhone}.</p>
`;

const PRIVACY = `
<p>This Privacy Policy explains how {companyName} ("we", "us", "our") collects, uses, shares and protects your
personal information when you use our online store. It is published in accordance with the Information
Technology Act, 2000 and the Information Technology (Reasonable Security Practices and Procedures and
Sensitive Personal Data or Information) Rules, 2011, and we follow the principles of the Digital Personal Data
Protection Act, 2023. By using the store you agree to the practices described here.</p>

<h2>1. Information we collect</h2>
<ul>
  <li><strong>Account details:</strong> your first and last name, e-mail address and password. Passwords are
  stored only in a securely hashed form.</li>
  <li><strong>Order details:</strong> the products you buy, your shipping address, city, state, PIN code and
  phone number.</li>
  <li><strong>Payment information:</strong> payments are handled by our payment partners. We receive the
  payment status and a transaction reference, never your full card number, CVV, UPI PIN or net-banking
  password.</li>
  <li><strong>Messages:</strong> what you write to us through the contact form, e-mail or phone.</li>
  <li><strong>Technical information:</strong> your IP address, browser and device type, and the pages you
  visit, which our servers record to keep the store secure and working.</li>
</ul>

<h2>2. How we use your information</h2>
<ul>
  <li>To process, ship and track your orders and to handle cancellations, returns and refunds.</li>
  <li>To manage your account and answer your questions and complaints.</li>
  <li>To prevent fraud and misuse and to keep the store secure.</li>
  <li>To meet our legal, tax and accounting obligations.</li>
  <li>With your consent, to send you news about new collections and offers. You can unsubscribe at any
  time.</li>
</ul>

<h2>3. Cookies and browser storage</h2>
<p>When you sign in, we set a cookie that keeps you signed in for up to 30 days. Your shopping cart is kept in
your browser's local storage so that it survives a page reload. You can clear both in your browser settings;
you will then be signed out and your cart will be emptied.</p>

<h2>4. Who we share it with</h2>
<p>We do not sell or rent your personal information. We share it only as needed to serve you:</p>
<ul>
  <li>with courier and logistics partners, to deliver your orders;</li>
  <li>with payment gateways and banks, to process payments and refunds;</li>
  <li>with service providers who host and operate the store for us, under confidentiality obligations;</li>
  <li>with government authorities or law-enforcement agencies when the law requires it.</li>
</ul>

<h2>5. How long we keep it</h2>
<p>We keep your information while your account is active and for as long as needed for the purposes above, or
longer where the law requires it (for example, tax and accounting records). After that we delete or anonymise
it.</p>

<h2>6. How we protect it</h2>
<p>We follow reasonable security practices: encrypted connections, hashed passwords, restricted access to
personal information and regular review of our systems. No method of transmission over the internet is
completely secure, but we work to protect your information and to act promptly on any incident.</p>

<h2>7. Your rights</h2>
<p>You may ask us to access, correct, update or delete your personal information, or withdraw a consent you
gave us, by writing to {companyEmail}. Withdrawing consent does not affect orders already placed, and some
information may be kept where the law requires it.</p>

<h2>8. Children</h2>
<p>The store is meant for adults. We do not knowingly collect personal information from children under 18
without the consent of a parent or guardian.</p>

<h2>9. Grievance Officer</h2>
${GRIEVANCE_OFFICER}

<h2>10. Changes to this policy</h2>
<p>We may update this policy from time to time. The current version is always published on this page.</p>
`;

const REFUND = `
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

const RETURN = `
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

const SHIPPING = `
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

const ABOUT = `
<p>Welcome to {companyName}, an online home for Indian textiles and ethnic wear. We bring together unstitched
fabrics and ready-to-wear clothing for every occasion, from everyday cottons to festive silks, so that you can
shop them comfortably from anywhere in India.</p>

<h2>What we offer</h2>
<ul>
  <li><strong>Unstitched fabrics and dress materials</strong>: suit sets, running fabric by the metre, and
  dupattas, ready for your own tailor.</li>
  <li><strong>Women's ethnic wear</strong>: sarees, kurtas, kurta sets and lehengas.</li>
  <li><strong>Men's ethnic wear</strong>: kurtas, kurta-pyjama sets, Nehru jackets and sherwanis.</li>
  <li><strong>Accessories</strong>: jewellery, bags, potlis and traditional footwear to complete the
  look.</li>
</ul>

<h2>Our promise</h2>
<ul>
  <li>Honest descriptions and photographs, with the fabric, work and measurements of every product.</li>
  <li>Secure online payments through authorised payment partners.</li>
  <li>Delivery across India, normally within ${NORMAL_DELIVERY_TIME}.</li>
  <li>Easy returns within ${CANCELLATION_AND_RETURN_WINDOW} of delivery and refunds credited within
  ${REFUND_CREDIT_TIME}.</li>
  <li>Bulk orders for boutiques, tailors and weddings, delivered within ${BULK_DELIVERY_TIME}.</li>
</ul>

<h2>Get in touch</h2>
<p>We are happy to help you choose a fabric, check a size or follow an order. Write to us at {companyEmail},
call us at {companyPhone}, visit us at {companyAddress}, or use our <a href="/contact">contact form</a>.</p>
`;

/** The default text of each policy (spec §2), HTML with placeholders. */
export const DEFAULT_POLICY_TEXTS: Readonly<Record<PolicySlug, string>> = {
  terms: TERMS,
  privacy: PRIVACY,
  refund: REFUND,
  return: RETURN,
  shipping: SHIPPING,
  about: ABOUT,
};
