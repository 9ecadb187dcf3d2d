/**
 * The admin order page's texts for cancelling an order and rejecting a shopper's 'I have paid' (docs/admin.md
 * "Orders", docs/payments.md "I have paid"), exact.
 */
import { PAYMENT_WINDOW_AFTER_REJECTION_HOURS } from '@shared/payments/payment-report-schema';
import { ORDER_STATUS } from '@shared/orders/order-status';

export const CANCEL_ORDER = 'Cancel order';
export const KEEP_ORDER = 'Keep order';
/** The confirmation's question: 'Cancel order RS-7KQ29XD3?'. */
export const cancelOrderQuestion = (orderNumber: string) => `Cancel order ${orderNumber}?`;

/** What cancelling does, by the order's status (a Shipped order is cancelled when its parcel came back). */
export function cancelOrderEffect(status: number): string {
  if (status === ORDER_STATUS.shipped) {
    return 'Do this only when the parcel came back to you. Its stock goes back on sale, a credit note is issued and the shopper is e-mailed; a paid order is marked refund due.';
  }
  return 'Its stock goes back on sale and the shopper is e-mailed. A paid order is marked refund due. This cannot be undone.';
}

export const REJECT_REPORT = 'Reject report';
export const KEEP_REPORT = 'Keep report';
/** The confirmation's question: 'Reject the payment report of order RS-7KQ29XD3?'. */
export const rejectReportQuestion = (orderNumber: string) =>
  `Reject the payment report of order ${orderNumber}?`;
export const REJECT_REPORT_EFFECT = `Do this when the payment is not in your bank account. The shopper is e-mailed that it was not found and has ${PAYMENT_WINDOW_AFTER_REJECTION_HOURS} hours to pay; after that the order is cancelled by itself.`;
export const REJECT_REASON_LABEL = 'Reason for the shopper (optional)';
/** The toast once the report is rejected. */
export const REPORT_REJECTED = `Report rejected: the shopper was e-mailed and has ${PAYMENT_WINDOW_AFTER_REJECTION_HOURS} hours to pay`;
