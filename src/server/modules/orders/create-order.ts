/**
 * Checkout (spec §3 "Order", §4 "Purchase flow"): creating a customer's order in one transaction — stock
 * reserved, lines priced from the catalogue at this moment, the order written (./place-order.ts) and its
 * confirmation e-mail put in the mail outbox — or refused with nothing changed. Retries with the same
 * `Idempotency-Key` answer the order the key created.
 */
import type { CreateOrderBody } from '@shared/orders/order-schemas';
import type { Db } from '../../db/database';
import { AppError, ValidationError } from '../../errors';
import { enqueueMail } from '../mail/outbox';
import { IdempotencyKeyTaken, replayedOrderNumber, requestHash } from './idempotency';
import { orderConfirmationMessage, type OrderConfirmation } from './order-mail';
import { NOT_AVAILABLE, productField, wantedLines } from './order-lines';
import { generateOrderNumber } from './order-number';
import { placeOrder } from './place-order';
import { priceOrder } from './pricing';
import { shortStockError } from './stock';

/** The result of {@link createOrder}: the order number, and whether it was an idempotent replay. */
export type CreatedOrder =
  | { orderNumber: string; replayed: false; confirmation: OrderConfirmation }
  | { orderNumber: string; replayed: true };

export type CreateOrderInput = {
  storeId: number;
  userId: number;
  /** The account's e-mail, copied into the order; the confirmation goes there. */
  email: string;
  /** The validated body (`createOrderBodySchema`); only product ids, quantities and the address are used. */
  body: CreateOrderBody;
  /** The `Idempotency-Key` header, already checked for shape. */
  idempotencyKey?: string | undefined;
  /** `MAIL_FROM`: the confirmation's sender when the store has no company e-mail. */
  mailFrom?: string | undefined;
  /** Draws order numbers (default {@link generateOrderNumber}); tests make it collide. */
  newOrderNumber?: () => string;
};

/** Thrown inside the transaction when the drawn order number already exists in the store. */
class OrderNumberTaken extends Error {}

/** PostgreSQL's deadlock_detected and serialization_failure: the transaction may simply be run again. */
function isRetryableConflict(error: unknown): boolean {
  const codes = [error, (error as { cause?: unknown } | null)?.cause].map(
    (candidate) => (candidate as { code?: unknown } | null)?.code,
  );
  return codes.includes('40P01') || codes.includes('40001');
}

/**
 * Creates an order of `input.userId` in `input.storeId` in one transaction: {@link placeOrder} reserves the
 * stock, prices the lines and writes the order, its lines, its 'created' event and the idempotency key; the
 * confirmation e-mail is written to the outbox in the same transaction, so it exists exactly when the order
 * does. A missing or short product makes the transaction roll back with the refusal below. A retried request
 * with the same `Idempotency-Key` answers the order it created (and writes no second e-mail).
 * @throws {ValidationError} (`fields["products.<id>"]: 'is not available'`) for unknown products, malformed
 *   ids and products of another store.
 * @throws {ConflictError} (`Not enough stock for <title>`, `fields["products.<id>"]: 'only N left'`) when
 *   stock is short; when the idempotency key was used with a different body.
 */
export async function createOrder(db: Db, input: CreateOrderInput): Promise<CreatedOrder> {
  const { storeId, userId, body } = input;
  const hash = requestHash(body);
  const scope = { storeId, userId, key: input.idempotencyKey };
  const replay = async (): Promise<CreatedOrder | null> => {
    const orderNumber = await replayedOrderNumber(db, scope, hash);
    return orderNumber ? { orderNumber, replayed: true } : null;
  };
  const earlier = await replay();
  if (earlier) return earlier;

  const { wanted, problems } = wantedLines(body.products);
  const attempt = () =>
    db.transaction(async (tx): Promise<CreatedOrder> => {
      // One order per turn of the event loop. PGlite hands its lock from one waiter to the next in
      // microtasks, so a burst of checkouts would otherwise run back to back without the loop polling I/O
      // in between: new connections then wait seconds to be read (measured with 20 connections: p99 of
      // 1.5–3 s, all of it first requests on new connections). Costs nothing measurable on PostgreSQL.
      await new Promise((resolve) => setImmediate(resolve));
      const rows =
        wanted.length === 0
          ? []
          : await placeOrder(tx, {
              storeId,
              userId,
              email: input.email,
              shippingAddress: body.shippingAddress,
              orderNumber: (input.newOrderNumber ?? generateOrderNumber)(),
              idempotencyKey: input.idempotencyKey ?? null,
              requestHash: hash,
              wanted,
            });
      const byId = new Map(rows.map((row) => [row.product_id, row]));
      const refused = { ...problems };
      for (const line of wanted) {
        if (!byId.has(line.id)) refused[productField(line.key)] = NOT_AVAILABLE;
      }
      if (Object.keys(refused).length > 0) throw new ValidationError(refused);

      const short = wanted.filter((line) => !byId.get(line.id)!.reserved);
      if (short.length > 0) throw await shortStockError(tx, storeId, short, byId.get(short[0]!.id)!.title);

      const placed = rows[0]!;
      if (placed.order_id === null || placed.order_number === null) throw new OrderNumberTaken();
      if (input.idempotencyKey && placed.keys_claimed !== 1) throw new IdempotencyKeyTaken();

      const confirmation: OrderConfirmation = {
        orderNumber: placed.order_number,
        email: input.email,
        createdAt: new Date(placed.created_at!),
        ...priceOrder(
          rows.map((row) => ({
            title: row.title,
            quantity: row.quantity,
            unitPricePaise: row.unit_price_paise,
          })),
        ),
        shippingMethod: placed.shipping_method!,
        shippingAddress: { ...body.shippingAddress },
        store: {
          storeName: placed.store_name,
          companyName: placed.company_name,
          companyEmail: placed.company_email,
        },
      };
      await enqueueMail(tx, storeId, orderConfirmationMessage(confirmation, input.mailFrom));
      return { orderNumber: placed.order_number, replayed: false, confirmation };
    });

  try {
    for (let run = 1; ; run++) {
      try {
        return await attempt();
      } catch (error) {
        // PostgreSQL may pick this transaction as a deadlock victim (e.g. against a catalogue import).
        if (run < 3 && isRetryableConflict(error)) continue;
        // A random order number that is already taken (1 in 2^40 per existing order): draw another.
        if (run < 8 && error instanceof OrderNumberTaken) continue;
        throw error;
      }
    }
  } catch (error) {
    // A retry that arrives while its first request is still running waits for it (PostgreSQL: on the key
    // or the stock rows; PGlite: transactions run one at a time), and may then find the stock gone or the
    // key taken: it answers the first request's order instead.
    if (input.idempotencyKey && (error instanceof IdempotencyKeyTaken || error instanceof AppError)) {
      const again = await replay();
      if (again) return again;
    }
    throw error;
  }
}
