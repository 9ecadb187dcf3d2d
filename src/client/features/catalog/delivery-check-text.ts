/** The product page's delivery check result as text (docs/delivery.md). */
import { deliveryEstimateText, PIN_NOT_SERVED_MESSAGE } from '@shared/delivery/delivery-rules';
import { formatRupees } from '@shared/money';

/**
 * The line under the check: the estimate with ' · Shipping ₹99' or ' · Free shipping', or the not-served
 * message.
 */
export function deliveryCheckText(answer: {
  postalCode: string;
  served: boolean;
  shipping: number | null;
  minDays: number | null;
  maxDays: number | null;
}): string {
  if (!answer.served || answer.minDays === null || answer.maxDays === null) return PIN_NOT_SERVED_MESSAGE;
  const estimate = deliveryEstimateText(answer.postalCode, answer.minDays, answer.maxDays);
  if (answer.shipping === null) return estimate;
  return `${estimate} · ${answer.shipping === 0 ? 'Free shipping' : `Shipping ${formatRupees(answer.shipping)}`}`;
}
