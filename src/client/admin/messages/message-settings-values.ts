/**
 * The Messages screen's Settings forms (docs/messages.md "Order updates", "COD confirmation", "Forgotten
 * carts"): the shared settings contracts (`orderMessageSettingsSchema`, `cartReminderSettingSchema`) with their
 * hours typed as text, so each form holds only strings and booleans. {@link orderMessageFormSchema} and
 * {@link cartReminderFormSchema} check each text and turn the form into its `PUT` body (checked again by the
 * shared schema, whose messages go under the same inputs); {@link toOrderMessageForm} and
 * {@link toCartReminderForm} fill the forms from the settings.
 */
import { z } from 'zod';
import { cartReminderSettingSchema, DEFAULT_CART_REMINDER_HOURS } from '@shared/carts/cart-schemas';
import type { CartReminderSetting } from '@shared/carts/cart-schemas';
import {
  COD_UNANSWERED_ACTIONS,
  MAX_COD_CONFIRM_HOURS,
  orderMessageSettingsSchema,
  type CodUnansweredAction,
  type OrderMessageSettings,
} from '@shared/notifications/order-message-settings';

/** The message under an hours field whose text is not a whole number from 1 to `max`. */
export const hoursMessage = (max: number) => `Enter a whole number of hours from 1 to ${max}`;

/** Hours as typed: a whole number from 1 to `max`, or the message above. */
const hoursText = (max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,4}$/, hoursMessage(max))
    .refine((text) => Number(text) >= 1 && Number(text) <= max, hoursMessage(max));

/** Copies a shared schema's issues onto the form's fields (same names) and answers its data. */
function checkedBy<T>(schema: z.ZodType<T>, body: unknown, context: z.RefinementCtx): T {
  const checked = schema.safeParse(body);
  if (checked.success) return checked.data;
  for (const issue of checked.error.issues) {
    context.addIssue({ code: 'custom', message: issue.message, path: issue.path });
  }
  return z.NEVER;
}

/** The order messages form: the owner's number as typed ('' = off), the window's hours as text. */
export type OrderMessageForm = {
  transactionalSms: boolean;
  ownerWhatsapp: string;
  codConfirmHours: string;
  codUnanswered: CodUnansweredAction;
};

/** The order messages form's rules; its output is the `PUT /admin/settings/order-messages` body. */
export const orderMessageFormSchema = z
  .object({
    transactionalSms: z.boolean(),
    ownerWhatsapp: z.string(),
    codConfirmHours: hoursText(MAX_COD_CONFIRM_HOURS),
    codUnanswered: z.enum(COD_UNANSWERED_ACTIONS),
  })
  .transform((form, context) =>
    checkedBy(
      orderMessageSettingsSchema,
      { ...form, ownerWhatsapp: form.ownerWhatsapp.trim(), codConfirmHours: Number(form.codConfirmHours) },
      context,
    ),
  );

/** The order messages form's values of `settings`. */
export function toOrderMessageForm(settings: OrderMessageSettings): OrderMessageForm {
  return { ...settings, codConfirmHours: String(settings.codConfirmHours) };
}

/** Longest wait before a cart reminder, in hours (a week; the shared schema's limit). */
export const MAX_CART_REMINDER_HOURS = 168;

/** The forgotten-cart form: reminders on or off, and the hours after the cart's last change as text. */
export type CartReminderForm = { remind: boolean; reminderAfterHours: string };

/** The forgotten-cart form's rules; its output is the `PUT /admin/settings/cart-reminder` body (off: null). */
export const cartReminderFormSchema = z
  .discriminatedUnion('remind', [
    z.object({ remind: z.literal(false), reminderAfterHours: z.string() }),
    z.object({ remind: z.literal(true), reminderAfterHours: hoursText(MAX_CART_REMINDER_HOURS) }),
  ])
  .transform((form, context) =>
    checkedBy(
      cartReminderSettingSchema,
      { reminderAfterHours: form.remind ? Number(form.reminderAfterHours) : null },
      context,
    ),
  );

/** The forgotten-cart form's values of `setting` (off keeps the default hours ready for turning it on). */
export function toCartReminderForm(setting: CartReminderSetting): CartReminderForm {
  return {
    remind: setting.reminderAfterHours !== null,
    reminderAfterHours: String(setting.reminderAfterHours ?? DEFAULT_CART_REMINDER_HOURS),
  };
}
