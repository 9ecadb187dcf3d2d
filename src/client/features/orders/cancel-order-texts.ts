/** The shopper's cancel action on a Pending order of My Orders: its button, confirmation and answers. */
export const CANCEL_ORDER = 'Cancel order';
export const CANCEL_ORDER_QUESTION =
  'Cancel this order? Its items are released and it can no longer be paid.';
export const CONFIRM_CANCEL = 'Yes, cancel order';
export const KEEP_ORDER = 'Keep order';
export const ORDER_CANCELLED = 'Order cancelled';
export const CANCEL_FAILED = 'The order could not be cancelled. Please try again.';
