/**
 * The Shiprocket contract of the admin (docs/shipping.md): the owner's Shiprocket settings
 * (`GET/PUT /api/v1/admin/settings/shiprocket`), booking one order or many
 * (`POST /api/v1/admin/orders/:orderId/shiprocket`, `POST /api/v1/admin/orders/shiprocket`), an order's
 * shipment (`GET /api/v1/admin/orders/:orderId/shipment`), and the answer of the tracking webhook
 * (`POST /api/v1/couriers/shiprocket/webhook`). Sizes in whole centimetres, weight in kilograms (what
 * Shiprocket's API takes).
 */
import { z } from 'zod';

/** The tracking webhook's path on the shop's own address (set it in Shiprocket's panel). */
export const SHIPROCKET_WEBHOOK_PATH = '/api/v1/couriers/shiprocket/webhook';

/** Masks a secret as `••••1234` (its last 4 characters; shorter secrets show only the dots). */
export function maskSecret(secret: string | null | undefined): string | null {
  if (!secret) return null;
  return `••••${secret.length > 8 ? secret.slice(-4) : ''}`;
}

// eslint-disable-next-line no-control-regex -- refusing control characters is the point.
const CONTROL = /[\u0000-\u001f\u007f]/;
const noControl = 'must not contain control characters';

const centimetres = z
  .number({ message: 'must be a whole number of centimetres' })
  .int('must be a whole number of centimetres')
  .min(1, 'must be at least 1')
  .max(300, 'must be at most 300');

/**
 * `PUT /api/v1/admin/settings/shiprocket`. `email` empty → no account (the built-in TEST MODE sandbox outside
 * production); `password` and `webhookToken` left out or empty → the stored ones are kept (they are never sent
 * back in full).
 */
export const shiprocketSettingsSchema = z.object({
  email: z
    .string()
    .trim()
    .max(254, 'must be at most 254 characters')
    .refine((value) => value === '' || z.email().safeParse(value).success, 'must be an e-mail address'),
  password: z
    .string()
    .max(200, 'must be at most 200 characters')
    .refine((value) => !CONTROL.test(value), noControl)
    .optional(),
  pickupLocation: z
    .string()
    .trim()
    .min(1, 'is required')
    .max(100, 'must be at most 100 characters')
    .refine((value) => !CONTROL.test(value), noControl),
  lengthCm: centimetres,
  breadthCm: centimetres,
  heightCm: centimetres,
  weightKg: z
    .number({ message: 'must be a weight in kilograms' })
    .min(0.01, 'must be at least 0.01')
    .max(100, 'must be at most 100')
    .refine(
      (value) => Math.abs(value * 1000 - Math.round(value * 1000)) < 1e-6,
      'must have at most 3 decimals',
    ),
  webhookToken: z
    .string()
    .trim()
    .refine(
      (value) => value === '' || /^[\x21-\x7e]{16,200}$/.test(value),
      'must be 16 to 200 characters without spaces',
    )
    .optional(),
});
export type ShiprocketSettingsInput = z.output<typeof shiprocketSettingsSchema>;

/** The settings as the admin shows them: secrets masked (`••••1234`), null when not set. */
export const shiprocketSettingsResponseSchema = z.object({
  email: z.string().nullable(),
  password: z.string().nullable(),
  pickupLocation: z.string(),
  lengthCm: z.number().int(),
  breadthCm: z.number().int(),
  heightCm: z.number().int(),
  weightKg: z.number(),
  webhookToken: z.string().nullable(),
  /** Bookings go to the built-in TEST MODE sandbox (no account set, outside production): nothing is shipped. */
  testMode: z.boolean(),
  /** Bookings are possible: an account is set, or the sandbox is on. */
  available: z.boolean(),
  webhookPath: z.string(),
});
export type ShiprocketSettingsResponse = z.infer<typeof shiprocketSettingsResponseSchema>;

/** An order's booked parcel as the admin's order page shows it; `shipment: null` when none was booked. */
export const orderShipmentSchema = z.object({
  /** 'Ship with Shiprocket' may be offered (an account is set, or the TEST MODE sandbox is on). */
  shiprocketAvailable: z.boolean(),
  shipment: z
    .object({
      provider: z.string(),
      testMode: z.boolean(),
      shipmentId: z.string().nullable(),
      awb: z.string().nullable(),
      courierName: z.string().nullable(),
      /** The courier's own latest status text (e.g. `OUT FOR DELIVERY`); null: none reported yet. */
      trackingStatus: z.string().nullable(),
      /** The label PDF is kept: `GET …/orders/:orderId/shipping-label` downloads it. */
      labelAvailable: z.boolean(),
    })
    .nullable(),
});
export type OrderShipment = z.infer<typeof orderShipmentSchema>;

/** `POST /api/v1/admin/orders/shiprocket`: the orders to book, 1 to 50 order numbers. */
export const shiprocketBulkBodySchema = z.object({
  orderNumbers: z
    .array(z.string().trim().min(1, 'is required').max(40, 'must be at most 40 characters'))
    .min(1, 'must name at least one order')
    .max(50, 'must name at most 50 orders'),
});
export type ShiprocketBulkBody = z.output<typeof shiprocketBulkBodySchema>;

/** Each order's outcome of a booking of many: shipped with its AWB, or the reason it was not (unchanged). */
export const shiprocketBulkResultSchema = z.object({
  results: z.array(
    z.union([
      z.object({
        orderNumber: z.string(),
        shipped: z.literal(true),
        awb: z.string(),
        courierName: z.string(),
      }),
      z.object({ orderNumber: z.string(), shipped: z.literal(false), error: z.string() }),
    ]),
  ),
});
export type ShiprocketBulkResult = z.infer<typeof shiprocketBulkResultSchema>;

const webhookText = z.union([z.string(), z.number()]).transform((value) => String(value).trim());

/**
 * The fields of Shiprocket's tracking update the shop reads (Shiprocket sends many more — `scans`, `etd`,
 * `sr_order_id`, … — which are let through unread): the AWB, and the status as `current_status` (else
 * `shipment_status`).
 */
export const shiprocketWebhookBodySchema = z
  .looseObject({
    awb: webhookText.pipe(z.string().min(1, 'is required').max(100, 'must be at most 100 characters')),
    current_status: webhookText.optional(),
    shipment_status: webhookText.optional(),
  })
  .refine((update) => Boolean(update.current_status || update.shipment_status), {
    message: 'is required',
    path: ['current_status'],
  });

/** The tracking webhook's answer: which order the update was for and whether it changed anything. */
export const shiprocketWebhookAnswerSchema = z.object({
  orderNumber: z.string(),
  changed: z.boolean(),
});
