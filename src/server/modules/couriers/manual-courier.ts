/**
 * The manual courier (docs/shipping.md "Manual and Shiprocket"), the default way of shipping: the owner books
 * the parcel anywhere and types the courier and the tracking number in at the ship step
 * (`POST /api/v1/admin/orders/:orderId/ship`). Booking is taking those two as they are; there is no label to
 * print, no tracking to ask and nothing to cancel at a courier.
 */
import { ValidationError } from '../../errors';
import type { CourierAdapter } from './courier-adapter';

/** The manual adapter for the courier and tracking number the owner typed (`typed`). */
export function manualCourier(typed: { courier: string; trackingNumber: string }): CourierAdapter {
  return {
    provider: 'manual',
    testMode: false,
    book: async (_parcel, progress) => {
      const courierName = typed.courier.trim();
      const awb = typed.trackingNumber.trim();
      if (!courierName || !awb) {
        throw new ValidationError({
          ...(courierName ? {} : { courier: 'is required' }),
          ...(awb ? {} : { trackingNumber: 'is required' }),
        });
      }
      return { ...progress, awb, courierName };
    },
    label: async () => null,
    track: async () => null,
    cancel: async () => undefined,
  };
}
