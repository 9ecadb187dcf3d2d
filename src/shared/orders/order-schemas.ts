/**
 * The orders API contract (docs/product.md §3 "Shipping form", "Order as read from the server"; §7), shared by the
 * checkout form, the routes and the types: every request and every success answer of `/orders`. Error answers
 * are `errorBodySchema` (src/shared/errors/error-body.ts). Amounts in the API are **rupees** (JSON numbers,
 * 2 decimals at most); the server computes every amount from the catalogue.
 */
import { z } from 'zod';
import { refundSchema, returnSchema } from '../returns/return-schemas';
import { paymentReportSchema } from '../payments/payment-report-schema';
import { MAX_METRES_PER_LINE, UNITS_OF_MEASURE } from '../catalog/unit-of-measure';
import { shippingAddressSchema } from './shipping-address-schema';
import { lineAddOnsField, orderLineAddOnSchema } from '../add-ons/add-on-schemas';

/** Per-line and per-order limits of `POST /orders`. */
export const MAX_QUANTITY_PER_LINE = 10;
export const MAX_LINES_PER_ORDER = 50;

const wholeQuantity = z
  .number({ message: 'quantity must be a whole number from 1 to 10' })
  .int('quantity must be a whole number from 1 to 10')
  .min(1, 'quantity must be a whole number from 1 to 10')
  .max(MAX_QUANTITY_PER_LINE, 'quantity must be a whole number from 1 to 10');

/**
 * One line of the `lines` form of `POST /orders`: the product, the variant — by `variantId`, or by `size`
 * and `color` as shown on the product page (matched without regard to letter case) — and the quantity in the
 * product's unit (pieces: whole numbers 1–10; metres: from the product's minimum in its steps, at most 100).
 * The server checks the quantity against the product and refuses a product with variants but no variant
 * chosen: `lines.<i>.size: 'Please choose a size'`, `lines.<i>.color: 'Please choose a colour'`. Other
 * refusals name the line the same way: 400 `lines.<i>.productId` / `lines.<i>.variantId` /
 * `lines.<i>.size` / `lines.<i>.color: 'is not available'` (a size and colour sold only apart: on
 * `variantId`), `lines.<i>.variantId` (or `productId` without variants) `'is listed more than once'`,
 * `lines.<i>.quantity` with the unit's rule ('Fabric is sold in steps of 0.5 m from 1 m'); 409 for short
 * stock, e.g. `{ error: 'Maroon Raw Silk Kurta — M / Maroon: only 1 left', fields: { 'lines.0.quantity':
 * 'only 1 left' } }` ('only 1.5 m left' for metres); 409 {@link TOO_MANY_UNPAID_ORDERS}.
 */
export const orderLineRequestSchema = z.object({
  productId: z.string({ message: 'is required' }).trim().min(1, 'is required').max(100),
  variantId: z.string().trim().max(100).optional(),
  size: z.string().trim().max(60).optional(),
  color: z.string().trim().max(60).optional(),
  quantity: z
    .number({ message: 'must be a number' })
    .positive('must be above 0')
    .max(MAX_METRES_PER_LINE, `must be at most ${MAX_METRES_PER_LINE}`),
  /**
   * Service add-ons of the line (docs/add-ons.md): `{ code, measurementProfileId? | measurements? |
   * standardSize? }`, priced by the server; refusals name `lines.<i>.addOns.<j>.<part>`.
   */
  addOns: lineAddOnsField,
});
export type OrderLineRequest = z.infer<typeof orderLineRequestSchema>;

/** The message when a body has neither `products` nor `lines`. */
export const NO_PRODUCTS_MESSAGE = 'must contain at least one product';

/**
 * `POST /orders` body, in one of two forms, and the address:
 * - the storefront's `products`: product id → quantity (whole number 1–10), at most 50 lines — only for products
 *   without variants sold by the piece;
 * - `lines` (what the storefront sends): at most 50 {@link orderLineRequestSchema} lines, each naming its
 *   variant; the same product may appear once per variant.
 * Exactly one of the two must be given.
 */
export const createOrderBodySchema = z
  .object({
    products: z
      .record(z.string(), wholeQuantity)
      .refine((products) => Object.keys(products).length > 0, { message: NO_PRODUCTS_MESSAGE })
      .refine((products) => Object.keys(products).length <= MAX_LINES_PER_ORDER, {
        message: `must contain at most ${MAX_LINES_PER_ORDER} products`,
      })
      .optional(),
    lines: z
      .array(orderLineRequestSchema)
      .min(1, NO_PRODUCTS_MESSAGE)
      .max(MAX_LINES_PER_ORDER, `must contain at most ${MAX_LINES_PER_ORDER} lines`)
      .optional(),
    shippingAddress: shippingAddressSchema,
    /**
     * The coupon code the shopper applied (docs/discounts.md), any letter case; the server checks and prices
     * it again: 409 with the coupon's message when it cannot be used.
     */
    couponCode: z.string().trim().max(64).optional(),
    /**
     * 'Send me order updates on WhatsApp' ticked at checkout (docs/messages.md "Consent"): the order's phone
     * is opted in, with the time, in the order's transaction. Absent or false: nothing changes.
     */
    whatsappOptIn: z.boolean().optional(),
  })
  .superRefine((body, context) => {
    if (body.products === undefined && body.lines === undefined) {
      context.addIssue({ code: 'custom', path: ['products'], message: NO_PRODUCTS_MESSAGE });
    } else if (body.products !== undefined && body.lines !== undefined) {
      context.addIssue({
        code: 'custom',
        path: ['lines'],
        message: 'send either products or lines, not both',
      });
    }
  });

export type CreateOrderBody = z.infer<typeof createOrderBodySchema>;

/**
 * One order line as the server returns it: the snapshot taken when the order was made. `price` is the unit
 * price in rupees (per piece, or per metre when `unit` is `m`), `quantity` is in that unit (2.5 = 2.5 m),
 * `lineTotal` = round(price × quantity) in rupees; `sku` is the variant's when there is one.
 */
export const orderItemSchema = z.object({
  id: z.string(),
  productId: z.string().nullable(),
  variantId: z.string().nullable(),
  productTitle: z.string(),
  sku: z.string(),
  size: z.string().nullable(),
  color: z.string().nullable(),
  imgUrl: z.string().nullable(),
  unit: z.enum(UNITS_OF_MEASURE),
  quantity: z.number(),
  price: z.number(),
  lineTotal: z.number(),
  /** The line's share of the coupon's discount, rupees (docs/discounts.md); absent: none. */
  discount: z.number().optional(),
  /**
   * GST of the line as the server stored it when the order was placed (docs/gst.md), in rupees: HSN code,
   * rate in percent, taxable value (lineTotal − discount − tax) and the tax by head. Absent for orders placed before.
   */
  hsn: z.string().nullable().optional(),
  gstRate: z.number().nullable().optional(),
  taxableValue: z.number().optional(),
  tax: z.number().optional(),
  cgst: z.number().optional(),
  sgst: z.number().optional(),
  igst: z.number().optional(),
  /**
   * Returns (docs/returns.md), on a Delivered order: whether the product may be returned, and how much of
   * the line (in its unit) may still be asked back — the quantity less what non-rejected returns hold.
   */
  returnable: z.boolean().optional(),
  returnableQuantity: z.number().optional(),
  /**
   * The line's service add-ons (docs/add-ons.md): stitching, fall & pico, with their measurements, price and
   * GST; absent or empty: none. The order's subtotal includes them.
   */
  addOns: z.array(orderLineAddOnSchema).optional(),
});

/** A charge of an order as answers carry it: kind, label, amount and its GST (rate in percent, tax in rupees). */
export const orderChargeSchema = z.object({
  kind: z.enum(['shipping', 'cod']),
  label: z.string(),
  amount: z.number(),
  gstRate: z.number(),
  tax: z.number(),
});
export type OrderCharge = z.infer<typeof orderChargeSchema>;

/** How an order's GST is levied: CGST + SGST (delivered in the store's state), IGST, or none (store not registered). */
export const GST_SUPPLY_KINDS = ['intra-state', 'inter-state', 'not-registered'] as const;

/** An issued tax document of an order: its number, kind and time (ISO). Download: `GET /orders/{id}/invoice`. */
export const taxDocumentSummarySchema = z.object({
  number: z.string(),
  kind: z.enum(['tax-invoice', 'bill-of-supply', 'credit-note']),
  issuedAt: z.string(),
});
export type TaxDocumentSummary = z.infer<typeof taxDocumentSummarySchema>;

/** A stored order's shipping address as answers carry it: the fields as they were accepted at checkout. */
export const storedShippingAddressSchema = z.object({
  fullName: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  postalCode: z.string(),
  phone: z.string(),
});

/** One step of an order's status history: the status code it reached and when (ISO time). */
export const orderHistoryEntrySchema = z.object({ status: z.number().int(), at: z.string() });
export type OrderHistoryEntry = z.infer<typeof orderHistoryEntrySchema>;

/**
 * An order as `GET /orders` and `GET /orders/{id}` return it (docs/product.md §3 server shape plus the shipping method
 * and tracking number). `id` is the order number (e.g. `RS-7KQ29XD3`); amounts in rupees. Beyond the storefront's basic contract:
 * `paymentDueAt` — until when a Pending order's stock is held (ISO time); `cancellationCause` — why a
 * Cancelled order was cancelled ('payment not received in time', 'cancelled by the customer', …);
 * `refundDue` — paid after it was cancelled and its stock was gone: the shop owes a refund.
 */
export const orderSchema = z.object({
  id: z.string(),
  status: z.number().int(),
  createdAt: z.string(),
  items: z.array(orderItemSchema),
  shippingAddress: storedShippingAddressSchema,
  shippingMethod: z.string(),
  trackingNumber: z.string().nullable(),
  /**
   * The courier the shop shipped with (src/shared/orders/couriers.ts) and, for a known courier, its public
   * tracking page for the tracking number; null before shipping, for another courier (no link), or absent.
   */
  courier: z.string().nullable().optional(),
  trackingUrl: z.string().nullable().optional(),
  /**
   * What the courier last said of a Shipped order's parcel, e.g. 'Out for delivery'
   * (src/shared/orders/courier-status.ts, docs/shipping.md "Statuses"); null when nothing was reported or the
   * order is not Shipped.
   */
  courierStatus: z.string().nullable().optional(),
  paymentDueAt: z.string().nullable(),
  cancellationCause: z.string().nullable(),
  refundDue: z.boolean(),
  subtotal: z.number(),
  shippingFee: z.number(),
  /**
   * The coupon's discount in rupees (0: none) and its code (null: none); total = subtotal − discount + charges
   * (docs/discounts.md).
   */
  discount: z.number().optional(),
  couponCode: z.string().nullable().optional(),
  total: z.number(),
  /** The GST included in `total`, in rupees (docs/gst.md); absent for orders placed before GST was recorded. */
  tax: z.number().optional(),
  /** How the GST is levied, by the place of supply (the delivery state); null: placed before. */
  gstSupply: z.enum(GST_SUPPLY_KINDS).nullable().optional(),
  /** The tax invoice (or bill of supply) issued when the order shipped, and a credit note if it was cancelled after. */
  invoice: taxDocumentSummarySchema.nullable().optional(),
  creditNote: taxDocumentSummarySchema.nullable().optional(),
  /** Its status history, oldest first: placed (status 0), then each status it reached, with the time. */
  history: z.array(orderHistoryEntrySchema).optional(),
  /**
   * How it was paid online: `upi` or `gateway` (cards, net banking, wallets); null while unpaid or for cash on
   * delivery (`cashOnDelivery`).
   */
  paidBy: z.enum(['upi', 'gateway']).nullable().optional(),
  /**
   * Cash on delivery (docs/delivery.md): chosen at payment; its fee in rupees (0 without COD). The order pages
   * show 'COD — payment due' until it is delivered.
   */
  cashOnDelivery: z.boolean().optional(),
  codFee: z.number().optional(),
  /** The order's charges (shipping, COD fee) with their GST at the principal supply's rate, rupees. */
  charges: z.array(orderChargeSchema).optional(),
  /**
   * The shopper said 'I have paid' on the UPI QR screen (when, and the UTR they gave); null: never. It does
   * not make the order paid: the shop confirms the payment.
   */
  paymentReported: paymentReportSchema.nullable().optional(),
  /**
   * Returns (docs/returns.md): the last day (`YYYY-MM-DD`, India time) a Delivered order may be asked back,
   * null when the store takes no returns or the order is not delivered; its returns with their history; its
   * refunds; every credit note issued against its invoice (refunds, returns, RTO), oldest first.
   */
  returnWindowLastDay: z.string().nullable().optional(),
  /** Whether the store offers exchanges for another size or colour (set with `returnWindowLastDay`). */
  exchangesOffered: z.boolean().optional(),
  returns: z.array(returnSchema).optional(),
  refunds: z.array(refundSchema).optional(),
  creditNotes: z.array(taxDocumentSummarySchema).optional(),
});

export type Order = z.infer<typeof orderSchema>;
export type OrderItem = z.infer<typeof orderItemSchema>;

/** `GET /orders` answer: the signed-in customer's orders, newest first. */
export const orderListSchema = z.array(orderSchema);

/** `Idempotency-Key` of `POST /orders`: 1–255 visible ASCII characters (e.g. a UUID made for this checkout). */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/** `POST /orders` headers: the optional `Idempotency-Key` (other headers pass through). */
export const createOrderHeadersSchema = z.object({
  'idempotency-key': z
    .string({ message: 'must be 1 to 255 visible ASCII characters' })
    .regex(IDEMPOTENCY_KEY_PATTERN, 'must be 1 to 255 visible ASCII characters')
    .optional(),
});

/** `POST /orders` answer (201, also for an idempotent replay): `id` is the new order's number. */
export const createdOrderSchema = z.object({ id: z.string() });

export type CreatedOrder = z.infer<typeof createdOrderSchema>;

/** Most orders one account may have waiting for payment at once; one more is refused with a 409. */
export const MAX_PENDING_ORDERS_PER_ACCOUNT = 3;
/** The 409 message refusing an order while {@link MAX_PENDING_ORDERS_PER_ACCOUNT} others wait for payment. */
export const TOO_MANY_UNPAID_ORDERS = 'You have unpaid orders. Please pay or cancel one of them first.';
