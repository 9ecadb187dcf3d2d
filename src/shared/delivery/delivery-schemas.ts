/**
 * The delivery settings contract (docs/delivery.md): the same shape in the catalogue file's `store.delivery`
 * block and in `GET/PUT /api/v1/admin/settings/delivery`, amounts in **rupees** (stored in paise, see
 * ./delivery-rules.ts), and `GET /delivery/check` of the product page and the checkout.
 */
import { z } from 'zod';
import {
  findIndianState,
  INVALID_PIN_MESSAGE,
  isKnownPinCode,
  UNKNOWN_STATE_MESSAGE,
} from '../gst/indian-states';
import { paiseToRupees, rupeesToPaise } from '../money';
import {
  DEFAULT_COD_FEE_PAISE,
  DEFAULT_COD_MAX_ORDER_VALUE_PAISE,
  DEFAULT_DELIVERY_SETTINGS,
  type DeliverySettings,
} from './delivery-rules';

/** The largest charge or threshold accepted, rupees (₹10,00,000). */
export const MAX_DELIVERY_RUPEES = 1_000_000;

const rupees = z
  .number({ message: 'must be an amount in rupees' })
  .min(0, 'must be 0 or more')
  .max(MAX_DELIVERY_RUPEES, `must be at most ${MAX_DELIVERY_RUPEES}`)
  .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, 'must have at most 2 decimals');

const days = z
  .number({ message: 'must be a whole number of days' })
  .int('must be a whole number of days')
  .min(0, 'must be 0 or more')
  .max(60, 'must be at most 60');

/** A PIN-code prefix: 1 to 6 digits, not starting with 0. */
export const pinPrefixSchema = z
  .string()
  .trim()
  .regex(/^[1-9][0-9]{0,5}$/, 'must be 1 to 6 digits of a PIN code, not starting with 0');

const pinPrefixes = z.array(pinPrefixSchema).max(500, 'must have at most 500 prefixes').default([]);

const stateName = z
  .string()
  .trim()
  .refine((name) => findIndianState(name) !== undefined, { message: UNKNOWN_STATE_MESSAGE })
  .transform((name) => findIndianState(name)!.name);

/** Days from a minimum and a maximum: the maximum must not be below the minimum. */
function daysInOrder(value: { minDays: number; maxDays: number }, context: z.RefinementCtx) {
  if (value.maxDays < value.minDays) {
    context.addIssue({ code: 'custom', path: ['maxDays'], message: 'must not be less than minDays' });
  }
}

/** One zone, by states and/or PIN prefixes (at least one of them). */
export const deliveryZoneSchema = z
  .object({
    name: z.string().trim().min(1, 'is required').max(60, 'must be at most 60 characters'),
    states: z.array(stateName).max(36).default([]),
    pinPrefixes,
    charge: rupees,
    minDays: days,
    maxDays: days,
  })
  .superRefine((zone, context) => {
    daysInOrder(zone, context);
    if (zone.states.length === 0 && zone.pinPrefixes.length === 0) {
      context.addIssue({ code: 'custom', path: ['states'], message: 'a zone needs states or pinPrefixes' });
    }
  });

export const codSettingsSchema = z.object({
  enabled: z.boolean({ message: 'must be true or false' }).default(false),
  fee: rupees.default(DEFAULT_COD_FEE_PAISE / 100),
  maxOrderValue: rupees.default(DEFAULT_COD_MAX_ORDER_VALUE_PAISE / 100),
  pinPrefixes,
});

/** The settings in rupees, every field optional with the defaults of a store that set nothing. */
export const deliverySettingsSchema = z
  .object({
    flatCharge: rupees.default(0),
    freeAbove: rupees.nullable().default(null),
    minDays: days.default(DEFAULT_DELIVERY_SETTINGS.minDays),
    maxDays: days.default(DEFAULT_DELIVERY_SETTINGS.maxDays),
    zones: z.array(deliveryZoneSchema).max(50, 'must have at most 50 zones').default([]),
    unservedPinPrefixes: pinPrefixes,
    cod: codSettingsSchema.default({
      enabled: false,
      fee: DEFAULT_COD_FEE_PAISE / 100,
      maxOrderValue: DEFAULT_COD_MAX_ORDER_VALUE_PAISE / 100,
      pinPrefixes: [],
    }),
  })
  .strict()
  .superRefine(daysInOrder);

/** The settings as `PUT` takes (input) and `GET` answers them (output), rupees. */
export type DeliverySettingsInput = z.input<typeof deliverySettingsSchema>;
export type DeliverySettingsBody = z.output<typeof deliverySettingsSchema>;

/** Rupees (the file, the admin API) → the stored settings in paise. */
export function deliverySettingsToPaise(body: DeliverySettingsBody): DeliverySettings {
  return {
    flatChargePaise: rupeesToPaise(body.flatCharge),
    freeAbovePaise: body.freeAbove === null ? null : rupeesToPaise(body.freeAbove),
    minDays: body.minDays,
    maxDays: body.maxDays,
    zones: body.zones.map((zone) => ({
      name: zone.name,
      states: zone.states,
      pinPrefixes: zone.pinPrefixes,
      chargePaise: rupeesToPaise(zone.charge),
      minDays: zone.minDays,
      maxDays: zone.maxDays,
    })),
    unservedPinPrefixes: body.unservedPinPrefixes,
    cod: {
      enabled: body.cod.enabled,
      feePaise: rupeesToPaise(body.cod.fee),
      maxOrderValuePaise: rupeesToPaise(body.cod.maxOrderValue),
      pinPrefixes: body.cod.pinPrefixes,
    },
  };
}

/** The stored settings (paise) → rupees, as `GET /admin/settings/delivery` answers them. */
export function deliverySettingsToRupees(settings: DeliverySettings): DeliverySettingsBody {
  return {
    flatCharge: paiseToRupees(settings.flatChargePaise),
    freeAbove: settings.freeAbovePaise === null ? null : paiseToRupees(settings.freeAbovePaise),
    minDays: settings.minDays,
    maxDays: settings.maxDays,
    zones: settings.zones.map((zone) => ({
      name: zone.name,
      states: zone.states,
      pinPrefixes: zone.pinPrefixes,
      charge: paiseToRupees(zone.chargePaise),
      minDays: zone.minDays,
      maxDays: zone.maxDays,
    })),
    unservedPinPrefixes: settings.unservedPinPrefixes,
    cod: {
      enabled: settings.cod.enabled,
      fee: paiseToRupees(settings.cod.feePaise),
      maxOrderValue: paiseToRupees(settings.cod.maxOrderValuePaise),
      pinPrefixes: settings.cod.pinPrefixes,
    },
  };
}

/** The answer shape of `GET /admin/settings/delivery` (the output of {@link deliverySettingsSchema}). */
export const deliverySettingsResponseSchema = z.object({
  flatCharge: z.number(),
  freeAbove: z.number().nullable(),
  minDays: z.number().int(),
  maxDays: z.number().int(),
  zones: z.array(
    z.object({
      name: z.string(),
      states: z.array(z.string()),
      pinPrefixes: z.array(z.string()),
      charge: z.number(),
      minDays: z.number().int(),
      maxDays: z.number().int(),
    }),
  ),
  unservedPinPrefixes: z.array(z.string()),
  cod: z.object({
    enabled: z.boolean(),
    fee: z.number(),
    maxOrderValue: z.number(),
    pinPrefixes: z.array(z.string()),
  }),
});

/**
 * `GET /delivery/check` query: a 6-digit PIN code whose first three digits belong to a state or union territory
 * ('Enter a valid PIN code' otherwise: 999999, 100000), optionally its state and the cart's subtotal (rupees).
 * The product page checks the PIN code with this same field schema before asking.
 */
export const deliveryCheckQuerySchema = z.object({
  postalCode: z
    .string()
    .trim()
    .regex(/^[1-9][0-9]{5}$/, 'Please enter a 6-digit PIN code')
    .refine(isKnownPinCode, INVALID_PIN_MESSAGE),
  state: z.string().trim().max(80).optional(),
  subtotal: z.coerce.number().min(0).max(100_000_000).optional(),
  /**
   * The add-ons chosen (docs/add-ons.md), their codes separated by commas (`blouse-stitching,fall-pico`): the
   * estimate adds the longest lead time among the store's add-ons of those codes (unknown codes add nothing).
   */
  addOns: z
    .string()
    .trim()
    .max(400)
    .regex(/^[a-z0-9-]+(,[a-z0-9-]+)*$/, 'must be add-on codes separated by commas')
    .optional(),
});

/**
 * `GET /delivery/check` answer: whether the PIN code is served and, when it is, the shipping charge (rupees,
 * for the subtotal given, else for an empty cart), the estimate in days and as India dates (`YYYY-MM-DD`, from
 * today: ./delivery-dates.ts), the COD fee (rupees) when COD is offered there (null: not offered), and why not
 * (`cod`, with the shop's cap in rupees for 'over-cap'). With `addOns` asked and the PIN code served, `leadDays`
 * is the longest lead time of those add-ons, already counted in the days and dates.
 */
export const deliveryCheckSchema = z.object({
  postalCode: z.string(),
  served: z.boolean(),
  shipping: z.number().nullable(),
  minDays: z.number().int().nullable(),
  maxDays: z.number().int().nullable(),
  earliestDate: z.string().nullable(),
  latestDate: z.string().nullable(),
  codFee: z.number().nullable(),
  cod: z.enum(['available', 'outside-area', 'over-cap', 'not-offered']).nullable(),
  codMaxOrderValue: z.number().nullable(),
  leadDays: z.number().int().optional(),
});
export type DeliveryCheck = z.infer<typeof deliveryCheckSchema>;
