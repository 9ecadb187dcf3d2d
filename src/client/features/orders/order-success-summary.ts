/**
 * What the order-success page says about the order just placed (docs/product.md §2 "Order success"): the
 * amount, its lines, how it is paid and what happens next — the same whichever way the page was reached (cash
 * on delivery, a confirmed UPI payment, the card gateway's return, a reload). Pure: the page passes in the
 * order as the server answered it (rupees).
 */
import { formatRupees } from '@shared/money';
import type { Order } from '@shared/orders/order-schemas';
import { ORDER_STATUS } from '@shared/orders/order-status';
import { discountRow, quantityTimesPrice, variantLabel } from '@client/lib/orders/line-text';

/** One line of the order as the success page lists it. */
export type SuccessLine = {
  key: string;
  /** The product's title with its size and colour: 'Cotton Kurta (M / White)'. */
  name: string;
  /** '2 × ₹1,299', '2.5 m × ₹450'. */
  quantityTimesPrice: string;
  /** The line's total, '₹2,598'. */
  total: string;
};

export type SuccessSummary = {
  /** The order's total, '₹3,847' or '₹2,747.50'. */
  amount: string;
  /** The coupon's discount ('Discount (FIRST10)', '-₹499.80'), or null when the order has none. */
  discount: { label: string; amount: string } | null;
  /** 'Paid by UPI', 'Paid by card, net banking or wallet', 'Cash on delivery', or 'Awaiting payment'. */
  payment: string;
  lines: SuccessLine[];
  /** The next steps, in order. */
  next: string[];
};

const SHIPPING_STEP =
  'We pack your order and e-mail you when it ships, with the courier and the tracking number.';
const TRACKING_STEP = 'Follow it any time on My Orders or Track Order.';

/** The lines of `order`, in order. */
function successLines(order: Pick<Order, 'items'>): SuccessLine[] {
  return order.items.map((item, index) => {
    const variant = variantLabel(item.size, item.color);
    return {
      key: item.id || String(index),
      name: variant ? `${item.productTitle} (${variant})` : item.productTitle,
      quantityTimesPrice: quantityTimesPrice(item.quantity, item.unit, formatRupees(item.price)),
      total: formatRupees(item.lineTotal),
    };
  });
}

/** The summary of `order`. */
export function successSummary(
  order: Pick<Order, 'total' | 'status' | 'paidBy' | 'cashOnDelivery' | 'items' | 'discount' | 'couponCode'>,
): SuccessSummary {
  const amount = formatRupees(order.total);
  const discount = discountRow(order);
  const lines = successLines(order);
  if (order.cashOnDelivery) {
    return {
      amount,
      discount,
      payment: 'Cash on delivery',
      lines,
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
      discount,
      payment: 'Awaiting payment',
      lines,
      next: ['Your order is confirmed once the payment reaches us: we e-mail you then.', TRACKING_STEP],
    };
  }
  return {
    amount,
    discount,
    payment: order.paidBy === 'upi' ? 'Paid by UPI' : 'Paid by card, net banking or wallet',
    lines,
    next: [SHIPPING_STEP, TRACKING_STEP],
  };
}
