/**
 * The courier adapter interface (docs/shipping.md "Manual and Shiprocket"): one adapter per way of shipping,
 * as payments have one provider interface. An adapter books a parcel (`book`: the courier and the AWB it
 * travels under), gives its label (`label`: a PDF, or null when the way of shipping prints none), reads its
 * tracking status (`track`) and cancels a booking (`cancel`). Two implementations: ./manual-courier.ts (the
 * courier and tracking number the owner types in at the ship step, the default) and ./shiprocket-courier.ts
 * (Shiprocket's API, or its built-in TEST MODE sandbox ./shiprocket-sandbox.ts).
 */

/** A line of the parcel: SKU, units, the selling price of one unit in **rupees** (Shiprocket's unit), HSN. */
export type ParcelLine = {
  name: string;
  sku: string;
  units: number;
  sellingPriceRupees: number;
  hsn: string | null;
};

/**
 * What a courier needs to book an order's parcel: our order number and date, the pickup location's name, the
 * shipping address, the lines, how it is paid (`Prepaid`, or `COD` with the amount to collect in **rupees**),
 * the sub-total and charges in **rupees**, the parcel's size (centimetres) and weight (kilograms).
 */
export type CourierParcel = {
  orderNumber: string;
  orderedAt: Date;
  pickupLocation: string;
  shipTo: {
    name: string;
    address: string;
    city: string;
    state: string;
    postalCode: string;
    phone: string;
    email: string;
  };
  lines: ParcelLine[];
  paymentMethod: 'Prepaid' | 'COD';
  /** The lines' total, rupees. */
  subTotalRupees: number;
  /** The order's shipping charge and cash-on-delivery fee, rupees (0 without). */
  shippingChargesRupees: number;
  codFeeRupees: number;
  /** What the courier collects for a `COD` parcel (the order's total), rupees; 0 for `Prepaid`. */
  codAmountRupees: number;
  lengthCm: number;
  breadthCm: number;
  heightCm: number;
  weightKg: number;
};

/**
 * How far a booking got, kept after every step so that a retry goes on from there (the aggregator's order and
 * shipment are never created twice): its order id, shipment id, the AWB and courier, and whether the pickup
 * was asked for.
 */
export type BookingProgress = {
  externalOrderId: string | null;
  shipmentId: string | null;
  awb: string | null;
  courierName: string | null;
  pickupRequested: boolean;
};

export const NO_PROGRESS: BookingProgress = {
  externalOrderId: null,
  shipmentId: null,
  awb: null,
  courierName: null,
  pickupRequested: false,
};

/** A booked parcel: the AWB (the order's tracking number) and the courier carrying it. */
export type BookedParcel = BookingProgress & { awb: string; courierName: string };

export type CourierAdapter = {
  /** The `courier_shipments.provider` value (`manual`, `shiprocket`, `shiprocket-sandbox`). */
  provider: string;
  /** TEST MODE: nothing is really shipped. */
  testMode: boolean;
  /**
   * Books `parcel`, going on from `progress` and calling `remember` after each step that the aggregator
   * answered (before the next one), so that a failure later leaves what was done known.
   * @throws {ConflictError} (409) with the courier's own message when it refuses; nothing further is done.
   */
  book(
    parcel: CourierParcel,
    progress: BookingProgress,
    remember: (progress: BookingProgress) => Promise<void>,
  ): Promise<BookedParcel>;
  /** The label PDF of booked shipment `shipmentId`; null when this way of shipping prints no label. */
  label(shipmentId: string): Promise<Buffer | null>;
  /** The courier's latest status text of parcel `awb`; null when it cannot be asked. */
  track(awb: string): Promise<string | null>;
  /** Cancels the aggregator's order `externalOrderId` (the parcel will not be picked up). */
  cancel(externalOrderId: string): Promise<void>;
};
