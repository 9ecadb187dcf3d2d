/**
 * What the courier last said of a Shipped order's parcel, in the shopper's words (docs/shipping.md "Statuses").
 * The order's status stays one of the codes 0–4 (./order-status.ts); this line is kept beside it
 * (`orders.courier_status`) and shown on Track Order and My Orders while the order is Shipped.
 */

/** The courier statuses the shopper is shown. */
export const COURIER_STATUS = {
  pickedUp: 'Picked up by the courier',
  inTransit: 'In transit',
  outForDelivery: 'Out for delivery',
  deliveryAttempted: 'Delivery attempted',
  returningToShop: 'Returning to the shop',
} as const;

export type CourierStatus = (typeof COURIER_STATUS)[keyof typeof COURIER_STATUS];

/** The courier's line for an order of status `status` (shown only while Shipped: code 2), else null. */
export function shownCourierStatus(status: number, courierStatus: string | null | undefined): string | null {
  return status === 2 && courierStatus ? courierStatus : null;
}
