/**
 * The default policy texts (docs/product.md §2 "Policy pages", §9 "Default policy text"), used when store info has no
 * text of its own for a slug. They are HTML with the same placeholders as a store's own texts
 * ({companyName}, {companyAddress}, {companyEmail}, {companyPhone}, {supportHours}) and go through the same placeholder
 * filling and sanitising before they are rendered. Placeholders never start a sentence, because their
 * fallbacks ('our store', 'our registered office', …) are lower-case.
 */
import type { PolicySlug } from '@shared/store-settings/store-info-schema';
import {
  BULK_DELIVERY_TIME,
  GRIEVANCE_OFFICER,
  NORMAL_DELIVERY_TIME,
  REFUND_CREDIT_TIME,
} from './policy-text-parts';
import { SHIPPING } from './order-policy-texts';
import {
  DEFAULT_RETURN_POLICY_SETTINGS,
  refundPolicyText,
  returnPolicyText,
  type ReturnPolicySettings,
} from './return-policy-texts';

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

/** The About Us text; its promise names the return window of `returns` (none for a shop without returns). */
const aboutText = (returns: ReturnPolicySettings = DEFAULT_RETURN_POLICY_SETTINGS) => `
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
  <li>${
    returns.windowDays > 0
      ? `Easy returns within ${returns.windowDays} ${returns.windowDays === 1 ? 'day' : 'days'} of delivery and refunds`
      : 'Refunds of cancelled orders'
  } credited within ${REFUND_CREDIT_TIME}.</li>
  <li>Bulk orders for boutiques, tailors and weddings, delivered within ${BULK_DELIVERY_TIME}.</li>
</ul>

<h2>Get in touch</h2>
<p>We are happy to help you choose a fabric, check a size or follow an order. Write to us at {companyEmail},
call us at {companyPhone}, visit us at {companyAddress}, or use our <a href="/contact">contact form</a>.</p>
`;

/**
 * The default text of each policy (docs/product.md §2), HTML with placeholders, for a store with the default
 * return settings; {@link defaultPolicyText} writes the refund and return texts from a store's own.
 */
export const DEFAULT_POLICY_TEXTS: Readonly<Record<PolicySlug, string>> = {
  terms: TERMS,
  privacy: PRIVACY,
  refund: refundPolicyText(),
  return: returnPolicyText(),
  shipping: SHIPPING,
  about: aboutText(),
};

/**
 * The default text of policy `slug` for a store with the return settings `returns` (docs/returns.md
 * "Settings"; absent: the defaults): the Refund and Return policies say its return window, exchanges, pickup
 * fee and return address, and About Us its return window.
 */
export function defaultPolicyText(slug: PolicySlug, returns?: ReturnPolicySettings | null): string {
  if (slug === 'return') return returnPolicyText(returns ?? undefined);
  if (slug === 'refund') return refundPolicyText(returns ?? undefined);
  if (slug === 'about') return aboutText(returns ?? undefined);
  return DEFAULT_POLICY_TEXTS[slug];
}
