/**
 * The pieces the default policy texts share, so every policy states the same numbers and the same Grievance
 * Officer (docs/product.md §9 "Default policy text"). HTML with the policy placeholders ({companyName}, …).
 */

/** Keeps a range such as "0-7" on one line (it would otherwise break after the hyphen). */
const range = (text: string) => `<span class="whitespace-nowrap">${text}</span>`;

/** docs/product.md §9 numbers, written once so every text says the same. */
export const REFUND_CREDIT_TIME = `${range('0-7')} working days`;
export const CANCELLATION_AND_RETURN_WINDOW = `${range('0-7')} days`;
export const NORMAL_DELIVERY_TIME = `${range('0-7')} working days`;
export const BULK_DELIVERY_TIME = `${range('10-15')} business days`;

/** The Grievance Officer block shared by several policies (Consumer Protection (E-Commerce) Rules, 2020). */
export const GRIEVANCE_OFFICER = `
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
