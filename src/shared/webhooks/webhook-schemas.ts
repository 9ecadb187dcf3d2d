/**
 * Outgoing webhooks (docs/webhooks.md): the event types, and the zod schemas of the admin's Webhooks screen and
 * its API `/api/v1/admin/webhooks` (owner only). The endpoint's signing secret appears in ONE answer: the
 * creation's (`webhookEndpointCreatedSchema`); lists and updates never carry it.
 */
import { z } from 'zod';

/** The events an endpoint may receive, in the order the screen lists them. */
export const WEBHOOK_EVENT_TYPES = [
  'order.created',
  'order.paid',
  'order.shipped',
  'order.delivered',
  'order.cancelled',
  'return.requested',
  'refund.processed',
  'product.updated',
  'stock.low',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** The event of the screen's 'Send test ping' (sent to that endpoint only, whatever its events). */
export const WEBHOOK_PING_EVENT = 'ping';

/** What each event means, as the screen shows it next to its checkbox. */
export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, string> = {
  'order.created': 'An order is placed',
  'order.paid': 'An order is paid',
  'order.shipped': 'An order is shipped',
  'order.delivered': 'An order is delivered',
  'order.cancelled': 'An order is cancelled',
  'return.requested': 'A shopper asks for a return',
  'refund.processed': 'A refund is processed',
  'product.updated': 'A product is created or changed (editor or catalogue import)',
  'stock.low': 'An order takes stock to the low-stock threshold or below',
};

/** Longest endpoint URL, in characters. */
export const WEBHOOK_URL_MAX = 2000;
/** Most endpoints a store may have. */
export const MAX_WEBHOOK_ENDPOINTS = 20;

export const webhookTexts = {
  urlRequired: 'Please enter the URL',
  urlInvalid: 'must be an http:// or https:// URL',
  urlCredentials: 'must not contain a user name or password',
  urlTooLong: `must be at most ${WEBHOOK_URL_MAX} characters`,
  eventsRequired: 'Please choose at least one event',
  eventUnknown: 'is not a known event',
  endpointNotFound: 'Webhook endpoint not found',
  tooManyEndpoints: `A shop can have at most ${MAX_WEBHOOK_ENDPOINTS} webhook endpoints`,
  /** The refusal of an address that is not public (production only: docs/webhooks.md "Addresses"). */
  addressNotPublic: 'must be a public internet address (not loopback, private or link-local)',
  hostNotFound: 'the host name does not resolve',
} as const;

/** An http(s) URL without credentials, trimmed. The server also checks where it points (public addresses). */
export const webhookUrlSchema = z
  .string({ error: webhookTexts.urlRequired })
  .trim()
  .min(1, webhookTexts.urlRequired)
  .max(WEBHOOK_URL_MAX, webhookTexts.urlTooLong)
  .superRefine((value, context) => {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      context.addIssue({ code: 'custom', message: webhookTexts.urlInvalid });
      return;
    }
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname) {
      context.addIssue({ code: 'custom', message: webhookTexts.urlInvalid });
    } else if (url.username || url.password) {
      context.addIssue({ code: 'custom', message: webhookTexts.urlCredentials });
    }
  });

/** One or more known event types, each once (duplicates are dropped). */
export const webhookEventsSchema = z
  .array(z.enum(WEBHOOK_EVENT_TYPES, { error: webhookTexts.eventUnknown }), {
    error: webhookTexts.eventsRequired,
  })
  .min(1, webhookTexts.eventsRequired)
  .transform((events) => WEBHOOK_EVENT_TYPES.filter((type) => events.includes(type)));

/** `POST /admin/webhooks`: a new endpoint. */
export const webhookEndpointCreateSchema = z.object({
  url: webhookUrlSchema,
  events: webhookEventsSchema,
});
export type WebhookEndpointCreate = z.output<typeof webhookEndpointCreateSchema>;
export type WebhookEndpointForm = z.input<typeof webhookEndpointCreateSchema>;

/** `PATCH /admin/webhooks/:endpointId`: its events, and/or pausing (`active: false`) or resuming it. */
export const webhookEndpointUpdateSchema = z
  .object({
    events: webhookEventsSchema.optional(),
    active: z.boolean({ error: 'must be true or false' }).optional(),
  })
  .refine((body) => body.events !== undefined || body.active !== undefined, {
    message: 'Please give events or active',
    path: ['events'],
  });
export type WebhookEndpointUpdate = z.output<typeof webhookEndpointUpdateSchema>;

/** `:endpointId` of the endpoint routes. */
export const webhookEndpointParamsSchema = z.object({
  endpointId: z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .positive('must be a whole number')
    .max(2_147_483_647, 'must be a whole number'),
});

/** An endpoint as lists show it: never its secret. Times are ISO 8601. */
export const webhookEndpointSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  active: z.boolean(),
  createdAt: z.string(),
  /** Deliveries of the last 24 h not delivered yet (retrying) and given up for good. */
  retrying: z.number().int(),
  failed: z.number().int(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

export const webhookEndpointListSchema = z.object({ endpoints: z.array(webhookEndpointSchema) });
export type WebhookEndpointList = z.infer<typeof webhookEndpointListSchema>;

/** The creation's answer: the endpoint and, this once, its signing secret (`whsec_…`). */
export const webhookEndpointCreatedSchema = z.object({
  endpoint: webhookEndpointSchema,
  secret: z.string(),
});
export type WebhookEndpointCreated = z.infer<typeof webhookEndpointCreatedSchema>;

/** One attempt of a delivery: the answer's status (null: none), its first characters, or the error. */
export const webhookAttemptSchema = z.object({
  attempt: z.number().int(),
  at: z.string(),
  statusCode: z.number().int().nullable(),
  response: z.string().nullable(),
  error: z.string().nullable(),
  durationMs: z.number().int(),
});
export type WebhookAttempt = z.infer<typeof webhookAttemptSchema>;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'sending', 'delivered', 'failed'] as const;

/** A delivery with every attempt, newest delivery first in lists. */
export const webhookDeliverySchema = z.object({
  id: z.string(),
  eventId: z.string(),
  eventType: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  /** Pending or retrying: when the next attempt may start; null once delivered or given up. */
  nextAttemptAt: z.string().nullable(),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
  lastStatusCode: z.number().int().nullable(),
  answers: z.array(webhookAttemptSchema),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveryListSchema = z.object({ deliveries: z.array(webhookDeliverySchema) });
export type WebhookDeliveryList = z.infer<typeof webhookDeliveryListSchema>;

/** `POST /admin/webhooks/:endpointId/ping`: the ping's delivery id (it goes out at once, retried like any). */
export const webhookPingSchema = z.object({ deliveryId: z.string() });
