/**
 * What the payment page asks for with the chosen method (docs/payments.md "Cash on delivery"): the server's
 * figure for that choice — the method option's `amount` (cash on delivery: the order's total with its fee) —
 * else the order's total. The client never adds a fee itself.
 */
import type { PaymentFieldDefinition } from '@shared/payments/payment-fields';
import { CASH_ON_DELIVERY_METHOD, PAY_LABEL, PLACE_ORDER_LABEL } from './payment-texts';

/** The name of the method choice among the payment form's definitions. */
export const METHOD_FIELD = 'method';

/**
 * The amount due in rupees for `method` (the form's current value, '' while none is chosen): the option's
 * `amount` when the server sent one, else `orderTotal` (null while the order is loading).
 */
export function amountForMethod(
  definitions: readonly PaymentFieldDefinition[],
  method: string,
  orderTotal: number | null,
): number | null {
  const option = definitions
    .find((field) => field.name === METHOD_FIELD)
    ?.options?.find((candidate) => candidate.value === method);
  return option?.amount ?? orderTotal;
}

/** The submit button's text: 'Place order' for cash on delivery, 'Pay Now' otherwise. */
export function submitLabel(method: unknown): string {
  return method === CASH_ON_DELIVERY_METHOD ? PLACE_ORDER_LABEL : PAY_LABEL;
}
