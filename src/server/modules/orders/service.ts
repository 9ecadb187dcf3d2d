/**
 * Orders (spec §3 "Order", §4 "Purchase flow", §7; issue #3; DESIGN.md "Money", "Order number"). Plain
 * functions taking `db`; every query is scoped to `storeId` (and, for a customer's list, the user).
 * Prices come from the catalogue at the moment of the order and are copied into its lines; stock-tracked
 * products are decremented in the same transaction by a conditional update, so concurrent checkouts never
 * oversell.
 */
import { createHash } from 'node:crypto';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { ORDER_STATUS } from '@shared/orders/order-status';
import { nationalMobileDigits, type CreateOrderBody, type Order } from '@shared/orders/order-schemas';
import { paiseToRupees } from '@shared/money';
import type { Db } from '../../db/database';
import { idempotencyKeys, orderEvents, orderLines, orders, products, stores } from '../../db/schema';
import { AppError } from '../../errors';
import { isProductId } from '../catalog/service';
import type { OrderConfirmation } from './order-mail';
import { generateOrderNumber } from './order-number';

/** The `fields` message for an unknown product, one of another store, or an id that is not one. */
export const NOT_AVAILABLE = 'is not available';
/** The `fields` message for a product listed twice (ids differing only in letter case). */
export const LISTED_TWICE = 'is listed more than once';
/** The 409 answer for an `Idempotency-Key` reused with another request body. */
export const IDEMPOTENCY_KEY_REUSED = 'This Idempotency-Key was already used with a different request';
/** The 404 answer for an unknown order and a wrong contact alike (spec §8). */
export const ORDER_NOT_FOUND = 'Order not found or access denied';
/** Spec §9: the order shipping method. */
export const DEFAULT_SHIPPING_METHOD = 'Standard Shipping';
/** `GET /orders` answers at most this many orders, newest first. */
export const MAX_LISTED_ORDERS = 100;

/** The `fields` message of a line whose product has fewer units on hand than ordered. */
export const onlyLeft = (stock: number) => `only ${Math.max(0, stock)} left`;

/** The result of {@link createOrder}: the order number, and whether it was an idempotent replay. */
export type CreatedOrder =
  | { orderNumber: string; replayed: false; confirmation: OrderConfirmation }
  | { orderNumber: string; replayed: true };

export type CreateOrderInput = {
  storeId: number;
  userId: number;
  /** The account's e-mail, copied into the order. */
  email: string;
  /** The validated body (`createOrderBodySchema`); only product ids, quantities and the address are used. */
  body: CreateOrderBody;
  /** The `Idempotency-Key` header, already checked for shape. */
  idempotencyKey?: string | undefined;
  /** Draws order numbers (default {@link generateOrderNumber}); tests make it collide. */
  newOrderNumber?: () => string;
};

/** The rows of a raw `execute()`: both drivers (PGlite, node-postgres) answer `{ rows }`. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows?: T[] }).rows ?? [];
}

/** Thrown inside the transaction when a concurrent request committed the same idempotency key first. */
class IdempotencyKeyTaken extends Error {}

/** Thrown inside the transaction when the drawn order number already exists in the store. */
class OrderNumberTaken extends Error {}

/** Field names of the body's error answers: `products.<id as sent>`. */
const productField = (key: string) => `products.${key}`;

/** The same message format as the validation errors (src/server/errors.ts). */
function invalidFields(fields: Record<string, string>): AppError {
  const names = Object.keys(fields);
  return new AppError(
    'bad_request',
    `Invalid field${names.length > 1 ? 's' : ''}: ${names.join(', ')}`,
    fields,
  );
}

/** SHA-256 of the body's meaningful content, independent of key order (for `Idempotency-Key`). */
export function requestHash(body: CreateOrderBody): string {
  const productsPart = Object.entries(body.products).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const address = body.shippingAddress;
  const canonical = JSON.stringify([
    productsPart,
    [address.fullName, address.address, address.city, address.state, address.postalCode, address.phone],
  ]);
  return createHash('sha256').update(canonical, 'utf8').digest('hex');
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

/** A replay of the key's order, or 409 when the key was used with another body; null when it is unused. */
async function replay(db: Db, input: CreateOrderInput, hash: string): Promise<CreatedOrder | null> {
  if (!input.idempotencyKey) return null;
  const existing = await findIdempotentOrder(db, input.storeId, input.userId, input.idempotencyKey);
  if (!existing) return null;
  if (existing.requestHash !== hash) {
    throw new AppError('conflict', IDEMPOTENCY_KEY_REUSED, { 'idempotency-key': IDEMPOTENCY_KEY_REUSED });
  }
  return { orderNumber: existing.orderNumber, replayed: true };
}

/** One row per wanted product of the store that {@link placeOrder} found, with the order when it was made. */
type PlacedRow = {
  product_id: string;
  title: string;
  sku: string;
  /** Units on hand before this order (null: not tracked). */
  stock: number | null;
  unit_price_paise: number;
  quantity: number;
  position: number;
  /** Not tracked, or this order's quantity was taken off its stock. */
  reserved: boolean;
  /** The new order; null when nothing was inserted (a product missing or short, or the number taken). */
  order_id: string | null;
  order_number: string | null;
  created_at: string | Date | null;
  shipping_method: string | null;
  keys_claimed: number;
  store_name: string | null;
  company_name: string | null;
  company_email: string | null;
};

/**
 * The whole order in one statement (PGlite runs every statement on the event loop, so each one saved
 * shortens the transaction every other checkout waits for):
 * 1. takes each quantity off tracked stock — `UPDATE products SET stock = stock - q WHERE id = … AND
 *    store_id = … AND stock >= q` — with the rows locked in product-id order, so concurrent orders cannot
 *    deadlock; a product with too little stock is left unchanged;
 * 2. reads the wanted products of the store with their price at this moment (discounted else regular);
 * 3. only when every product was found and reserved: inserts the order (totals summed from those prices),
 *    its lines, its 'created' event and the idempotency key, under a fresh order number (nothing is
 *    inserted when the number is taken);
 * 4. answers one row per product found, with the new order and the store's sender details.
 * The caller refuses (and so rolls back) when a product is missing or short.
 */
async function placeOrder(
  tx: Db,
  input: CreateOrderInput,
  hash: string,
  wanted: { id: string; quantity: number }[],
): Promise<PlacedRow[]> {
  const { storeId, userId } = input;
  const address = input.body.shippingAddress;
  const key = input.idempotencyKey ?? null;
  const shippingFeePaise = 0; // spec §2 "Checkout", §9: shipping is Free.
  const result = await tx.execute(sql`
    WITH wanted AS (
      SELECT * FROM unnest(
        ${sql.param(wanted.map((line) => line.id))}::uuid[],
        ${sql.param(wanted.map((line) => line.quantity))}::integer[],
        ${sql.param(wanted.map((_, position) => position))}::integer[]
      ) AS wanted(id, quantity, position)
    ),
    decremented AS (
      UPDATE ${products} AS p
      SET stock = p.stock - locked.quantity
      FROM (
        SELECT l.id, wanted.quantity
        FROM ${products} AS l JOIN wanted ON wanted.id = l.id
        WHERE l.store_id = ${storeId} AND l.stock IS NOT NULL
        ORDER BY l.id
        FOR NO KEY UPDATE OF l
      ) AS locked
      WHERE p.id = locked.id AND p.store_id = ${storeId} AND p.stock >= locked.quantity
      RETURNING p.id
    ),
    line AS (
      SELECT p.id AS product_id, p.title, p.sku, p.stock, wanted.quantity, wanted.position,
        coalesce(p.discounted_price_paise, p.regular_price_paise) AS unit_price_paise,
        (p.stock IS NULL OR p.id IN (SELECT id FROM decremented)) AS reserved
      FROM ${products} AS p JOIN wanted ON wanted.id = p.id
      WHERE p.store_id = ${storeId}
    ),
    verdict AS (
      SELECT sum(line.unit_price_paise::bigint * line.quantity) AS subtotal
      FROM line
      HAVING count(*) = ${wanted.length}::bigint AND bool_and(line.reserved)
    ),
    new_order AS (
      INSERT INTO ${orders} (store_id, order_number, user_id, email, status, full_name, address, city, state,
        postal_code, phone, phone_digits, shipping_method, subtotal_paise, shipping_fee_paise, total_paise)
      SELECT ${storeId}, ${(input.newOrderNumber ?? generateOrderNumber)()}, ${userId}, ${input.email}, ${ORDER_STATUS.pending},
        ${address.fullName}, ${address.address}, ${address.city}, ${address.state}, ${address.postalCode},
        ${address.phone}, ${nationalMobileDigits(address.phone) ?? ''}, ${DEFAULT_SHIPPING_METHOD},
        verdict.subtotal, ${shippingFeePaise}, verdict.subtotal + ${shippingFeePaise}
      FROM verdict
      ON CONFLICT (store_id, order_number) DO NOTHING
      RETURNING id, order_number, created_at, shipping_method
    ),
    new_lines AS (
      INSERT INTO ${orderLines} (store_id, order_id, product_id, product_title, sku, unit_price_paise, quantity,
        line_total_paise, position)
      SELECT ${storeId}, new_order.id, line.product_id, line.title, line.sku, line.unit_price_paise,
        line.quantity, line.unit_price_paise::bigint * line.quantity, line.position
      FROM new_order, line
    ),
    new_event AS (
      INSERT INTO ${orderEvents} (store_id, order_id, from_status, to_status, cause)
      SELECT ${storeId}, new_order.id, NULL, ${ORDER_STATUS.pending}, 'created' FROM new_order
    ),
    new_key AS (
      -- A concurrent request with the same key waits here until the first commits, then inserts nothing.
      INSERT INTO ${idempotencyKeys} (store_id, user_id, key, request_hash, order_id)
      SELECT ${storeId}, ${userId}, ${key}::text, ${hash}, new_order.id
      FROM new_order
      WHERE ${key}::text IS NOT NULL
      ON CONFLICT DO NOTHING
      RETURNING 1
    )
    SELECT line.product_id, line.title, line.sku, line.stock, line.unit_price_paise, line.quantity,
      line.position, line.reserved,
      new_order.id AS order_id, new_order.order_number, new_order.created_at, new_order.shipping_method,
      (SELECT count(*) FROM new_key)::integer AS keys_claimed,
      store.store_name, store.company_name, store.company_email
    FROM line
      LEFT JOIN new_order ON true
      LEFT JOIN ${stores} AS store ON store.id = ${storeId}
    ORDER BY line.position
  `);
  return rowsOf<PlacedRow>(result);
}

/** PostgreSQL's deadlock_detected and serialization_failure: the transaction may simply be run again. */
function isRetryableConflict(error: unknown): boolean {
  const codes = [error, (error as { cause?: unknown } | null)?.cause].map(
    (candidate) => (candidate as { code?: unknown } | null)?.code,
  );
  return codes.includes('40P01') || codes.includes('40001');
}

/**
 * Creates an order of `input.userId` in `input.storeId` (issue #3) in one transaction: {@link placeOrder}
 * reserves the stock, prices the lines from the catalogue at this moment and writes the order, its lines,
 * its 'created' event and the idempotency key; a missing or short product makes the transaction roll back
 * with the refusal below. A retried request with the same `Idempotency-Key` answers the order it created.
 * @throws {AppError} `bad_request` (`fields["products.<id>"]: 'is not available'`) for unknown products,
 *   malformed ids and products of another store; `conflict` (`Not enough stock for <title>`,
 *   `fields["products.<id>"]: 'only N left'`) when stock is short; `conflict` when the idempotency key was
 *   used with a different body.
 */
export async function createOrder(db: Db, input: CreateOrderInput): Promise<CreatedOrder> {
  const { storeId, body } = input;
  const hash = requestHash(body);
  const earlier = await replay(db, input, hash);
  if (earlier) return earlier;

  // Product ids are UUIDs, compared in lower case; the error fields name the keys as the client sent them.
  const problems: Record<string, string> = {};
  const wanted: { key: string; id: string; quantity: number }[] = [];
  const seen = new Set<string>();
  for (const [key, quantity] of Object.entries(body.products)) {
    const id = key.trim().toLowerCase();
    if (!isProductId(id)) problems[productField(key)] = NOT_AVAILABLE;
    else if (seen.has(id)) problems[productField(key)] = LISTED_TWICE;
    else {
      seen.add(id);
      wanted.push({ key, id, quantity });
    }
  }

  const attempt = () =>
    db.transaction(async (tx) => {
      // One order per turn of the event loop. PGlite hands its lock from one waiter to the next in
      // microtasks, so a burst of checkouts would otherwise run back to back without the loop polling I/O
      // in between: new connections then wait seconds to be read (measured with 20 connections: p99 of
      // 1.5–3 s, all of it first requests on new connections). Costs nothing measurable on PostgreSQL.
      await new Promise((resolve) => setImmediate(resolve));
      const rows = wanted.length === 0 ? [] : await placeOrder(tx, input, hash, wanted);
      const byId = new Map(rows.map((row) => [row.product_id, row]));
      for (const line of wanted) {
        if (!byId.has(line.id)) problems[productField(line.key)] = NOT_AVAILABLE;
      }
      if (Object.keys(problems).length > 0) throw invalidFields(problems);

      // Tracked products whose stock could not cover the quantity: refuse, naming every one with its
      // stock as it is now (a concurrent order may have changed it since the statement began).
      const short = wanted.filter((line) => !byId.get(line.id)!.reserved);
      if (short.length > 0) {
        const current = await tx
          .select({ id: products.id, stock: products.stock })
          .from(products)
          .where(
            and(
              eq(products.storeId, storeId),
              inArray(
                products.id,
                short.map((line) => line.id),
              ),
            ),
          );
        const stockNow = new Map(current.map((row) => [row.id, row.stock ?? 0]));
        throw new AppError(
          'conflict',
          `Not enough stock for ${byId.get(short[0]!.id)!.title}`,
          Object.fromEntries(
            short.map((line) => [productField(line.key), onlyLeft(stockNow.get(line.id) ?? 0)]),
          ),
        );
      }

      const placed = rows[0]!;
      if (placed.order_id === null || placed.order_number === null) throw new OrderNumberTaken();
      if (input.idempotencyKey && placed.keys_claimed !== 1) throw new IdempotencyKeyTaken();

      const items = rows.map((row) => ({
        title: row.title,
        quantity: row.quantity,
        unitPricePaise: row.unit_price_paise,
        lineTotalPaise: row.unit_price_paise * row.quantity,
      }));
      const subtotalPaise = items.reduce((sum, item) => sum + item.lineTotalPaise, 0);
      return {
        orderNumber: placed.order_number,
        replayed: false as const,
        confirmation: {
          orderNumber: placed.order_number,
          email: input.email,
          createdAt: new Date(placed.created_at!),
          items,
          subtotalPaise,
          shippingFeePaise: 0,
          totalPaise: subtotalPaise,
          shippingMethod: placed.shipping_method!,
          shippingAddress: { ...body.shippingAddress },
          store: {
            storeName: placed.store_name,
            companyName: placed.company_name,
            companyEmail: placed.company_email,
          },
        },
      };
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
      const again = await replay(db, input, hash);
      if (again) return again;
    }
    throw error;
  }
}

type OrderRow = typeof orders.$inferSelect;
type LineRow = Pick<
  typeof orderLines.$inferSelect,
  'id' | 'orderId' | 'productId' | 'productTitle' | 'quantity' | 'unitPricePaise'
>;

const lineColumns = {
  id: orderLines.id,
  orderId: orderLines.orderId,
  productId: orderLines.productId,
  productTitle: orderLines.productTitle,
  quantity: orderLines.quantity,
  unitPricePaise: orderLines.unitPricePaise,
};

/** The API shape of an order (`orderSchema`): `id` is the order number, amounts in rupees. */
export function toOrder(row: OrderRow, lines: LineRow[]): Order {
  return {
    id: row.orderNumber,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    items: lines.map((line) => ({
      id: String(line.id),
      productId: line.productId,
      productTitle: line.productTitle,
      quantity: line.quantity,
      price: paiseToRupees(line.unitPricePaise),
    })),
    shippingAddress: {
      fullName: row.fullName,
      address: row.address,
      city: row.city,
      state: row.state,
      postalCode: row.postalCode,
      phone: row.phone,
    },
    shippingMethod: row.shippingMethod,
    trackingNumber: row.trackingNumber,
    subtotal: paiseToRupees(row.subtotalPaise),
    shippingFee: paiseToRupees(row.shippingFeePaise),
    total: paiseToRupees(row.totalPaise),
  };
}

async function linesOf(db: Db, storeId: number, orderIds: string[]): Promise<Map<string, LineRow[]>> {
  const byOrder = new Map<string, LineRow[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select(lineColumns)
    .from(orderLines)
    .where(and(eq(orderLines.storeId, storeId), inArray(orderLines.orderId, orderIds)))
    .orderBy(asc(orderLines.orderId), asc(orderLines.position));
  for (const row of rows) {
    const list = byOrder.get(row.orderId);
    if (list) list.push(row);
    else byOrder.set(row.orderId, [row]);
  }
  return byOrder;
}

/** The user's orders in `storeId`, newest first (at most {@link MAX_LISTED_ORDERS}). */
export async function listOrders(db: Db, storeId: number, userId: number): Promise<Order[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(and(eq(orders.storeId, storeId), eq(orders.userId, userId)))
    .orderBy(desc(orders.createdAt), desc(orders.orderNumber))
    .limit(MAX_LISTED_ORDERS);
  const lines = await linesOf(
    db,
    storeId,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toOrder(row, lines.get(row.id) ?? []));
}

/** An order found by its number, with what decides who may see it. */
export type TrackedOrder = { order: Order; userId: number; email: string; phoneDigits: string };

/** The order of `storeId` with the (normalised) `orderNumber`, or null. */
export async function findOrderByNumber(
  db: Db,
  storeId: number,
  orderNumber: string,
): Promise<TrackedOrder | null> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.storeId, storeId), eq(orders.orderNumber, orderNumber)))
    .limit(1);
  if (!row) return null;
  const lines = await linesOf(db, storeId, [row.id]);
  return {
    order: toOrder(row, lines.get(row.id) ?? []),
    userId: row.userId,
    email: row.email,
    phoneDigits: row.phoneDigits,
  };
}

/**
 * True when `contactInfo` names the order's contact (issue #3): its e-mail (trimmed, case-insensitive) or
 * its phone (the 10 national digits, whatever the +91 / 0 / spaces formatting).
 */
export function contactMatches(
  contactInfo: string,
  order: Pick<TrackedOrder, 'email' | 'phoneDigits'>,
): boolean {
  const contact = contactInfo.trim();
  if (!contact) return false;
  if (contact.includes('@')) return contact.toLowerCase() === order.email.toLowerCase();
  const digits = nationalMobileDigits(contact);
  return digits !== null && order.phoneDigits !== '' && digits === order.phoneDigits;
}
