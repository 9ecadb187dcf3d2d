/**
 * The admin's refunds of an order (docs/returns.md "Refunds"): the path of its steps and the answer of
 * `GET /api/v1/admin/orders/{orderNumber}/refunds` — what was paid, refunded and is left (rupees), the refunds
 * and the returns a refund may settle. The refund itself is `refundSchema` (./return-schemas.ts).
 */
import { z } from 'zod';
import { RETURN_STATUSES } from './return-rules';
import { refundSchema } from './return-schemas';

/** `…/orders/{orderId}/refunds/{refundId}/…` path: the order number as typed and the refund's id (uuid). */
export const adminRefundParamsSchema = z.object({
  orderId: z.string().max(40),
  refundId: z.uuid('must be a refund id'),
});

/** A return of the order as the refund dialog offers it: its number, status and what it would refund. */
export const refundableReturnSchema = z.object({
  id: z.string(),
  number: z.string(),
  status: z.enum(RETURN_STATUSES),
  statusLabel: z.string(),
  /** The lines' value less the pickup fee, rupees (0 for an exchange). */
  refundAmount: z.number(),
});

/**
 * `GET /admin/orders/{orderNumber}/refunds` answer. Amounts in rupees: `paid` (its succeeded payments),
 * `refunded` (pending and processed refunds), `left` (paid less refunded). `paidBy`: how the order was paid
 * (null: not paid); `gatewayRefund`: true when a `gateway` refund is possible (paid through the gateway the
 * shop has configured). `refunds` oldest first.
 */
export const adminRefundsSchema = z.object({
  orderNumber: z.string(),
  paid: z.number(),
  refunded: z.number(),
  left: z.number(),
  refundDue: z.boolean(),
  paidBy: z.enum(['upi', 'gateway', 'cod']).nullable(),
  gatewayRefund: z.boolean(),
  refunds: z.array(refundSchema),
  returns: z.array(refundableReturnSchema),
});
export type AdminRefunds = z.infer<typeof adminRefundsSchema>;

/** `POST …/refunds` headers: the optional `Idempotency-Key` (1–255 visible ASCII characters), as orders. */
export const createRefundHeadersSchema = z.object({
  'idempotency-key': z
    .string({ message: 'must be 1 to 255 visible ASCII characters' })
    .regex(/^[\x21-\x7e]{1,255}$/, 'must be 1 to 255 visible ASCII characters')
    .optional(),
});
