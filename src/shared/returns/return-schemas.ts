/**
 * The returns contract (docs/returns.md): the shopper's return request and the return as every answer carries
 * it, the owner's returns queue and steps, refunds, and the store's return settings. Amounts in answers are
 * **rupees** (JSON numbers, at most 2 decimals), quantities in the line's unit (pieces or metres), times ISO 8601.
 */
import { z } from 'zod';
import { CONTROL_CHARACTERS, CONTROL_CHARACTERS_MESSAGE } from '../orders/shipping-address-schema';
import {
  MAX_RETURN_NOTE_LENGTH,
  RETURN_LINE_OUTCOMES,
  RETURN_QUEUE_TABS,
  RETURN_REASONS,
  RETURN_REASON_CODES,
  RETURN_STATUSES,
  type ReturnReason,
} from './return-rules';

export type { ReturnLineOutcome, ReturnStatus } from './return-rules';

/** Free text of a person: trimmed, at most `max` characters, no control characters but line breaks. */
const personText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `must be at most ${max} characters`)
    .refine((value) => !CONTROL_CHARACTERS.test(value), CONTROL_CHARACTERS_MESSAGE);

const REASON_BY_LABEL = new Map(
  Object.entries(RETURN_REASONS).map(([code, label]) => [label.toLowerCase(), code as ReturnReason]),
);

/** A reason as its code (`size-too-small`) or, as a convenience, its label ('Size too small'). */
export const returnReasonSchema = z.preprocess(
  (value) => (typeof value === 'string' ? (REASON_BY_LABEL.get(value.trim().toLowerCase()) ?? value) : value),
  z.enum(RETURN_REASON_CODES, { message: 'Please choose a reason' }),
);

/** One line of `POST /orders/{orderId}/returns`: the order line's `id`, how much, why, and an exchange variant. */
export const returnLineRequestSchema = z.object({
  lineId: z.union([z.string(), z.number().int()]).transform((value) => String(value)),
  quantity: z.number({ message: 'must be a number' }).positive('must be more than 0'),
  reason: returnReasonSchema,
  exchangeVariantId: z.uuid('must be a variant id').optional(),
});

/** `POST /api/v1/orders/{orderId}/returns` body: 1–50 lines (each order line once) and an optional note. */
export const createReturnBodySchema = z.object({
  lines: z
    .array(returnLineRequestSchema)
    .min(1, 'Please choose at least one item')
    .max(50, 'must contain at most 50 lines')
    .superRefine((lines, context) => {
      const seen = new Set<string>();
      lines.forEach((line, index) => {
        if (seen.has(line.lineId))
          context.addIssue({
            code: 'custom',
            path: [index, 'lineId'],
            message: 'each item may be listed once',
          });
        seen.add(line.lineId);
      });
    }),
  note: personText(MAX_RETURN_NOTE_LENGTH).optional(),
});
export type CreateReturnBody = z.infer<typeof createReturnBodySchema>;

/** `…/returns/{returnId}/…` path: the order number and the return's id (uuid). */
export const returnParamsSchema = z.object({ orderId: z.string(), returnId: z.uuid('must be a return id') });

/** One line of a return as answers carry it. `refundAmount`: its value at the order's price (0 for an exchange). */
export const returnLineSchema = z.object({
  id: z.string(),
  lineId: z.string(),
  productTitle: z.string(),
  sku: z.string(),
  size: z.string().nullable(),
  color: z.string().nullable(),
  unit: z.enum(['piece', 'm']),
  quantity: z.number(),
  reason: z.enum(RETURN_REASON_CODES),
  reasonLabel: z.string(),
  exchange: z
    .object({ variantId: z.string().nullable(), size: z.string().nullable(), color: z.string().nullable() })
    .nullable(),
  outcome: z.enum(RETURN_LINE_OUTCOMES).nullable(),
  refundAmount: z.number(),
});

/** One step of a return's history: the status it reached (or `replacement-shipped`), the note the shopper reads. */
export const returnHistoryEntrySchema = z.object({
  status: z.enum([...RETURN_STATUSES, 'replacement-shipped']),
  note: z.string().nullable(),
  at: z.string(),
});

/**
 * A return as the shopper's order answer, `POST …/returns` (201) and the admin carry it. `number` is `RT-…`;
 * `refundAmount` = the lines' values less `pickupFee` (rupees, never below 0); `replacement`: the exchange's
 * shipment once it went out (courier, tracking number, the courier's tracking page when known).
 */
export const returnSchema = z.object({
  id: z.string(),
  number: z.string(),
  orderId: z.string(),
  status: z.enum(RETURN_STATUSES),
  statusLabel: z.string(),
  note: z.string().nullable(),
  lines: z.array(returnLineSchema),
  photos: z.array(z.string()),
  pickupFee: z.number(),
  pickupNote: z.string().nullable(),
  rejectionReason: z.string().nullable(),
  refundAmount: z.number(),
  replacement: z
    .object({
      courier: z.string().nullable(),
      trackingNumber: z.string(),
      trackingUrl: z.string().nullable(),
      shippedAt: z.string(),
    })
    .nullable(),
  history: z.array(returnHistoryEntrySchema),
  createdAt: z.string(),
});
export type OrderReturn = z.infer<typeof returnSchema>;

/** `GET /api/v1/admin/returns` query: the queue's tab (default `requested`), page from 1, 1–100 a page. */
export const adminReturnListQuerySchema = z.object({
  status: z.enum(Object.keys(RETURN_QUEUE_TABS) as [keyof typeof RETURN_QUEUE_TABS]).default('requested'),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

/** A return in the admin: the return, its order's number and total, the shopper, and the money involved. */
export const adminReturnSchema = returnSchema.extend({
  orderTotal: z.number(),
  paidBy: z.enum(['upi', 'gateway', 'cod']).nullable(),
  shopper: z.object({ name: z.string(), email: z.string(), phone: z.string() }),
  refunded: z.number(),
});
export type AdminReturn = z.infer<typeof adminReturnSchema>;

/** `GET /api/v1/admin/returns` answer: a page of the tab, and the count of every tab. */
export const adminReturnListSchema = z.object({
  data: z.array(adminReturnSchema),
  total: z.number().int(),
  page: z.number().int(),
  counts: z.object({
    requested: z.number().int(),
    approved: z.number().int(),
    received: z.number().int(),
    closed: z.number().int(),
  }),
});

/** `/api/v1/admin/returns/{returnId}/…` path. */
export const adminReturnParamsSchema = z.object({ returnId: z.uuid('must be a return id') });

/** The owner's steps on a return, each at `POST /admin/returns/{returnId}/<step>`. */
export type AdminReturnStep = 'approve' | 'reject' | 'receive' | 'ship-replacement' | 'close';

/** `POST /admin/returns/{returnId}/approve`: the pickup note or the reverse shipment's tracking number. */
export const approveReturnBodySchema = z.object({ pickupNote: personText(300).optional() });
/** `POST /admin/returns/{returnId}/reject`: the reason the shopper reads (required). */
export const rejectReturnBodySchema = z.object({
  reason: personText(500).pipe(z.string().min(1, 'Please give a reason')),
});
/** `POST /admin/returns/{returnId}/receive`: what became of each line (every line of the return, by its `id`). */
export const receiveReturnBodySchema = z.object({
  lines: z
    .array(z.object({ id: z.string(), outcome: z.enum(RETURN_LINE_OUTCOMES) }))
    .min(1, 'Please say what became of each item'),
});
/** `POST /admin/returns/{returnId}/ship-replacement`: the exchange's shipment (courier and tracking number). */
export const shipReplacementBodySchema = z.object({
  courier: personText(100).optional(),
  trackingNumber: personText(100).pipe(z.string().min(1, 'Please enter a tracking number')),
});

/** `POST /admin/returns/{returnId}/close`: nothing to add (`{}`). */
export const closeReturnBodySchema = z.object({}).strict();
/** `POST /admin/orders/{orderNumber}/rto` (the parcel came back: 'Returned to origin'): nothing to add (`{}`). */
export const adminRtoBodySchema = z.object({}).strict();
/** `GET /api/v1/admin/orders/{orderNumber}/returns` answer: the order's returns, oldest first. */
export const adminOrderReturnsSchema = z.object({ data: z.array(adminReturnSchema) });

/** How a refund is paid: through the gateway that took the payment, or outside the store (with a reference). */
export const REFUND_METHODS = ['gateway', 'upi', 'bank', 'cash'] as const;
export type RefundMethod = (typeof REFUND_METHODS)[number];
/** A refund's status. */
export const REFUND_STATUSES = ['pending', 'processed', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];
/**
 * The refunds that hold their amount against what is left to refund (docs/returns.md "Refunds"): pending and
 * processed ones; a failed refund gave nothing back.
 */
export const HOLDING_REFUND_STATUSES = ['pending', 'processed'] as const satisfies readonly RefundStatus[];

/**
 * `POST /api/v1/admin/orders/{orderNumber}/refunds` body: `amount` in rupees (more than 0, at most 2
 * decimals), the reason, the method, the UTR or reference of a refund made outside the store, and the return
 * it settles. Header `Idempotency-Key` as `POST /orders`.
 */
export const createRefundBodySchema = z.object({
  amount: z
    .number({ message: 'must be a number' })
    .positive('must be more than 0')
    .refine(
      (value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6,
      'must have at most 2 decimals',
    ),
  reason: personText(500).pipe(z.string().min(1, 'Please give a reason')),
  method: z.enum(REFUND_METHODS, { message: 'Please choose how the refund is paid' }),
  reference: personText(100).optional(),
  returnId: z.uuid('must be a return id').optional(),
});
export type CreateRefundBody = z.infer<typeof createRefundBodySchema>;

/** A refund as the admin and the shopper's order answer carry it (amount in rupees). */
export const refundSchema = z.object({
  id: z.string(),
  amount: z.number(),
  reason: z.string(),
  method: z.enum(REFUND_METHODS),
  reference: z.string().nullable(),
  status: z.enum(REFUND_STATUSES),
  failureReason: z.string().nullable(),
  returnNumber: z.string().nullable(),
  creditNote: z.object({ number: z.string(), issuedAt: z.string() }).nullable(),
  createdAt: z.string(),
  processedAt: z.string().nullable(),
});
export type Refund = z.infer<typeof refundSchema>;

/** The longest return window, in days. */
export const MAX_RETURN_WINDOW_DAYS = 90;
/** The highest return pickup fee, in rupees. */
export const MAX_RETURN_PICKUP_FEE_RUPEES = 10_000;
/** The longest return address, in characters. */
export const MAX_RETURN_ADDRESS_LENGTH = 500;

/**
 * The store's return settings (admin 'Returns', `GET/PUT /api/v1/admin/settings/returns` and the catalogue
 * file's `store.returns`): `windowDays` after delivery (whole days 0–90, 0 = no returns), whether exchanges are
 * offered, the return pickup fee in rupees (0–10000, at most 2 decimals, deducted from the refund), and the
 * address returns go to (at most 500 characters; null or blank: the company address — the server stores a
 * blank one as null).
 */
export const returnSettingsSchema = z.object({
  windowDays: z
    .number({ message: 'must be a whole number of days' })
    .int('must be a whole number of days')
    .min(0, 'must be 0 or more')
    .max(MAX_RETURN_WINDOW_DAYS, `must be at most ${MAX_RETURN_WINDOW_DAYS}`),
  exchanges: z.boolean({ message: 'must be true or false' }),
  pickupFee: z
    .number({ message: 'must be an amount in rupees' })
    .min(0, 'must be 0 or more')
    .max(MAX_RETURN_PICKUP_FEE_RUPEES, `must be at most ${MAX_RETURN_PICKUP_FEE_RUPEES}`)
    .refine(
      (value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6,
      'must have at most 2 decimals',
    ),
  returnAddress: personText(MAX_RETURN_ADDRESS_LENGTH).nullable(),
});
export type ReturnSettings = z.infer<typeof returnSettingsSchema>;

/** The settings of a store that set none. */
export const DEFAULT_RETURN_SETTINGS: ReturnSettings = {
  windowDays: 7,
  exchanges: true,
  pickupFee: 0,
  returnAddress: null,
};
