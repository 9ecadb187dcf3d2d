/**
 * The `Idempotency-Key` of `POST /admin/orders/{orderNumber}/refunds` (docs/returns.md "Refunds"), as
 * `POST /orders` (../orders/idempotency.ts): per store and order, the refund a key created keeps the SHA-256 of
 * its request; a retry with the same key and body answers that refund, the same key with another body is
 * refused with 409.
 */
import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { CreateRefundBody } from '@shared/returns/return-schemas';
import type { Db } from '../../db/database';
import { refunds } from '../../db/schema/return-tables';
import { ConflictError } from '../../errors';
import { IDEMPOTENCY_KEY_REUSED } from '../orders/idempotency';

/** The refund's amount in paise from the body's rupees (at most 2 decimals, checked by the schema). */
export const amountPaiseOf = (body: Pick<CreateRefundBody, 'amount'>) => Math.round(body.amount * 100);

/** SHA-256 (hex) of what the refund asks: amount in paise, reason, method, reference and return. */
export function refundRequestHash(body: CreateRefundBody): string {
  const canonical = [
    amountPaiseOf(body),
    body.reason,
    body.method,
    body.reference || null,
    body.returnId ?? null,
  ];
  return createHash('sha256').update(JSON.stringify(canonical), 'utf8').digest('hex');
}

/**
 * The id of the refund `key` already created on order `orderId` for a request with `hash`, or null when the
 * key is unused (or absent).
 * @throws {ConflictError} (`fields['idempotency-key']`) when the key was used with another request body.
 */
export async function replayedRefundId(
  db: Db,
  scope: { storeId: number; orderId: string; key: string | undefined },
  hash: string,
): Promise<string | null> {
  if (!scope.key) return null;
  const [existing] = await db
    .select({ id: refunds.id, requestHash: refunds.requestHash })
    .from(refunds)
    .where(
      and(
        eq(refunds.storeId, scope.storeId),
        eq(refunds.orderId, scope.orderId),
        eq(refunds.idempotencyKey, scope.key),
      ),
    )
    .limit(1);
  if (!existing) return null;
  if (existing.requestHash !== hash)
    throw new ConflictError(IDEMPOTENCY_KEY_REUSED, { 'idempotency-key': IDEMPOTENCY_KEY_REUSED });
  return existing.id;
}
