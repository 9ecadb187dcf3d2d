/**
 * The admin panel's orders contract (docs/admin.md "Orders"): the filtered, sorted, paginated list, its CSV
 * export, one order's detail and the owner's order steps. Amounts are integer **paise** (`…Paise`): the
 * admin shows what the server summed and never computes money. Times are ISO 8601 strings.
 */
import { z } from 'zod';
import { orderLineAddOnSchema } from '../add-ons/add-on-schemas';
import { adminPageQueryShape, adminPageShape } from './admin-page-schemas';
import { paymentReportSchema } from '../payments/payment-report-schema';
import { auditEntrySchema } from './admin-schemas';
import { storedShippingAddressSchema } from '../orders/order-schemas';
import { CONTROL_CHARACTERS_MESSAGE } from '../orders/shipping-address-schema';

/**
 * The status tabs, by name (ORDER_STATUS codes 0–5); `cod-unconfirmed` is the COD orders nobody confirmed in
 * the window, flagged for a call (docs/messages.md "COD confirmation").
 */
export const ADMIN_ORDER_STATUS_NAMES = [
  'pending',
  'cod-awaiting',
  'cod-unconfirmed',
  'processing',
  'shipped',
  'delivered',
  'cancelled',
] as const;
/**
 * Payment-method filter: UPI (QR, intent or a UTR entered by the owner), the card/net-banking gateway, or cash
 * on delivery.
 */
export const ADMIN_PAYMENT_METHODS = ['upi', 'gateway', 'cod'] as const;
/** Sort orders of the list. */
export const ADMIN_ORDER_SORTS = ['newest', 'oldest', 'total-desc', 'total-asc'] as const;

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as YYYY-MM-DD')
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), 'must be a date as YYYY-MM-DD');

/**
 * The filters of `GET /api/v1/admin/orders` and `/admin/orders.csv` (query string): `status`, `from` / `to`
 * (days in India time, both included), `payment`, `test=true` (only orders paid in test mode), `q` (order
 * number, name, phone or e-mail), `coupon` (the coupon code the orders carry), `sort`; the list adds `page` (from 1) and `limit` (1–100).
 */
export const adminOrderFiltersSchema = z.object({
  status: z
    .enum(ADMIN_ORDER_STATUS_NAMES, { error: `must be one of ${ADMIN_ORDER_STATUS_NAMES.join(', ')}` })
    .optional(),
  from: day.optional(),
  to: day.optional(),
  payment: z
    .enum(ADMIN_PAYMENT_METHODS, { error: `must be one of ${ADMIN_PAYMENT_METHODS.join(', ')}` })
    .optional(),
  test: z.enum(['true', 'false'], { error: 'must be true or false' }).optional(),
  q: z.string().trim().max(100, 'must be at most 100 characters').optional(),
  /** Only orders placed with this coupon code (any letter case; docs/discounts.md). */
  coupon: z.string().trim().max(64, 'must be at most 64 characters').optional(),
  sort: z
    .enum(ADMIN_ORDER_SORTS, { error: `must be one of ${ADMIN_ORDER_SORTS.join(', ')}` })
    .default('newest'),
});
export type AdminOrderFilters = z.output<typeof adminOrderFiltersSchema>;

export const adminOrderListQuerySchema = adminOrderFiltersSchema.extend({
  ...adminPageQueryShape,
});
export type AdminOrderListQuery = z.output<typeof adminOrderListQuerySchema>;

/** One row of the admin's order list. `payment`: the provider of the order's latest payment, or null. */
export const adminOrderRowSchema = z.object({
  orderNumber: z.string(),
  createdAt: z.string(),
  status: z.number().int(),
  fullName: z.string(),
  email: z.string(),
  phone: z.string(),
  totalPaise: z.number().int(),
  payment: z.string().nullable(),
  testPayment: z.boolean(),
  /** The coupon code the order carries (null: none) and its discount, paise. */
  couponCode: z.string().nullable().optional(),
  discountPaise: z.number().int().optional(),
});
export type AdminOrderRow = z.infer<typeof adminOrderRowSchema>;

/** `GET /api/v1/admin/orders` answer: one page; `hasMore` when a next page has rows. */
export const adminOrderListSchema = z.object({
  orders: z.array(adminOrderRowSchema),
  ...adminPageShape,
});
export type AdminOrderList = z.infer<typeof adminOrderListSchema>;

/** `GET /api/v1/admin/orders.csv` answer: `text/csv`, one header row, then one row per order. */
export const adminOrderCsvSchema = z.string();

/** `:orderId` of `/api/v1/admin/orders/:orderId…`: the order number as typed (the server normalises it). */
export const adminOrderParamsSchema = z.object({ orderId: z.string().max(40) });

/**
 * The steps the admin offers: each move through the order state machine, and `reject-report` — the shopper's
 * 'I have paid' of a Pending order turned down (the order stays Pending with a new payment window).
 */
export const ADMIN_ORDER_ACTIONS = ['mark-paid', 'ship', 'deliver', 'cancel', 'reject-report'] as const;
export type AdminOrderAction = (typeof ADMIN_ORDER_ACTIONS)[number];

/** One order as the admin shows it. */
export const adminOrderDetailSchema = z.object({
  orderNumber: z.string(),
  status: z.number().int(),
  createdAt: z.string(),
  email: z.string(),
  shippingAddress: storedShippingAddressSchema,
  shippingMethod: z.string(),
  trackingNumber: z.string().nullable(),
  courier: z.string().nullable(),
  paymentDueAt: z.string().nullable(),
  cancellationCause: z.string().nullable(),
  refundDue: z.boolean(),
  testPayment: z.boolean(),
  /** The shopper said 'I have paid' (when, and the UTR they gave, null: none); null: never. It is not a payment. */
  paymentReported: paymentReportSchema.nullable().optional(),
  subtotalPaise: z.number().int(),
  shippingFeePaise: z.number().int(),
  /** Cash on delivery (docs/delivery.md) and its fee, paise (0 without). */
  cashOnDelivery: z.boolean().optional(),
  codFeePaise: z.number().int().optional(),
  /** The GST inside the total, lines and charges, paise. */
  taxPaise: z.number().int().optional(),
  totalPaise: z.number().int(),
  lines: z.array(
    z.object({
      sku: z.string(),
      title: z.string(),
      size: z.string().nullable(),
      color: z.string().nullable(),
      unit: z.string(),
      quantity: z.number(),
      unitPricePaise: z.number().int(),
      lineTotalPaise: z.number().int(),
      /**
       * The line's service add-ons with their measurements in full (docs/add-ons.md), amounts in rupees;
       * absent: none. `doneAt`: when the shop marked it done ('Stitching done').
       */
      addOns: z.array(orderLineAddOnSchema).optional(),
    }),
  ),
  /** Tax documents issued (docs/gst.md): the invoice when it shipped, a credit note if cancelled after. */
  documents: z
    .array(z.object({ document: z.enum(['invoice', 'credit-note']), number: z.string() }))
    .optional(),
  payments: z.array(
    z.object({
      provider: z.string(),
      method: z.string(),
      reference: z.string().nullable(),
      amountPaise: z.number().int(),
      status: z.string(),
      testMode: z.boolean(),
      at: z.string(),
    }),
  ),
  history: z.array(
    z.object({ from: z.number().int().nullable(), to: z.number().int(), cause: z.string(), at: z.string() }),
  ),
  audit: z.array(auditEntrySchema),
  /** The steps the order may take now. */
  actions: z.array(z.enum(ADMIN_ORDER_ACTIONS)),
});
export type AdminOrderDetail = z.infer<typeof adminOrderDetailSchema>;

// eslint-disable-next-line no-control-regex -- refusing control characters is the point.
const CONTROL = /[\u0000-\u001f\u007f]/;
const field = (max: number) =>
  z
    .string({ error: 'is required' })
    .trim()
    .min(1, 'is required')
    .max(max, `must be at most ${max} characters`)
    .refine((value) => !CONTROL.test(value), CONTROL_CHARACTERS_MESSAGE);

/** `POST …/mark-paid`: the UPI transaction reference (UTR) the owner saw in the bank app. */
export const adminMarkPaidBodySchema = z.object({
  utr: z
    .string({ error: 'is required' })
    .trim()
    .regex(/^[A-Za-z0-9-]{6,64}$/, 'must be 6 to 64 letters, digits or dashes'),
});
export type AdminMarkPaidBody = z.output<typeof adminMarkPaidBodySchema>;

/** `POST …/ship`: the courier and its tracking (AWB) number. */
export const adminShipBodySchema = z.object({ courier: field(60), trackingNumber: field(100) });
export type AdminShipBody = z.output<typeof adminShipBodySchema>;

/** `POST …/deliver`: nothing to add (an empty object). */
export const adminDeliverBodySchema = z.object({}).strict();

/** `POST …/cancel`: optionally why, as the shopper will read it. */
export const adminCancelBodySchema = z.object({ reason: field(200).optional() });
export type AdminCancelBody = z.output<typeof adminCancelBodySchema>;

/**
 * `POST …/reject-report`: optionally why the owner turned the shopper's 'I have paid' down (e.g. 'No UPI
 * payment with this UTR reached our account'), quoted in the shopper's mail.
 */
export const adminRejectReportBodySchema = z.object({ reason: field(200).optional() });
export type AdminRejectReportBody = z.output<typeof adminRejectReportBodySchema>;
