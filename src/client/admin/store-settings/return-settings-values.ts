/**
 * The Returns section's form (docs/returns.md "Settings"): the shared return settings (`returnSettingsSchema`,
 * rupees) with the numbers typed as text, so the form holds only strings and a boolean.
 * {@link returnFormSchema} checks each text and turns the form into the `PUT /admin/settings/returns` body
 * (checked again by the shared schema, whose messages go under the same inputs); {@link toReturnForm} fills
 * the form from the settings.
 */
import { z } from 'zod';
import { returnSettingsSchema, type ReturnSettings } from '@shared/returns/return-schemas';

/** The form's values: days and rupees as typed, the address as text ('' = the company address). */
export type ReturnForm = { windowDays: string; exchanges: boolean; pickupFee: string; returnAddress: string };

/** The form's rules; its output is the settings body (rupees, a blank address as null). */
export const returnFormSchema = z
  .object({
    windowDays: z
      .string()
      .trim()
      .regex(/^\d{1,3}$/, 'Enter a number of days, e.g. 7'),
    exchanges: z.boolean(),
    pickupFee: z
      .string()
      .trim()
      .regex(/^\d+(\.\d{1,2})?$/, 'Enter an amount in rupees, e.g. 49 or 49.50'),
    returnAddress: z.string(),
  })
  .transform((form, context) => {
    const checked = returnSettingsSchema.safeParse({
      windowDays: Number(form.windowDays),
      exchanges: form.exchanges,
      pickupFee: Number(form.pickupFee),
      returnAddress: form.returnAddress.trim() === '' ? null : form.returnAddress,
    });
    if (checked.success) return checked.data;
    for (const issue of checked.error.issues) {
      context.addIssue({ code: 'custom', message: issue.message, path: issue.path });
    }
    return z.NEVER;
  });

/** The form's values of `settings`. */
export function toReturnForm(settings: ReturnSettings): ReturnForm {
  return {
    windowDays: String(settings.windowDays),
    exchanges: settings.exchanges,
    pickupFee: String(settings.pickupFee),
    returnAddress: settings.returnAddress ?? '',
  };
}
