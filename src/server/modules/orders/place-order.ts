/**
 * Writing an order: the one statement that reserves stock, prices the lines and inserts the order with its
 * lines, its 'created' event and its idempotency key. One statement because PGlite runs every statement on the
 * event loop: each one saved shortens the transaction every other checkout waits for.
 */
import { sql } from 'drizzle-orm';
import { ORDER_STATUS } from '@shared/orders/order-status';
import { nationalMobileDigits, type ShippingAddress } from '@shared/orders/order-schemas';
import { rowsOf, type Db } from '../../db/database';
import { products } from '../../db/schema/catalog-tables';
import { idempotencyKeys, orderEvents, orderLines, orders } from '../../db/schema/order-tables';
import { stores } from '../../db/schema/store-tables';
import { DEFAULT_SHIPPING_METHOD, SHIPPING_FEE_PAISE } from './pricing';

/** One row per wanted product of the store that {@link placeOrder} found, with the order when it was made. */
export type PlacedRow = {
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

export type PlaceOrderInput = {
  storeId: number;
  userId: number;
  /** The account's e-mail, copied into the order. */
  email: string;
  shippingAddress: ShippingAddress;
  /** The new order's number (unique per store; nothing is inserted when it is taken). */
  orderNumber: string;
  /** The `Idempotency-Key` to record with the order, if any, and the hash of its request. */
  idempotencyKey: string | null;
  requestHash: string;
  /** The wanted products (normalised ids) with their quantities, in the body's order. */
  wanted: { id: string; quantity: number }[];
};

/**
 * The whole order in one statement:
 * 1. takes each quantity off tracked stock — `UPDATE products SET stock = stock - q WHERE id = … AND
 *    store_id = … AND stock >= q` — with the rows locked in product-id order, so concurrent orders cannot
 *    deadlock; a product with too little stock is left unchanged;
 * 2. reads the wanted products of the store with their price at this moment (discounted else regular);
 * 3. only when every product was found and reserved: inserts the order (totals summed from those prices),
 *    its lines, its 'created' event and the idempotency key, under `input.orderNumber` (nothing is inserted
 *    when the number is taken);
 * 4. answers one row per product found, with the new order and the store's sender details.
 * The caller refuses (and so rolls back) when a product is missing or short.
 */
export async function placeOrder(tx: Db, input: PlaceOrderInput): Promise<PlacedRow[]> {
  const { storeId, userId, wanted } = input;
  const address = input.shippingAddress;
  const key = input.idempotencyKey;
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
      SELECT ${storeId}, ${input.orderNumber}, ${userId}, ${input.email}, ${ORDER_STATUS.pending},
        ${address.fullName}, ${address.address}, ${address.city}, ${address.state}, ${address.postalCode},
        ${address.phone}, ${nationalMobileDigits(address.phone) ?? ''}, ${DEFAULT_SHIPPING_METHOD},
        verdict.subtotal, ${SHIPPING_FEE_PAISE}, verdict.subtotal + ${SHIPPING_FEE_PAISE}
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
      SELECT ${storeId}, ${userId}, ${key}::text, ${input.requestHash}, new_order.id
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
