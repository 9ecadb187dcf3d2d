/** The product page's delivery check result as text (docs/delivery.md "Where shoppers see it"). */
import { codAvailabilityText, deliveryByText } from '@shared/delivery/delivery-dates';
import { PIN_NOT_SERVED_MESSAGE } from '@shared/delivery/delivery-rules';
import type { DeliveryCheck } from '@shared/delivery/delivery-schemas';
import { formatRupees } from '@shared/money';

/**
 * The line under the check: 'Get it by Tue, 3 Dec' (the latest day of the estimate, India time; with chosen
 * add-ons ' (with 7 days for stitching and finishing)', their longest lead time, docs/add-ons.md) with
 * ' · Shipping ₹99' or ' · Free shipping', or the not-served message.
 */
export function deliveryCheckText(
  answer: Pick<DeliveryCheck, 'served' | 'shipping' | 'latestDate' | 'leadDays'>,
): string {
  if (!answer.served || answer.latestDate === null) return PIN_NOT_SERVED_MESSAGE;
  const lead = answer.leadDays ? ` (with ${answer.leadDays} days for stitching and finishing)` : '';
  const estimate = deliveryByText(answer.latestDate) + lead;
  if (answer.shipping === null) return estimate;
  return `${estimate} · ${answer.shipping === 0 ? 'Free shipping' : `Shipping ${formatRupees(answer.shipping)}`}`;
}

/**
 * The cash-on-delivery line under it for a served PIN code: 'Cash on delivery available', 'Cash on delivery
 * not available for this PIN code', 'Cash on delivery available for orders up to ₹5,000'; null when the PIN
 * code is not served or the shop offers no cash on delivery.
 */
export function deliveryCodText(
  answer: Pick<DeliveryCheck, 'served' | 'cod' | 'codMaxOrderValue'>,
): string | null {
  if (!answer.served || answer.cod === null) return null;
  return codAvailabilityText(answer.cod, answer.codMaxOrderValue);
}
