/**
 * The orders API contract (spec §3 "Shipping form", "Order as read from the server"; §7), shared by the
 * checkout form, the routes and the types: every request and every success answer of `/orders`. Error answers
 * are `errorBodySchema` (src/shared/errors/error-body.ts). Amounts in the API are **rupees** (JSON numbers,
 * 2 decimals at most); the server computes every amount from the catalogue.
 */
import { z } from 'zod';

/** Indian PIN code: six digits, not starting with 0 (India Post). */
export const PIN_CODE_PATTERN = /^[1-9][0-9]{5}$/;

/**
 * The 10 national digits of an Indian mobile number written with or without +91 / 91 / 0 and spaces or
 * dashes, or null when it is not one (10 digits starting 6–9, TRAI numbering plan).
 * `nationalMobileDigits('+91 98390 41736')` → `'9839041736'`.
 */
export function nationalMobileDigits(input: string): string | null {
  const digits = input.replace(/[\s\-()]/g, '');
  const match = /^(?:\+?91|0)?([6-9][0-9]{9})$/.exec(digits);
  return match ? match[1]! : null;
}

/** Control characters other than tab and line breaks (PostgreSQL text cannot even hold NUL). */
// eslint-disable-next-line no-control-regex -- matching control characters is the point.
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
export const CONTROL_CHARACTERS_MESSAGE = 'must not contain control characters';

const requiredText = (max: number) =>
  z
    .string({ message: 'is required' })
    .trim()
    .min(1, 'is required')
    .max(max, `must be at most ${max} characters`)
    .refine((value) => !CONTROL_CHARACTERS.test(value), { message: CONTROL_CHARACTERS_MESSAGE });

/** Shipping address (spec §3 "Shipping form"): all six fields required after trimming, no control characters. */
export const shippingAddressSchema = z.object({
  fullName: requiredText(100),
  address: requiredText(300),
  city: requiredText(80),
  state: requiredText(80),
  postalCode: requiredText(6).regex(PIN_CODE_PATTERN, 'must be a 6-digit PIN code not starting with 0'),
  phone: requiredText(20).refine((value) => nationalMobileDigits(value) !== null, {
    message: 'must be an Indian mobile number: +91 and 10 digits starting with 6, 7, 8 or 9',
  }),
});

export type ShippingAddress = z.infer<typeof shippingAddressSchema>;

/** Per-line and per-order limits of `POST /orders`. */
export const MAX_QUANTITY_PER_LINE = 10;
export const MAX_LINES_PER_ORDER = 50;

/** `POST /orders` body: product id → quantity (integer 1–10), at most 50 lines, and the address. */
export const createOrderBodySchema = z.object({
  products: z
    .record(
      z.string(),
      z
        .number({ message: 'quantity must be a whole number from 1 to 10' })
        .int('quantity must be a whole number from 1 to 10')
        .min(1, 'quantity must be a whole number from 1 to 10')
        .max(MAX_QUANTITY_PER_LINE, 'quantity must be a whole number from 1 to 10'),
    )
    .refine((products) => Object.keys(products).length > 0, { message: 'must contain at least one product' })
    .refine((products) => Object.keys(products).length <= MAX_LINES_PER_ORDER, {
      message: `must contain at most ${MAX_LINES_PER_ORDER} products`,
    }),
  shippingAddress: shippingAddressSchema,
});

export type CreateOrderBody = z.infer<typeof createOrderBodySchema>;

/** One order line as the server returns it; `price` is the unit price in rupees at the time of the order. */
export const orderItemSchema = z.object({
  id: z.string(),
  productId: z.string().nullable(),
  productTitle: z.string(),
  quantity: z.number().int(),
  price: z.number(),
});

/**
 * An order as `GET /orders` and `GET /orders/{id}` return it (spec §3 server shape plus the shipping method
 * and tracking number). `id` is the order number (e.g. `RS-7KQ29XD3`); amounts in rupees.
 */
export const orderSchema = z.object({
  id: z.string(),
  status: z.number().int(),
  createdAt: z.string(),
  items: z.array(orderItemSchema),
  shippingAddress: z.object({
    fullName: z.string(),
    address: z.string(),
    city: z.string(),
    state: z.string(),
    postalCode: z.string(),
    phone: z.string(),
  }),
  shippingMethod: z.string(),
  trackingNumber: z.string().nullable(),
  subtotal: z.number(),
  shippingFee: z.number(),
  total: z.number(),
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

/** `GET /orders/{orderId}` path: the order number as the customer typed it (normalised by the server). */
export const trackOrderParamsSchema = z.object({ orderId: z.string() });

/**
 * `GET /orders/{orderId}?contactInfo=…` query: the order's e-mail or phone (spec §7 track order). When given
 * it must match, for everyone, the signed-in owner included; without it only the owner sees the order.
 */
export const trackOrderQuerySchema = z.object({
  contactInfo: z.string().trim().max(200).optional(),
});
