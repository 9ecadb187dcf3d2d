/**
 * The shop's settings for order messages to the shopper's phone (docs/messages.md "Order updates", "COD
 * confirmation"): whether transactional SMS go out, the owner's WhatsApp number for paid orders, and the
 * cash-on-delivery confirmation window with what happens when nobody answers. Shared by the server and the admin.
 */
import { z } from 'zod';

/** What happens to a COD order nobody confirmed within the window: flag it for a call, or cancel it. */
export const COD_UNANSWERED_ACTIONS = ['flag', 'cancel'] as const;
export type CodUnansweredAction = (typeof COD_UNANSWERED_ACTIONS)[number];

/** Longest COD confirmation window, in hours (a week). */
export const MAX_COD_CONFIRM_HOURS = 168;

/** The settings as stored and answered. */
export type OrderMessageSettings = {
  /** Transactional SMS (order updates to numbers that did not opt in to WhatsApp); on by default. */
  transactionalSms: boolean;
  /** The owner's WhatsApp number (E.164, `+919876543210`) told of each paid order; '' = off. */
  ownerWhatsapp: string;
  /** Hours a new COD order waits for the shopper's Confirm or Cancel (1 to 168; default 24). */
  codConfirmHours: number;
  /** After the window without an answer: 'flag' (the admin's 'COD unconfirmed' filter) or 'cancel'. */
  codUnanswered: CodUnansweredAction;
};

/** The settings of a shop that never changed them. */
export const DEFAULT_ORDER_MESSAGE_SETTINGS: OrderMessageSettings = {
  transactionalSms: true,
  ownerWhatsapp: '',
  codConfirmHours: 24,
  codUnanswered: 'flag',
};

/** An Indian mobile number in any common spelling (`98765 43210`, `+91 98765-43210`), or ''. */
const mobileOrEmpty = z
  .string()
  .trim()
  .max(20)
  .refine((value) => value === '' || /^(?:\+?91|0)?[6-9]\d{9}$/.test(value.replace(/[\s()-]/g, '')), {
    message: 'must be an Indian mobile number, or empty',
  });

/** The admin's `PUT /admin/settings/order-messages` body and its answer (the whole settings). */
export const orderMessageSettingsSchema = z.strictObject({
  transactionalSms: z.boolean(),
  ownerWhatsapp: mobileOrEmpty,
  codConfirmHours: z.number().int().min(1).max(MAX_COD_CONFIRM_HOURS),
  codUnanswered: z.enum(COD_UNANSWERED_ACTIONS),
});

/** `stored` with every missing or unusable value replaced by its default. */
export function orderMessageSettingsOf(
  stored: Partial<OrderMessageSettings> | null | undefined,
): OrderMessageSettings {
  const parsed = orderMessageSettingsSchema.partial().safeParse(stored ?? {});
  return { ...DEFAULT_ORDER_MESSAGE_SETTINGS, ...(parsed.success ? parsed.data : {}) };
}
