/**
 * What the order-success page says about the order just placed: the amount, how it is paid and what happens
 * next. Pure: the page passes in the order as the server answered it (rupees).
 */
import { formatRupees } from '@shared/money';
import type { Order } from '@shared/orders/order-schemas';
import { ORDER_STATUS } from '@shared/orders/order-status';

export type SuccessSummary = {
  /** The order's total, '₹3,847' or '₹2,747.50'. */
  amount: string;
  /** 'Paid by UPI', 'Paid by card, net banking or wallet', 'Cash on delivery', or 'Awaiting payment'. */
  payment: string;
  /** The next steps, in order. */
  next: string[];
};

const SHIPPING_STEP =
  'We pack your order and e-mail you when it ships, with the courier and the tracking number.';
const TRACKING_STEP = 'Follow it any time on My Orders or Track Order.';

/** The summary of `order`. */
export function successSummary(
  order: Pick<Order, 'total' | 'status' | 'paidBy' | 'cashOnDelivery'>,
): SuccessSummary {
  const amount = formatRupees(order.total);
  if (order.cashOnDelivery) {
    return {
      amount,
      payment: 'Cash on delivery',
      next: [
        SHIPPING_STEP,
        `Keep ${amount} ready: you pay the courier when the parcel arrives.`,
        TRACKING_STEP,
      ],
    };
  }
  if (order.status === ORDER_STATUS.pending || !order.paidBy) {
    return {
      amount,
      payment: 'Awaiting payment',
      next: ['Your order is confirmed once the payment reaches us: we e-mail you then.', TRACKING_STEP],
    };
  }
  return {
    amount,
    payment: order.paidBy === 'upi' ? 'Paid by UPI' : 'Paid by card, net banking or wallet',
    next: [SHIPPING_STEP, TRACKING_STEP],
  };
}
