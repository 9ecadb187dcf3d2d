/**
 * The QR screen's view of the order it waits for: whether the server has seen the payment, and the thank-you
 * page it then opens.
 */
import { ORDER_STATUS } from '@shared/orders/order-status';

/**
 * Where an order stands for the QR screen: 'paid' once the server moved it past Pending (Processing, Shipped,
 * Delivered), 'cancelled' for Cancelled, else 'pending' (also while unknown).
 */
export function orderPaymentState(status: unknown): 'pending' | 'paid' | 'cancelled' {
  if (typeof status !== 'number') return 'pending';
  if (status === ORDER_STATUS.cancelled) return 'cancelled';
  return status >= ORDER_STATUS.processing && status <= ORDER_STATUS.delivered ? 'paid' : 'pending';
}

/** The thank-you page of a paid order (docs/product.md §2 "Order success"; it shows the order number). */
export function successPath(orderId: string): string {
  return `/order-success?orderId=${encodeURIComponent(orderId)}`;
}
