/**
 * Why an order was cancelled, as the shopper reads it (`orderSchema.cancellationCause`, the 'Cancelled'
 * e-mail). The server stores one of these texts in `orders.cancellation_cause` when an order moves to
 * Cancelled; the order's history keeps its own, more technical cause (`cli: cancel`, …).
 */
export const CANCELLATION_CAUSE = {
  /** The payment window (`PAYMENT_WINDOW_MINUTES`) closed before the order was paid. */
  paymentWindow: 'payment not received in time',
  /** The shopper cancelled their own Pending order from My Orders. */
  customer: 'cancelled by the customer',
  /** The shop cancelled it (the owner's `npm run orders -- cancel`, the admin). */
  shop: 'cancelled by the shop',
  /**
   * RTO: the courier brought a Shipped order back (refused at the door or undeliverable); the owner marked it
   * 'Returned to origin' in the admin (docs/returns.md "RTO: parcels that come back").
   */
  returnedToOrigin: 'returned to origin',
  /**
   * A cash-on-delivery order nobody confirmed within the shop's window, in a shop that cancels those
   * (docs/messages.md "COD confirmation").
   */
  codNotConfirmed: 'cash on delivery not confirmed in time',
} as const;

export type CancellationCause = (typeof CANCELLATION_CAUSE)[keyof typeof CANCELLATION_CAUSE];
