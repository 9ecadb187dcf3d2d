/**
 * 'Ship with Shiprocket' (docs/shipping.md "Booking with Shiprocket"): books a Processing order's parcel with
 * Shiprocket (or its TEST MODE sandbox) and ships the order through the existing ship step
 * (../orders/admin-order-actions.ts `shipOrder`: Processing → Shipped in the state machine, the tax invoice
 * issued, the shopper's 'Shipped' mail, the audit entry) with the AWB as the tracking number and Shiprocket's
 * courier as the courier (a known courier's own name when Shiprocket's starts with it: `Delhivery Surface` →
 * `Delhivery`, src/shared/orders/couriers.ts). The label PDF is downloaded and kept (`courier_shipments.label_pdf`) before the
 * order moves.
 *
 * Safe to retry: each step Shiprocket answered is written to the order's `courier_shipments` row before the
 * next one, and a retry goes on from there — Shiprocket's order and shipment are created once per order (a
 * second press while a booking runs is refused, {@link BOOKING_RUNNING}). When
 * Shiprocket refuses a step, its message is answered (409) and the order is left as it was.
 */
import { and, asc, eq, isNull, lt, or } from 'drizzle-orm';
import { aggregatorCourierName } from '@shared/orders/couriers';
import { ORDER_STATUS, orderStatusLabel } from '@shared/orders/order-status';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/database';
import { courierShipments } from '../../db/schema/courier-tables';
import { orderLines, orders } from '../../db/schema/order-tables';
import { AppError, ConflictError } from '../../errors';
import { shipOrder, type AdminStepContext } from '../orders/admin-order-actions';
import { findAdminOrder } from '../orders/admin-orders';
import { NO_PROGRESS, type BookingProgress, type CourierParcel } from './courier-adapter';
import { readShiprocketAccount, shiprocketAdapterFor, type ShiprocketAccount } from './shiprocket-settings';

/** 409 while the store has no Shiprocket account in production. */
export const SHIPROCKET_NOT_SET_UP =
  "Shiprocket is not set up: add the API user's e-mail and password in Settings → Shipping";

/** 409 while another booking of the same order runs. */
export const BOOKING_RUNNING = 'This order is being booked with Shiprocket already: try again in a minute';
/** How long a booking holds its claim at most (milliseconds); a crashed one frees the order after it. */
const BOOKING_CLAIM_MS = 2 * 60_000;

/** 409 for an order that is not Processing: 'Only a processing order can be shipped: RS-… is Shipped'. */
export const notShippable = (orderNumber: string, status: number) =>
  `Only a processing order can be shipped: ${orderNumber} is ${orderStatusLabel(status)}`;

const rupees = (paise: number) => paise / 100;

/** The parcel of order `orderId` (its shipping address, lines, payment and the account's default parcel). */
async function parcelOf(
  db: Db,
  storeId: number,
  orderId: string,
  account: ShiprocketAccount,
): Promise<CourierParcel> {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.storeId, storeId), eq(orders.id, orderId)));
  const lines = await db
    .select()
    .from(orderLines)
    .where(and(eq(orderLines.storeId, storeId), eq(orderLines.orderId, orderId)))
    .orderBy(asc(orderLines.position));
  const row = order!;
  return {
    orderNumber: row.orderNumber,
    orderedAt: row.createdAt,
    pickupLocation: account.pickupLocation,
    shipTo: {
      name: row.fullName,
      address: row.address,
      city: row.city,
      state: row.state,
      postalCode: row.postalCode,
      phone: row.phoneDigits,
      email: row.email,
    },
    // Shiprocket counts whole units: a fabric sold by the metre travels as one unit of its line total.
    lines: lines.map((line) => {
      const whole = Number.isInteger(Number(line.quantity));
      const details = [line.size, line.color].filter(Boolean).join(', ');
      return {
        name: `${line.productTitle}${details ? ` (${details})` : ''}${whole ? '' : ` – ${line.quantity} m`}`,
        sku: line.sku,
        units: whole ? Number(line.quantity) : 1,
        sellingPriceRupees: rupees(whole ? line.unitPricePaise : Number(line.lineTotalPaise)),
        hsn: line.hsn,
      };
    }),
    paymentMethod: row.cashOnDelivery ? 'COD' : 'Prepaid',
    subTotalRupees: rupees(Number(row.subtotalPaise)),
    shippingChargesRupees: rupees(Number(row.shippingFeePaise)),
    codFeeRupees: rupees(Number(row.codFeePaise)),
    codAmountRupees: row.cashOnDelivery ? rupees(Number(row.totalPaise)) : 0,
    lengthCm: account.lengthCm,
    breadthCm: account.breadthCm,
    heightCm: account.heightCm,
    weightKg: account.weightGrams / 1000,
  };
}

/** The order's shipment row for `provider`, made when missing (a row of another provider starts over). */
async function shipmentRow(db: Db, storeId: number, orderId: string, provider: string) {
  const [found] = await db
    .select()
    .from(courierShipments)
    .where(and(eq(courierShipments.storeId, storeId), eq(courierShipments.orderId, orderId)));
  if (found && found.provider === provider) return found;
  const fresh = {
    storeId,
    orderId,
    provider,
    externalOrderId: null,
    shipmentId: null,
    awb: null,
    courierName: null,
    pickupRequestedAt: null,
    bookingUntil: null,
    labelPdf: null,
    trackingStatus: null,
    trackingStatusAt: null,
    updatedAt: new Date(),
  };
  const [row] = await db
    .insert(courierShipments)
    .values(fresh)
    .onConflictDoUpdate({ target: courierShipments.orderId, set: fresh })
    .returning();
  return row!;
}

/**
 * Books Processing order `orderNumber` (as typed) of the context's store with Shiprocket and ships it (see the
 * module comment).
 * @returns the AWB and the courier's name.
 * @throws {NotFoundError} (404) for another store's order; {@link ConflictError} (409) for an order that is
 *   not Processing, for Shiprocket not set up ({@link SHIPROCKET_NOT_SET_UP}), and for Shiprocket's refusal of
 *   any step (`Shiprocket: <its message>`), and while another booking of the order runs — the order is then unchanged and a retry goes on from where it
 *   stopped.
 */
export async function shipWithShiprocket(
  db: Db,
  config: Pick<AppConfig, 'NODE_ENV' | 'SHIPROCKET_API_URL'>,
  context: AdminStepContext,
  orderNumber: string,
): Promise<{ awb: string; courierName: string }> {
  const order = await findAdminOrder(db, context.storeId, orderNumber);
  if (order.status !== ORDER_STATUS.processing) {
    throw new ConflictError(notShippable(order.orderNumber, order.status));
  }
  const account = await readShiprocketAccount(db, context.storeId);
  const adapter = shiprocketAdapterFor(db, account, config);
  if (!adapter) throw new ConflictError(SHIPROCKET_NOT_SET_UP);

  const row = await shipmentRow(db, context.storeId, order.id, adapter.provider);
  const where = eq(courierShipments.id, row.id);
  const [claimed] = await db
    .update(courierShipments)
    .set({ bookingUntil: new Date(Date.now() + BOOKING_CLAIM_MS) })
    .where(
      and(where, or(isNull(courierShipments.bookingUntil), lt(courierShipments.bookingUntil, new Date()))),
    )
    .returning({ id: courierShipments.id });
  if (!claimed) throw new ConflictError(BOOKING_RUNNING);
  try {
    const progress: BookingProgress = {
      ...NO_PROGRESS,
      externalOrderId: row.externalOrderId,
      shipmentId: row.shipmentId,
      awb: row.awb,
      courierName: row.courierName,
      pickupRequested: row.pickupRequestedAt !== null,
    };
    const parcel = await parcelOf(db, context.storeId, order.id, account);
    const booked = await adapter.book(parcel, progress, async (step) => {
      await db
        .update(courierShipments)
        .set({
          externalOrderId: step.externalOrderId,
          shipmentId: step.shipmentId,
          awb: step.awb,
          courierName: step.courierName,
          pickupRequestedAt: step.pickupRequested ? (row.pickupRequestedAt ?? new Date()) : null,
          updatedAt: new Date(),
        })
        .where(where);
    });
    if (!row.labelPdf) {
      const label = await adapter.label(booked.shipmentId!);
      if (label)
        await db.update(courierShipments).set({ labelPdf: label, updatedAt: new Date() }).where(where);
    }
    const courierName = aggregatorCourierName(booked.courierName);
    await shipOrder(db, context, order.orderNumber, { courier: courierName, trackingNumber: booked.awb });
    return { awb: booked.awb, courierName };
  } finally {
    await db.update(courierShipments).set({ bookingUntil: null }).where(where);
  }
}

/**
 * Ships each of `orderNumbers` with Shiprocket in turn ({@link shipWithShiprocket}); one order's refusal does
 * not stop the others (each answers its own outcome, and a refused order is unchanged).
 * @returns one outcome per order number, in the order given (each number once).
 */
export async function shipManyWithShiprocket(
  db: Db,
  config: Pick<AppConfig, 'NODE_ENV' | 'SHIPROCKET_API_URL'>,
  context: AdminStepContext,
  orderNumbers: string[],
) {
  const results = [];
  for (const orderNumber of new Set(orderNumbers.map((number) => number.toUpperCase()))) {
    try {
      const booked = await shipWithShiprocket(db, config, context, orderNumber);
      results.push({ orderNumber, shipped: true as const, ...booked });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      results.push({ orderNumber, shipped: false as const, error: error.message });
    }
  }
  return { results };
}
