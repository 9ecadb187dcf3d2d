/**
 * Order status codes (docs/product.md §3 "Order status codes"): the server's state machine moves an order
 * Pending(0) → Processing(1) when paid → Shipped(2) → Delivered(3); Pending or Processing → Cancelled(4). A
 * cash-on-delivery order waits in COD awaiting confirmation(5) for the shopper's Confirm (→ Processing) or
 * Cancel (→ Cancelled) (docs/messages.md "COD confirmation").
 */
export const ORDER_STATUS = {
  pending: 0,
  processing: 1,
  shipped: 2,
  delivered: 3,
  cancelled: 4,
  codAwaitingConfirmation: 5,
} as const;

export type OrderStatusCode = (typeof ORDER_STATUS)[keyof typeof ORDER_STATUS];

/** The label of a cash-on-delivery order waiting for the shopper's Confirm or Cancel. */
export const COD_AWAITING_CONFIRMATION = 'COD — awaiting confirmation';

/** Label and badge colour of each code (docs/product.md §3 table). */
export const ORDER_STATUS_DISPLAY: Record<
  OrderStatusCode,
  { label: string; colour: 'yellow' | 'blue' | 'purple' | 'green' | 'red' }
> = {
  0: { label: 'Pending', colour: 'yellow' },
  1: { label: 'Processing', colour: 'blue' },
  2: { label: 'Shipped', colour: 'purple' },
  3: { label: 'Delivered', colour: 'green' },
  4: { label: 'Cancelled', colour: 'red' },
  5: { label: COD_AWAITING_CONFIRMATION, colour: 'yellow' },
};

/** 'Pending' … 'Cancelled', 'COD — awaiting confirmation', or 'Unknown (code)' for any other value (docs/product.md §3, §8). */
export function orderStatusLabel(code: number): string {
  const known = ORDER_STATUS_DISPLAY[code as OrderStatusCode];
  return known ? known.label : `Unknown (${code})`;
}

/** The payment text of a cash-on-delivery order (docs/delivery.md). */
export const COD_PAYMENT_DUE = 'COD — payment due';
export const COD_PAID = 'COD — paid';

/**
 * 'COD — payment due' for a cash-on-delivery order on its way (awaiting confirmation, Processing, Shipped), 'COD — paid' once
 * Delivered, null for any other order.
 */
export function codPaymentText(status: number, cashOnDelivery: boolean | undefined): string | null {
  if (!cashOnDelivery) return null;
  if (status === ORDER_STATUS.delivered) return COD_PAID;
  return status === ORDER_STATUS.processing ||
    status === ORDER_STATUS.shipped ||
    status === ORDER_STATUS.codAwaitingConfirmation
    ? COD_PAYMENT_DUE
    : null;
}
