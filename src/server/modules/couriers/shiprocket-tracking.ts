/**
 * Shiprocket's tracking updates (docs/shipping.md "Tracking webhook" and "Statuses"): what one update
 * `{ awb, current_status, shipment_status, … }` does to the order booked under that AWB in this store.
 *
 * | Shiprocket's status | the order |
 * |---|---|
 * | `DELIVERED` | Shipped → Delivered through the state machine (the deliver step: audit, mail, COD collected) |
 * | `RTO INITIATED`, `RTO DELIVERED` (any `RTO …`) | Shipped → Cancelled, returned to origin (../returns/order-rto.ts); the first one does it |
 * | `OUT FOR DELIVERY` | the shopper's courier status 'Out for delivery' (the order stays Shipped) |
 * | `PICKED UP`, `IN TRANSIT`, `SHIPPED`, …, `UNDELIVERED` | the shopper's courier status ('In transit', 'Delivery attempted', …) |
 * | anything else | kept as the shipment's tracking status only |
 *
 * The order's status code stays 0–4; the courier's own words are kept on the shipment (`tracking_status`).
 * A repeated update finds everything already so and changes nothing.
 */
import { and, eq } from 'drizzle-orm';
import { COURIER_STATUS, type CourierStatus } from '@shared/orders/courier-status';
import { ORDER_STATUS } from '@shared/orders/order-status';
import { queueOutForDeliveryMessage } from '../orders/lifecycle-messages';
import type { Db } from '../../db/database';
import { courierShipments } from '../../db/schema/courier-tables';
import { orders } from '../../db/schema/order-tables';
import { ConflictError, NotFoundError } from '../../errors';
import type { AuditActor } from '../audit/audit-log';
import { deliverOrder, type AdminStepContext } from '../orders/admin-order-actions';
import { markReturnedToOrigin } from '../returns/order-rto';

/** The audit actor of the moves the webhook makes. */
export const SHIPROCKET_ACTOR: AuditActor = { accountId: null, label: 'Shiprocket' };

/** 404 for an AWB no order of this store was booked under. */
export const UNKNOWN_AWB = 'No order of this shop was booked under this AWB';

/** What an update means for the order. */
export type TrackingMeaning =
  | { kind: 'delivered' }
  | { kind: 'returned-to-origin' }
  | { kind: 'courier-status'; status: CourierStatus }
  | { kind: 'none' };

/** Shiprocket's status words, upper case, single spaces (`out_for_delivery`, `Out For Delivery` → `OUT FOR DELIVERY`). */
export const normalizeShiprocketStatus = (status: string) =>
  status
    .replace(/[\s_-]+/g, ' ')
    .trim()
    .toUpperCase();

const COURIER_STATUS_OF: Record<string, CourierStatus> = {
  'PICKED UP': COURIER_STATUS.pickedUp,
  SHIPPED: COURIER_STATUS.inTransit,
  'IN TRANSIT': COURIER_STATUS.inTransit,
  'REACHED AT DESTINATION HUB': COURIER_STATUS.inTransit,
  'OUT FOR DELIVERY': COURIER_STATUS.outForDelivery,
  UNDELIVERED: COURIER_STATUS.deliveryAttempted,
};

/** What Shiprocket's status `status` means for the order (see the module comment's table). */
export function meaningOf(status: string): TrackingMeaning {
  const normalized = normalizeShiprocketStatus(status);
  if (normalized === 'DELIVERED') return { kind: 'delivered' };
  if (normalized === 'RTO INITIATED' || normalized === 'RTO DELIVERED') return { kind: 'returned-to-origin' };
  if (normalized.startsWith('RTO '))
    return { kind: 'courier-status', status: COURIER_STATUS.returningToShop };
  const courierStatus = COURIER_STATUS_OF[normalized];
  return courierStatus ? { kind: 'courier-status', status: courierStatus } : { kind: 'none' };
}

/**
 * Applies Shiprocket's update `status` of parcel `awb` to the order booked under it in `storeId`.
 * @returns the order number and whether anything changed (false for a repeated update, or a move the order's
 *   status no longer allows, e.g. Delivered for a Cancelled order).
 * @throws {NotFoundError} (404) {@link UNKNOWN_AWB}: nothing changes.
 */
export async function applyShiprocketUpdate(
  db: Db,
  storeId: number,
  update: { awb: string; status: string; mailFrom?: string | undefined },
): Promise<{ orderNumber: string; changed: boolean }> {
  const [found] = await db
    .select({
      shipmentId: courierShipments.id,
      trackingStatus: courierShipments.trackingStatus,
      orderId: orders.id,
      orderNumber: orders.orderNumber,
      status: orders.status,
      courierStatus: orders.courierStatus,
    })
    .from(courierShipments)
    .innerJoin(orders, eq(orders.id, courierShipments.orderId))
    .where(and(eq(courierShipments.storeId, storeId), eq(courierShipments.awb, update.awb)))
    .limit(1);
  if (!found) throw new NotFoundError(UNKNOWN_AWB);

  const status = normalizeShiprocketStatus(update.status).slice(0, 100);
  let changed = false;
  if (found.trackingStatus !== status) {
    await db
      .update(courierShipments)
      .set({ trackingStatus: status, trackingStatusAt: new Date(), updatedAt: new Date() })
      .where(eq(courierShipments.id, found.shipmentId));
    changed = true;
  }
  if (found.status !== ORDER_STATUS.shipped) return { orderNumber: found.orderNumber, changed };

  const context: AdminStepContext = { storeId, actor: SHIPROCKET_ACTOR, mailFrom: update.mailFrom };
  const meaning = meaningOf(status);
  try {
    if (meaning.kind === 'delivered') {
      await deliverOrder(db, context, found.orderNumber);
      return { orderNumber: found.orderNumber, changed: true };
    }
    if (meaning.kind === 'returned-to-origin') {
      await markReturnedToOrigin(db, context, found.orderNumber);
      return { orderNumber: found.orderNumber, changed: true };
    }
  } catch (error) {
    // The same update delivered twice at once: the other one moved the order.
    if (error instanceof ConflictError) return { orderNumber: found.orderNumber, changed };
    throw error;
  }
  if (meaning.kind === 'courier-status' && found.courierStatus !== meaning.status) {
    const courierStatus = meaning.status;
    await db.transaction(async (tx) => {
      await tx
        .update(orders)
        .set({ courierStatus })
        .where(and(eq(orders.storeId, storeId), eq(orders.id, found.orderId)));
      // The shopper's 'out for delivery' message (docs/messages.md "Order updates").
      if (courierStatus === COURIER_STATUS.outForDelivery) {
        await queueOutForDeliveryMessage(tx, storeId, found.orderId);
      }
    });
    changed = true;
  }
  return { orderNumber: found.orderNumber, changed };
}
