/**
 * Measurement profiles of a signed-in shopper (`/api/v1/account/measurements`, docs/add-ons.md "Profiles"):
 * a named set of measurements ('Mine', 'Amma') kept on the account, stored in inches, picked at the product
 * page. Requests may give centimetres (`unit: "cm"`); answers are always in inches.
 */
import { z } from 'zod';
import { MEASUREMENT_SETS } from './measurement-sets';
import { measurementsInputSchema } from './add-on-schemas';

/** Most profiles one account keeps. */
export const MAX_MEASUREMENT_PROFILES = 10;
/** The 409 message when the account already keeps {@link MAX_MEASUREMENT_PROFILES}. */
export const TOO_MANY_PROFILES = `You can keep up to ${MAX_MEASUREMENT_PROFILES} measurement profiles. Please delete one first.`;

/** `POST /account/measurements` and `PUT /account/measurements/{id}` body. */
export const measurementProfileBodySchema = z.object({
  name: z
    .string({ message: 'is required' })
    .trim()
    .min(1, 'is required')
    .max(40, 'must be at most 40 characters'),
  set: z.enum(MEASUREMENT_SETS.filter((set) => set !== 'none') as ['blouse', 'salwar-kameez', 'kurta'], {
    message: 'must be blouse, salwar-kameez or kurta',
  }),
  measurements: measurementsInputSchema,
});
export type MeasurementProfileBody = z.infer<typeof measurementProfileBodySchema>;

/** A profile as answers carry it: measurements in inches. */
export const measurementProfileSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  set: z.enum(MEASUREMENT_SETS),
  measurements: z.record(z.string(), z.number()),
  updatedAt: z.string(),
});
export type MeasurementProfile = z.infer<typeof measurementProfileSchema>;

/** `GET /account/measurements` answer (oldest first). */
export const measurementProfileListSchema = z.object({ profiles: z.array(measurementProfileSchema) });

/** `/account/measurements/{profileId}` path. */
export const measurementProfileParamsSchema = z.object({
  profileId: z.coerce
    .number({ message: 'must be a number' })
    .int('must be a number')
    .positive('must be a number'),
});
