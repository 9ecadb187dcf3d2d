/**
 * Contact messages and newsletter sign-ups (docs/product.md §2 "Contact" and "Newsletter", docs/admin.md
 * "Messages"): the zod schemas shared by the storefront's forms, the public routes (`POST /contact-messages`,
 * `POST /newsletter`, `POST /newsletter/unsubscribe`) and the admin's Messages screen. The texts the shopper
 * sees are here once.
 */
import { z } from 'zod';
import { adminPageQueryShape, adminPageShape } from '../admin/admin-page-schemas';
import { messageTexts } from './message-texts';

/** Longest name, e-mail, subject and message of a contact message, in characters. */
export const CONTACT_LIMITS = { name: 100, email: 254, subject: 150, message: 5000 } as const;

// Control characters (newlines included): a name or a subject is one line.
const CONTROL = /\p{Cc}/u;
// Control characters but tab, line feed and carriage return: a message keeps its lines.
const CONTROL_BUT_LINES = /[^\P{Cc}\t\n\r]/u;

/** A required text, trimmed: `missing` when empty, `must be at most N characters` past `max`. */
const requiredText = (missing: string, max: number, control: RegExp) =>
  z
    .string({ error: missing })
    .trim()
    .min(1, missing)
    .max(max, `must be at most ${max} characters`)
    .refine((value) => !control.test(value), 'must not contain control characters');

/** An e-mail address: trimmed, lower-cased, an address shape of at most 254 characters. */
export const messageEmailSchema = z
  .string({ error: messageTexts.invalidEmail })
  .trim()
  .toLowerCase()
  .pipe(z.email(messageTexts.invalidEmail).max(CONTACT_LIMITS.email, messageTexts.invalidEmail));

/** `POST /api/v1/contact-messages`: the contact form's four fields, all required. */
export const contactMessageBodySchema = z.object({
  name: requiredText('Please enter your name', CONTACT_LIMITS.name, CONTROL),
  email: z
    .string({ error: 'Please enter your e-mail address' })
    .trim()
    .min(1, 'Please enter your e-mail address')
    .pipe(messageEmailSchema),
  subject: requiredText('Please enter a subject', CONTACT_LIMITS.subject, CONTROL),
  message: requiredText('Please enter your message', CONTACT_LIMITS.message, CONTROL_BUT_LINES),
});
export type ContactMessageBody = z.output<typeof contactMessageBodySchema>;
export type ContactMessageForm = z.input<typeof contactMessageBodySchema>;

/** `POST /api/v1/newsletter`: the address to sign up. */
export const newsletterBodySchema = z.object({ email: messageEmailSchema });
export type NewsletterBody = z.output<typeof newsletterBodySchema>;
export type NewsletterForm = z.input<typeof newsletterBodySchema>;

/** The unsubscribe token of a newsletter mail's link: 43 base64url characters (32 random bytes). */
export const unsubscribeTokenSchema = z
  .string({ error: messageTexts.unsubscribeLinkInvalid })
  .regex(/^[A-Za-z0-9_-]{43}$/, messageTexts.unsubscribeLinkInvalid);

/** `POST /api/v1/newsletter/unsubscribe`: the token of the link. */
export const unsubscribeBodySchema = z.object({ token: unsubscribeTokenSchema });

/** The public routes' 200 answer: a sentence for the shopper. */
export const messageAnswerSchema = z.object({ message: z.string() });

/** The admin's page query: `page` (from 1), `limit` (1–100). */
export const messageListQuerySchema = z.object({
  ...adminPageQueryShape,
});
export type MessageListQuery = z.output<typeof messageListQuerySchema>;

/** A contact message in the admin: texts as the shopper typed them (plain text), times ISO. */
export const contactMessageSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  createdAt: z.string(),
  /** When it was first opened; null: unread. */
  readAt: z.string().nullable(),
  /** When it was marked replied; null: not replied. */
  repliedAt: z.string().nullable(),
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;

/** `GET /api/v1/admin/messages`: one page, newest first, with the store's unread count and newsletter figures. */
export const contactMessageListSchema = z.object({
  messages: z.array(contactMessageSchema),
  ...adminPageShape,
  unread: z.number().int(),
  /** Newsletter sign-ups: still subscribed, and unsubscribed since. */
  newsletter: z.object({ subscribed: z.number().int(), unsubscribed: z.number().int() }),
});
export type ContactMessageList = z.infer<typeof contactMessageListSchema>;

/** `:messageId` of `/api/v1/admin/messages/:messageId`. */
export const contactMessageParamsSchema = z.object({
  messageId: z.coerce
    .number({ error: 'must be a message id' })
    .int('must be a message id')
    .positive('must be a message id')
    .max(2_147_483_647, 'must be a message id'),
});

/** `PATCH /api/v1/admin/messages/:messageId`: read or unread, replied or not (at least one). */
export const contactMessageStateSchema = z
  .object({ read: z.boolean().optional(), replied: z.boolean().optional() })
  .strict()
  .refine((body) => body.read !== undefined || body.replied !== undefined, {
    message: 'give read or replied',
    path: ['read'],
  });
export type ContactMessageState = z.output<typeof contactMessageStateSchema>;

/** `GET /api/v1/admin/newsletter/export.csv`: the CSV's columns, in order (times ISO 8601, UTC). */
export const NEWSLETTER_CSV_COLUMNS = ['email', 'subscribed_at', 'unsubscribed_at'] as const;
/** The CSV text. */
export const newsletterCsvSchema = z.string();
