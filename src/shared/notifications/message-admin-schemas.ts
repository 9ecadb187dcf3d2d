/**
 * The admin's Messages screen, 'Sent messages' and 'Templates' tabs (docs/messages.md): the zod schemas shared
 * by `GET /admin/outgoing-messages`, `GET /admin/message-templates` and `PUT /admin/message-templates/:template`
 * and the screen.
 */
import { z } from 'zod';
import { adminPageQueryShape, adminPageShape } from '../admin/admin-page-schemas';
import { MESSAGE_CHANNELS, MESSAGE_TEMPLATE_CODES } from './message-templates';
import { MESSAGE_VARIABLES, variableNamesOf } from './message-template-rules';

/** Where a message stands, as the log shows it. */
export const OUTGOING_MESSAGE_STATUSES = [
  'pending',
  'sending',
  'sent',
  'delivered',
  'read',
  'failed',
  'kept',
] as const;

/** `GET /admin/outgoing-messages`: a page, optionally of one channel and/or one status. */
export const outgoingMessageListQuerySchema = z.object({
  channel: z.enum(MESSAGE_CHANNELS, { error: 'must be whatsapp, sms or email' }).optional(),
  status: z
    .enum(OUTGOING_MESSAGE_STATUSES, {
      error: `must be one of ${OUTGOING_MESSAGE_STATUSES.join(', ')}`,
    })
    .optional(),
  ...adminPageQueryShape,
});
export type OutgoingMessageListQuery = z.output<typeof outgoingMessageListQuerySchema>;

/** One message of the log: the recipient masked, times ISO. */
export const outgoingMessageSchema = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  channel: z.enum(MESSAGE_CHANNELS),
  /** `+91 98•••••210` or `a•••@example.com`. */
  recipient: z.string(),
  template: z.enum(MESSAGE_TEMPLATE_CODES),
  status: z.enum(OUTGOING_MESSAGE_STATUSES),
  text: z.string(),
  attempts: z.number().int(),
  /** Why the last attempt failed (the provider's reason, never a key). */
  lastError: z.string().nullable(),
  sentAt: z.string().nullable(),
});
export type OutgoingMessageView = z.infer<typeof outgoingMessageSchema>;

export const outgoingMessageListSchema = z.object({
  messages: z.array(outgoingMessageSchema),
  ...adminPageShape,
});

/** One message's settings in the store, with the defaults they fall back to. */
export const messageTemplateSettingsSchema = z.object({
  template: z.enum(MESSAGE_TEMPLATE_CODES),
  /** The text sent: the store's, else the default. */
  text: z.string(),
  defaultText: z.string(),
  emailSubject: z.string(),
  defaultEmailSubject: z.string(),
  /** The WhatsApp template name (the store's, else the default). */
  whatsappTemplateName: z.string(),
  /** The MSG91 template id; null: not set (SMS of this message cannot be sent live). */
  msg91TemplateId: z.string().nullable(),
  /** The variables the text may name. */
  variables: z.array(z.string()),
  /** True when the shop changed anything of this message. */
  customised: z.boolean(),
});
export type MessageTemplateSettings = z.infer<typeof messageTemplateSettingsSchema>;

export const messageTemplateListSchema = z.object({ templates: z.array(messageTemplateSettingsSchema) });

export const messageTemplateParamsSchema = z.object({
  template: z.enum(MESSAGE_TEMPLATE_CODES, { error: 'must be a message template code' }),
});

/** Longest text and subject, in characters. */
export const MESSAGE_TEXT_MAX = 1000;
export const EMAIL_SUBJECT_MAX = 150;

const CONTROL_BUT_LINES = /[^\P{Cc}\n]/u;

/** A text of the template, trimmed; blank → null (the default). */
const optionalText = (max: number) =>
  z
    .string({ error: 'must be text' })
    .trim()
    .max(max, `must be at most ${max} characters`)
    .refine((value) => !CONTROL_BUT_LINES.test(value), 'must not contain control characters')
    .transform((value) => value || null)
    .nullable();

/**
 * `PUT /admin/message-templates/:template`: the store's text and subject (blank or null → the default), the
 * WhatsApp template name (lower-case letters, digits and `_`, as Meta allows; null → the default) and the
 * MSG91 template id (letters and digits; null → none). A text naming a variable the message does not have is
 * refused with the variables it may use.
 */
export const messageTemplateBodySchema = z.object({
  text: optionalText(MESSAGE_TEXT_MAX),
  emailSubject: optionalText(EMAIL_SUBJECT_MAX),
  whatsappTemplateName: z
    .string({ error: 'must be text' })
    .trim()
    .regex(/^[a-z0-9_]{1,512}$/, 'must be lower-case letters, digits and _ (as named at Meta)')
    .nullable()
    .or(z.literal('').transform(() => null)),
  msg91TemplateId: z
    .string({ error: 'must be text' })
    .trim()
    .regex(/^[A-Za-z0-9]{1,64}$/, 'must be the template id from MSG91 (letters and digits)')
    .nullable()
    .or(z.literal('').transform(() => null)),
});
export type MessageTemplateBody = z.output<typeof messageTemplateBodySchema>;
export type MessageTemplateForm = z.input<typeof messageTemplateBodySchema>;

/**
 * The variables `text` names that message `template` does not have (empty: all known). The admin shows them
 * as the server refuses them.
 */
export function unknownVariables(template: (typeof MESSAGE_TEMPLATE_CODES)[number], text: string): string[] {
  return variableNamesOf(text).filter((name) => !MESSAGE_VARIABLES[template].includes(name));
}
