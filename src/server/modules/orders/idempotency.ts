/**
 * `Idempotency-Key` of `POST /orders`: per store and user, the SHA-256 of the request's meaningful content and
 * the order it created (table `idempotency_keys`, written by ./place-order.ts in the order's own statement). A
 * retry with the same key and body answers that order; the same key with another body is refused.
 */
import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { CreateOrderBody } from '@shared/orders/order-schemas';
import type { Db } from '../../db/database';
import { idempotencyKeys, orders } from '../../db/schema/order-tables';
import { ConflictError } from '../../errors';

/** The 409 answer for an `Idempotency-Key` reused with another request body. */
export const IDEMPOTENCY_KEY_REUSED = 'This Idempotency-Key was already used with a different request';

/** Thrown inside the order's transaction when a concurrent request committed the same key first. */
export class IdempotencyKeyTaken extends Error {}

/**
 * SHA-256 (hex) of the body's meaningful content: the `products` map independent of the order of its keys, or
 * the `lines` in their order (ids in lower case, size and colour trimmed and in lower case, blank ones left
 * out), and the address. A body of the `products` form hashes as it always has.
 */
export function requestHash(body: CreateOrderBody): string {
  const productsPart = Object.entries(body.products ?? {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const address = body.shippingAddress;
  const canonical: unknown[] = [
    productsPart,
    [address.fullName, address.address, address.city, address.state, address.postalCode, address.phone],
  ];
  if (body.lines) {
    const text = (value: string | undefined) => value?.trim().toLowerCase() || null;
    canonical.push(
      body.lines.map((line) => [
        text(line.productId),
        text(line.variantId),
        text(line.size),
        text(line.color),
        line.quantity,
      ]),
    );
  }
  return createHash('sha256').update(JSON.stringify(canonical), 'utf8').digest('hex');
}

/** The order an idempotency key of this store and user created, with the hash of its request. */
async function findIdempotentOrder(
  db: Db,
  storeId: number,
  userId: number,
  key: string,
): Promise<{ requestHash: string; orderNumber: string } | null> {
  const [row] = await db
    .select({ requestHash: idempotencyKeys.requestHash, orderNumber: orders.orderNumber })
    .from(idempotencyKeys)
    .innerJoin(
      orders,
      and(eq(orders.id, idempotencyKeys.orderId), eq(orders.storeId, idempotencyKeys.storeId)),
    )
    .where(
      and(
        eq(idempotencyKeys.storeId, storeId),
        eq(idempotencyKeys.userId, userId),
        eq(idempotencyKeys.key, key),
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * The order number `key` of this store and user already created for a request with `hash`, or null when the
 * key is unused (or absent).
 * @throws {ConflictError} (`fields['idempotency-key']`) when the key was used with another request body.
 */
export async function replayedOrderNumber(
  db: Db,
  scope: { storeId: number; userId: number; key: string | undefined },
  hash: string,
): Promise<string | null> {
  if (!scope.key) return null;
  const existing = await findIdempotentOrder(db, scope.storeId, scope.userId, scope.key);
  if (!existing) return null;
  if (existing.requestHash !== hash) {
    throw new ConflictError(IDEMPOTENCY_KEY_REUSED, { 'idempotency-key': IDEMPOTENCY_KEY_REUSED });
  }
  return existing.orderNumber;
}
