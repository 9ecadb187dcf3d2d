/**
 * WhatsApp's webhook (docs/messages.md "Channels and providers"; Meta's docs "Webhooks" for WhatsApp Business
 * accounts): the verify handshake's query, the parts of an event the store reads, and the store's answer.
 */
import { z } from 'zod';

/** `GET /messages/whatsapp/webhook`: Meta's verify request. */
export const whatsappVerifyQuerySchema = z.object({
  'hub.mode': z.string().max(64).optional(),
  'hub.verify_token': z.string().max(512).optional(),
  'hub.challenge': z.string().max(512).optional(),
});

/** The handshake's answer: the challenge as plain text. */
export const whatsappChallengeSchema = z.string();

const statusSchema = z.object({
  id: z.string(),
  status: z.string(),
  errors: z.array(z.object({ code: z.number().optional(), title: z.string().optional() })).optional(),
});

const incomingSchema = z.object({
  from: z.string(),
  type: z.string(),
  text: z.object({ body: z.string() }).optional(),
  button: z.object({ payload: z.string().optional(), text: z.string().optional() }).optional(),
  interactive: z
    .object({ button_reply: z.object({ id: z.string(), title: z.string().optional() }).optional() })
    .optional(),
});

/** An event: `entry[].changes[].value` with `statuses` and `messages`; other fields are ignored. */
export const whatsappEventSchema = z.object({
  object: z.string().optional(),
  entry: z
    .array(
      z.object({
        changes: z
          .array(
            z.object({
              field: z.string().optional(),
              value: z
                .object({
                  statuses: z.array(statusSchema).optional(),
                  messages: z.array(incomingSchema).optional(),
                })
                .optional(),
            }),
          )
          .optional(),
      }),
    )
    .optional(),
});
export type WhatsappEvent = z.infer<typeof whatsappEventSchema>;

/** `POST /messages/whatsapp/webhook`'s answer: what the event changed. */
export const whatsappWebhookResponseSchema = z.object({
  received: z.literal(true),
  /** Messages whose status moved. */
  statuses: z.number().int(),
  /** Numbers that opted out by a 'STOP' reply. */
  optOuts: z.number().int(),
  /** COD orders confirmed or cancelled by a button. */
  codAnswers: z.number().int(),
});
export type WhatsappWebhookResponse = z.infer<typeof whatsappWebhookResponseSchema>;
