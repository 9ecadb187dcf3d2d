/**
 * The add-ons API contract (docs/add-ons.md): a store's add-ons as the catalogue file and the admin give them
 * (prices in **rupees**), the product's offered add-ons, the add-ons of an order line as the checkout sends
 * them, and as order answers carry them. The server prices every add-on from the store's settings.
 */
import { z } from 'zod';
import { rupees } from '../catalog/catalog-fields';
import { GST_RATES } from '../gst/gst-rate';
import { MEASUREMENT_SETS, MEASUREMENT_UNITS, STANDARD_SIZES } from './measurement-sets';

/** Most add-ons a store offers, and most on one order line. */
export const MAX_STORE_ADD_ONS = 20;
export const MAX_ADD_ONS_PER_LINE = 5;
/** Most extra days of lead time one add-on may add. */
export const MAX_LEAD_DAYS = 60;

/** An add-on's code: 2–40 lower-case letters, digits and hyphens (`blouse-stitching`). */
export const addOnCodeField = z
  .string({ message: 'must be a code of lower-case letters, digits and hyphens' })
  .trim()
  .regex(/^[a-z0-9][a-z0-9-]{1,39}$/, 'must be a code of lower-case letters, digits and hyphens');

/** A SAC (services accounting code): 6 digits starting 99. */
export const sacField = z
  .string({ message: 'must be a SAC of 6 digits starting with 99' })
  .trim()
  .regex(/^99[0-9]{4}$/, 'must be a SAC of 6 digits starting with 99');

const gstRate = z
  .number({ message: `must be one of ${GST_RATES.join(', ')}` })
  .refine((rate) => (GST_RATES as readonly number[]).includes(rate), {
    message: `must be one of ${GST_RATES.join(', ')}`,
  });

/**
 * One store add-on: code, title, GST-inclusive price per piece in rupees, extra days of lead time, the
 * measurement set it needs, the categories (or sub-categories) it is offered on (empty: every product), its
 * SAC and GST rate (a service line on the invoice).
 */
export const storeAddOnSchema = z.object({
  code: addOnCodeField,
  title: z.string().trim().min(1, 'must not be empty').max(80),
  price: rupees.refine((value) => value > 0, { message: 'must be above 0' }),
  leadDays: z
    .number({ message: `must be a whole number from 0 to ${MAX_LEAD_DAYS}` })
    .int(`must be a whole number from 0 to ${MAX_LEAD_DAYS}`)
    .min(0, `must be a whole number from 0 to ${MAX_LEAD_DAYS}`)
    .max(MAX_LEAD_DAYS, `must be a whole number from 0 to ${MAX_LEAD_DAYS}`)
    .default(0),
  measurementSet: z.enum(MEASUREMENT_SETS, { message: `must be one of ${MEASUREMENT_SETS.join(', ')}` }),
  categories: z.array(z.string().trim().min(1).max(60)).max(50).default([]),
  sac: sacField,
  gstRate,
});
export type StoreAddOn = z.infer<typeof storeAddOnSchema>;

/** The store's add-ons list: codes unique ('repeats the code of addOns[0]'). */
export const storeAddOnListSchema = z
  .array(storeAddOnSchema)
  .max(MAX_STORE_ADD_ONS, `must hold at most ${MAX_STORE_ADD_ONS} add-ons`)
  .superRefine((list, context) => {
    list.forEach((addOn, index) => {
      const first = list.findIndex((other) => other.code === addOn.code);
      if (first < index) {
        context.addIssue({
          code: 'custom',
          path: [index, 'code'],
          message: `repeats the code of addOns[${first}]`,
        });
      }
    });
  });

/** A product's `addOns` in the catalogue file: codes narrowing the store's list, or `false` for none. */
export const productAddOnsField = z
  .union([z.literal(false), z.array(addOnCodeField).max(MAX_STORE_ADD_ONS)], {
    message: 'must be false or a list of add-on codes',
  })
  .optional();

/** `GET/PUT /admin/add-ons` body and answer: the store's add-ons. */
export const adminAddOnsSchema = z.object({ addOns: storeAddOnListSchema });
export type AdminAddOns = z.infer<typeof adminAddOnsSchema>;

/** One add-on offered on a product (`GET /products/{id}/add-ons`), price in rupees. */
export const offeredAddOnSchema = z.object({
  code: z.string(),
  title: z.string(),
  price: z.number(),
  leadDays: z.number().int(),
  measurementSet: z.enum(MEASUREMENT_SETS),
});
export type OfferedAddOn = z.infer<typeof offeredAddOnSchema>;

/** `GET /products/{id}/add-ons` answer: the add-ons the product offers (empty: none). */
export const productAddOnsSchema = z.object({ addOns: z.array(offeredAddOnSchema) });
export type ProductAddOns = z.infer<typeof productAddOnsSchema>;

/** `GET /products/{id}/add-ons` path. */
export const productAddOnsParamsSchema = z.object({ id: z.string().trim().min(1).max(100) });

/** Measurements as a request carries them: the unit and field key → number in that unit. */
export const measurementsInputSchema = z.object({
  unit: z.enum(MEASUREMENT_UNITS, { message: 'must be in or cm' }).default('in'),
  values: z.record(z.string().max(40), z.number({ message: 'must be a number' }).finite('must be a number')),
});
export type MeasurementsInput = z.infer<typeof measurementsInputSchema>;

/** A standard size instead of measurements: 32–44 (even). */
export const standardSizeField = z
  .number({ message: `must be one of ${STANDARD_SIZES.join(', ')}` })
  .refine((size) => (STANDARD_SIZES as readonly number[]).includes(size), {
    message: `must be one of ${STANDARD_SIZES.join(', ')}`,
  });

/**
 * One add-on of an order line as the checkout sends it: the code, and for an add-on that needs measurements
 * exactly one of a saved profile's id, measurements, or a standard size.
 */
export const lineAddOnRequestSchema = z.object({
  code: addOnCodeField,
  measurementProfileId: z.number().int().positive().optional(),
  measurements: measurementsInputSchema.optional(),
  standardSize: standardSizeField.optional(),
});
export type LineAddOnRequest = z.infer<typeof lineAddOnRequestSchema>;

/** An order line's `addOns` (at most 5, each code once). */
export const lineAddOnsField = z
  .array(lineAddOnRequestSchema)
  .max(MAX_ADD_ONS_PER_LINE, `must hold at most ${MAX_ADD_ONS_PER_LINE} add-ons`)
  .optional();

/**
 * An add-on of an order line as answers carry it: title, code, price per piece, quantity and total in rupees,
 * lead days, the measurements in inches (or the standard size, or the profile's name), its GST (SAC, rate,
 * tax) and, for the shop, when the stitching was marked done.
 */
export const orderLineAddOnSchema = z.object({
  id: z.string(),
  code: z.string(),
  title: z.string(),
  price: z.number(),
  quantity: z.number(),
  total: z.number(),
  leadDays: z.number().int(),
  measurementSet: z.enum(MEASUREMENT_SETS),
  profileName: z.string().nullable(),
  measurements: z.record(z.string(), z.number()).nullable(),
  standardSize: z.number().nullable(),
  sac: z.string(),
  gstRate: z.number(),
  tax: z.number(),
  doneAt: z.string().nullable(),
});
export type OrderLineAddOn = z.infer<typeof orderLineAddOnSchema>;

/** `POST /admin/orders/{orderId}/add-ons/{addOnId}/done` path: the order number and the add-on's id. */
export const addOnDoneParamsSchema = z.object({
  orderId: z.string().trim().min(1).max(40),
  addOnId: z.coerce
    .number({ message: 'must be a number' })
    .int('must be a number')
    .positive('must be a number'),
});

/** The empty answer of a 204 (deleting a profile, marking an add-on done). */
export const noContentSchema = z.null();
