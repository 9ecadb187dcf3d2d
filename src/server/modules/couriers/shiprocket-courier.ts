/**
 * The Shiprocket courier adapter (docs/shipping.md "Booking with Shiprocket"; Shiprocket API docs,
 * apidocs.shiprocket.in): `book` creates Shiprocket's order (`POST /v1/external/orders/create/adhoc`), has an
 * AWB assigned (`POST /v1/external/courier/assign/awb`, Shiprocket picks the courier by the account's rules)
 * and asks for the pickup (`POST /v1/external/courier/generate/pickup`); `label` generates and downloads the
 * label PDF (`POST /v1/external/courier/generate/label`); `track` reads `GET /v1/external/courier/track/awb/{awb}`;
 * `cancel` is `POST /v1/external/orders/cancel`. The same code talks to Shiprocket or to the TEST MODE sandbox
 * (./shiprocket-sandbox.ts): only the `fetch` differs.
 */
import { ConflictError } from '../../errors';
import type { BookingProgress, CourierAdapter, CourierParcel } from './courier-adapter';
import {
  callShiprocket,
  downloadLabel,
  shiprocketMessage,
  shiprocketRefusal,
  type ShiprocketConnection,
} from './shiprocket-api';

/** `YYYY-MM-DD HH:mm` in India time, as Shiprocket's `order_date` takes it. */
export function shiprocketOrderDate(at: Date): string {
  const india = new Date(at.getTime() + 330 * 60 * 1000).toISOString();
  return `${india.slice(0, 10)} ${india.slice(11, 16)}`;
}

/** Rupees as Shiprocket's numbers take them (2 decimals at most). */
const money = (rupees: number) => Math.round(rupees * 100) / 100;

/**
 * The body of `POST /v1/external/orders/create/adhoc` for `parcel` (billing = shipping address). Shiprocket
 * has no field of its own for the amount to collect: for a `COD` order its courier collects `sub_total` +
 * `shipping_charges` + `transaction_charges` − `total_discount`, which is why the order's shipping charge and
 * COD fee go into those two, and the sum is the order's total (`parcel.codAmountRupees`).
 */
export function adhocOrderBody(parcel: CourierParcel): Record<string, unknown> {
  const [firstName = '', ...rest] = parcel.shipTo.name.trim().split(/\s+/);
  return {
    order_id: parcel.orderNumber,
    order_date: shiprocketOrderDate(parcel.orderedAt),
    pickup_location: parcel.pickupLocation,
    billing_customer_name: firstName,
    billing_last_name: rest.join(' '),
    billing_address: parcel.shipTo.address,
    billing_city: parcel.shipTo.city,
    billing_pincode: parcel.shipTo.postalCode,
    billing_state: parcel.shipTo.state,
    billing_country: 'India',
    billing_email: parcel.shipTo.email,
    billing_phone: parcel.shipTo.phone,
    shipping_is_billing: true,
    order_items: parcel.lines.map((line) => ({
      name: line.name,
      sku: line.sku,
      units: line.units,
      selling_price: money(line.sellingPriceRupees),
      ...(line.hsn ? { hsn: line.hsn } : {}),
    })),
    payment_method: parcel.paymentMethod,
    shipping_charges: money(parcel.shippingChargesRupees),
    transaction_charges: money(parcel.codFeeRupees),
    total_discount: 0,
    sub_total: money(parcel.subTotalRupees),
    length: parcel.lengthCm,
    breadth: parcel.breadthCm,
    height: parcel.heightCm,
    weight: parcel.weightKg,
  };
}

const text = (value: unknown) =>
  typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';

/** A refusal in a 200 answer (`awb_assign_status: 0` and the like): Shiprocket's message, as a 409. */
function refused(answer: Record<string, unknown>, fallback: string): ConflictError {
  const data = (answer.response as { data?: Record<string, unknown> } | undefined)?.data;
  const message =
    text(data?.awb_assign_error) || (typeof answer.message === 'string' ? answer.message : '') || fallback;
  return new ConflictError(shiprocketRefusal(message));
}

/** The Shiprocket adapter on `connection`; `provider` is `shiprocket` or `shiprocket-sandbox`. */
export function shiprocketCourier(
  connection: ShiprocketConnection,
  provider: 'shiprocket' | 'shiprocket-sandbox',
): CourierAdapter {
  return {
    provider,
    testMode: provider === 'shiprocket-sandbox',

    async book(parcel, from, remember) {
      let progress: BookingProgress = { ...from };
      if (!progress.shipmentId) {
        const created = await callShiprocket(
          connection,
          '/v1/external/orders/create/adhoc',
          adhocOrderBody(parcel),
        );
        const shipmentId = text(created.shipment_id);
        if (!shipmentId) throw refused(created, shiprocketMessage(created, 200));
        progress = {
          ...progress,
          externalOrderId: text(created.order_id) || null,
          shipmentId,
          awb: text(created.awb_code) || null,
          courierName: text(created.courier_name) || null,
        };
        await remember(progress);
      }
      if (!progress.awb || !progress.courierName) {
        const assigned = await callShiprocket(connection, '/v1/external/courier/assign/awb', {
          shipment_id: Number(progress.shipmentId),
        });
        const data = (assigned.response as { data?: Record<string, unknown> } | undefined)?.data;
        const awb = text(data?.awb_code);
        const courierName = text(data?.courier_name);
        if (Number(assigned.awb_assign_status) !== 1 || !awb || !courierName) {
          throw refused(assigned, 'no AWB was assigned');
        }
        progress = { ...progress, awb, courierName };
        await remember(progress);
      }
      if (!progress.pickupRequested) {
        try {
          const pickup = await callShiprocket(connection, '/v1/external/courier/generate/pickup', {
            shipment_id: [Number(progress.shipmentId)],
          });
          if (Number(pickup.pickup_status) !== 1) throw refused(pickup, 'the pickup was not scheduled');
        } catch (error) {
          // Asked before (a retry after the answer was lost): Shiprocket says it is already queued.
          if (!(error instanceof ConflictError && /already/i.test(error.message))) throw error;
        }
        progress = { ...progress, pickupRequested: true };
        await remember(progress);
      }
      return { ...progress, awb: progress.awb!, courierName: progress.courierName! };
    },

    async label(shipmentId) {
      const answer = await callShiprocket(connection, '/v1/external/courier/generate/label', {
        shipment_id: [Number(shipmentId)],
      });
      const url = text(answer.label_url);
      if (Number(answer.label_created) !== 1 || !url) throw refused(answer, 'the label was not created');
      return downloadLabel(connection, url);
    },

    async track(awb) {
      const answer = await callShiprocket(
        connection,
        `/v1/external/courier/track/awb/${encodeURIComponent(awb)}`,
        undefined,
      );
      const tracking = answer.tracking_data as
        { shipment_track?: { current_status?: unknown }[] } | undefined;
      return text(tracking?.shipment_track?.[0]?.current_status) || null;
    },

    async cancel(externalOrderId) {
      await callShiprocket(connection, '/v1/external/orders/cancel', { ids: [Number(externalOrderId)] });
    },
  };
}
