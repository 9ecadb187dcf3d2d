/**
 * The COD confirmation link's contract (docs/messages.md "COD confirmation"): `GET /api/v1/cod-confirmations/
 * {token}` shows the order to whoever holds the link — number, items and total, never the address — and
 * `POST /api/v1/cod-confirmations/{token}` with `{ answer }` confirms or cancels it, once. Amounts in rupees.
 */
import { z } from 'zod';

/** The refusal of a token that is unknown, used or past its window (404). */
export const COD_LINK_GONE = 'This link has expired or was already used';

/** The link's token: the text after `/c/` (any string up to 100 characters; an unknown one answers 404). */
export const codConfirmationParamsSchema = z.object({ token: z.string().min(1).max(100) });

/** One line of the order as the page shows it; `quantity` in pieces, or metres when `unit` is `m`. */
export const codConfirmationItemSchema = z.object({
  title: z.string(),
  size: z.string().nullable(),
  color: z.string().nullable(),
  unit: z.enum(['piece', 'm']),
  quantity: z.number(),
  /** The line's total in rupees. */
  lineTotal: z.number(),
});

/** The order behind a live link. */
export const codConfirmationViewSchema = z.object({
  orderNumber: z.string(),
  shopName: z.string(),
  items: z.array(codConfirmationItemSchema),
  /** What the shopper pays the courier, in rupees (COD fee included). */
  total: z.number(),
  /** When the link stops working (ISO 8601). */
  expiresAt: z.string(),
});
export type CodConfirmationView = z.infer<typeof codConfirmationViewSchema>;

/** The shopper's answer. */
export const codAnswerBodySchema = z.strictObject({
  answer: z.enum(['confirm', 'cancel'], { error: 'must be confirm or cancel' }),
});

/** What the answer did: the order's number and its new status code (1 Processing, 4 Cancelled). */
export const codAnswerResultSchema = z.object({ orderNumber: z.string(), status: z.number().int() });
export type CodAnswerResult = z.infer<typeof codAnswerResultSchema>;
