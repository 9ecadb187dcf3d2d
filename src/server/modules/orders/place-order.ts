/**
 * Writing an order: the one statement that finds each wanted line's product and variant, reserves stock,
 * prices the lines and inserts the order with its lines, its 'created' event and its idempotency key. One
 * statement because PGlite runs every statement on the event loop: each one saved shortens the transaction
 * every other checkout waits for. Before it, `lockCustomer` (./checkout-lock.ts) serialises the checkouts of
 * one account, so the limit of orders waiting for payment holds on PostgreSQL too.
 */
import { sql } from 'drizzle-orm';
import { ORDER_STATUS } from '@shared/orders/order-status';
import {
  MAX_PENDING_ORDERS_PER_ACCOUNT,
  nationalMobileDigits,
  type ShippingAddress,
} from '@shared/orders/order-schemas';
import { rowsOf, type Db } from '../../db/database';
import { productVariants, products } from '../../db/schema/catalog-tables';
import { idempotencyKeys, orderEvents, orderLines, orders } from '../../db/schema/order-tables';
import { stores } from '../../db/schema/store-tables';
import type { WantedLine } from './order-lines';
import { placedOrderOf, type PlacedOrder, type RawPlacedRow } from './placed-rows';
import { DEFAULT_SHIPPING_METHOD, SHIPPING_FEE_PAISE } from './pricing';

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
  /** Minutes the order waits for payment: `payment_due_at` = now + this. */
  paymentWindowMinutes: number;
  /** The wanted lines, in the body's order (at least one). */
  wanted: WantedLine[];
};

/**
 * The whole order in one statement:
 * 1. finds each line's product in the store and its variant: by id (it must belong to that product), else
 *    the one whose size and colour match case-insensitively (options a variant lacks are not compared);
 * 2. takes each quantity off tracked stock — variants (`product_variants.stock`) first, then products without
 *    variants (`products.stock`), each `UPDATE … SET stock = stock - q WHERE … AND stock >= q` with its rows
 *    locked in id order, so concurrent orders cannot deadlock; a row with too little stock is left unchanged;
 * 3. prices each line at this moment (variant's discounted, variant's regular, product's discounted, product's
 *    regular price) with line total = round(unit price × quantity) in numeric;
 * 4. only when every line was found (a product with variants needs one), reserved and listed once, and the
 *    account has fewer than {@link MAX_PENDING_ORDERS_PER_ACCOUNT} orders waiting for payment: inserts the
 *    order (payment due `input.paymentWindowMinutes` from now), its line snapshots, its 'created' event and
 *    the idempotency key, under `input.orderNumber` (nothing is inserted when the number is taken);
 * 5. answers one row per wanted line, with the new order and the store's sender details.
 * The caller refuses (and so rolls back) whatever broke a rule, including a quantity the product's unit does
 * not allow (checked on the answer).
 */
export async function placeOrder(tx: Db, input: PlaceOrderInput): Promise<PlacedOrder> {
  const { storeId, userId, wanted } = input;
  const address = input.shippingAddress;
  const key = input.idempotencyKey;
  const result = await tx.execute(sql`
    WITH wanted AS (
      SELECT * FROM unnest(
        ${sql.param(wanted.map((line) => line.productId))}::uuid[],
        ${sql.param(wanted.map((line) => line.variantId))}::uuid[],
        ${sql.param(wanted.map((line) => line.size))}::text[],
        ${sql.param(wanted.map((line) => line.color))}::text[],
        ${sql.param(wanted.map((line) => line.quantity))}::numeric[],
        ${sql.param(wanted.map((line) => line.position))}::integer[]
      ) AS wanted(product_id, variant_id, size, color, quantity, position)
    ),
    resolved AS (
      SELECT wanted.position, wanted.quantity, wanted.variant_id AS asked_variant_id,
        p.id AS product_id, p.title, p.sku AS product_sku, p.img_url AS product_image, p.unit,
        p.min_quantity, p.quantity_step, p.stock AS product_stock,
        p.discounted_price_paise AS product_discounted, p.regular_price_paise AS product_regular,
        EXISTS (
          SELECT 1 FROM ${productVariants} AS any_variant
          WHERE any_variant.product_id = wanted.product_id AND any_variant.store_id = ${storeId}
        ) AS has_variants,
        chosen.id AS variant_id
      FROM wanted
        LEFT JOIN ${products} AS p ON p.id = wanted.product_id AND p.store_id = ${storeId}
        LEFT JOIN LATERAL (
          SELECT v.id FROM ${productVariants} AS v
          WHERE v.product_id = wanted.product_id AND v.store_id = ${storeId}
            AND CASE
              WHEN wanted.variant_id IS NOT NULL THEN v.id = wanted.variant_id
              ELSE (v.size IS NULL OR lower(v.size) = lower(wanted.size))
                AND (v.color IS NULL OR lower(v.color) = lower(wanted.color))
            END
          ORDER BY (v.size IS NOT NULL)::integer + (v.color IS NOT NULL)::integer DESC, v.position
          LIMIT 1
        ) AS chosen ON p.id IS NOT NULL
    ),
    taken_variants AS (
      UPDATE ${productVariants} AS v
      SET stock = v.stock - locked.quantity
      FROM (
        SELECT l.id, resolved.quantity
        FROM ${productVariants} AS l JOIN resolved ON resolved.variant_id = l.id
        WHERE l.store_id = ${storeId} AND l.stock IS NOT NULL
        ORDER BY l.id
        FOR NO KEY UPDATE OF l
      ) AS locked
      WHERE v.id = locked.id AND v.store_id = ${storeId} AND v.stock >= locked.quantity
      RETURNING v.id
    ),
    taken_products AS (
      UPDATE ${products} AS p
      SET stock = p.stock - locked.quantity
      FROM (
        SELECT l.id, resolved.quantity
        FROM ${products} AS l JOIN resolved ON resolved.product_id = l.id
        WHERE l.store_id = ${storeId} AND l.stock IS NOT NULL
          AND resolved.asked_variant_id IS NULL AND NOT resolved.has_variants
          -- Variants are locked before products in every checkout: one lock order, no deadlock.
          AND (SELECT count(*) FROM taken_variants) >= 0
        ORDER BY l.id
        FOR NO KEY UPDATE OF l
      ) AS locked
      WHERE p.id = locked.id AND p.store_id = ${storeId} AND p.stock >= locked.quantity
      RETURNING p.id
    ),
    line AS (
      SELECT resolved.position, resolved.quantity, resolved.product_id, resolved.variant_id,
        resolved.has_variants, resolved.title, coalesce(v.sku, resolved.product_sku) AS sku, v.size, v.color,
        coalesce(v.img_url, resolved.product_image) AS image_url, resolved.unit, resolved.min_quantity,
        resolved.quantity_step,
        CASE WHEN v.id IS NOT NULL THEN v.stock ELSE resolved.product_stock END AS stock,
        coalesce(v.discounted_price_paise, v.regular_price_paise, resolved.product_discounted,
          resolved.product_regular) AS unit_price_paise,
        resolved.product_id IS NOT NULL AND (
          v.id IS NOT NULL OR (resolved.asked_variant_id IS NULL AND NOT resolved.has_variants)
        ) AS found,
        CASE
          WHEN v.id IS NOT NULL THEN v.stock IS NULL OR v.id IN (SELECT id FROM taken_variants)
          ELSE resolved.product_stock IS NULL OR resolved.product_id IN (SELECT id FROM taken_products)
        END AS reserved
      FROM resolved LEFT JOIN ${productVariants} AS v ON v.id = resolved.variant_id
    ),
    priced AS (
      SELECT line.*, round(line.unit_price_paise * line.quantity)::bigint AS line_total_paise FROM line
    ),
    pending AS (
      SELECT count(*)::integer AS orders FROM ${orders}
      WHERE store_id = ${storeId} AND user_id = ${userId} AND status = ${ORDER_STATUS.pending}
    ),
    verdict AS (
      SELECT sum(priced.line_total_paise) AS subtotal
      FROM priced
      HAVING count(*) = ${wanted.length}::bigint AND bool_and(priced.found) AND bool_and(priced.reserved)
        AND count(DISTINCT coalesce(priced.variant_id, priced.product_id)) = ${wanted.length}::bigint
        AND (SELECT orders FROM pending) < ${MAX_PENDING_ORDERS_PER_ACCOUNT}
    ),
    new_order AS (
      INSERT INTO ${orders} (store_id, order_number, user_id, email, status, full_name, address, city, state,
        postal_code, phone, phone_digits, shipping_method, subtotal_paise, shipping_fee_paise, total_paise,
        payment_due_at)
      SELECT ${storeId}, ${input.orderNumber}, ${userId}, ${input.email}, ${ORDER_STATUS.pending},
        ${address.fullName}, ${address.address}, ${address.city}, ${address.state}, ${address.postalCode},
        ${address.phone}, ${nationalMobileDigits(address.phone) ?? ''}, ${DEFAULT_SHIPPING_METHOD},
        verdict.subtotal, ${SHIPPING_FEE_PAISE}, verdict.subtotal + ${SHIPPING_FEE_PAISE},
        now() + make_interval(mins => ${input.paymentWindowMinutes}::integer)
      FROM verdict
      ON CONFLICT (store_id, order_number) DO NOTHING
      RETURNING id, order_number, created_at, payment_due_at, shipping_method
    ),
    new_lines AS (
      INSERT INTO ${orderLines} (store_id, order_id, product_id, variant_id, product_title, sku, size, color,
        image_url, unit, unit_price_paise, quantity, line_total_paise, position)
      SELECT ${storeId}, new_order.id, priced.product_id, priced.variant_id, priced.title, priced.sku,
        priced.size, priced.color, priced.image_url, priced.unit, priced.unit_price_paise, priced.quantity,
        priced.line_total_paise, priced.position
      FROM new_order, priced
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
    SELECT priced.position, priced.product_id, priced.variant_id, priced.has_variants, priced.title,
      priced.sku, priced.size, priced.color, priced.image_url, priced.unit, priced.min_quantity,
      priced.quantity_step, priced.quantity, priced.stock, priced.unit_price_paise, priced.line_total_paise,
      priced.reserved, (SELECT orders FROM pending) AS pending_orders,
      new_order.id AS order_id, new_order.order_number, new_order.created_at, new_order.payment_due_at,
      new_order.shipping_method, (SELECT count(*) FROM new_key)::integer AS keys_claimed,
      store.store_name, store.company_name, store.company_email
    FROM priced
      LEFT JOIN new_order ON true
      LEFT JOIN ${stores} AS store ON store.id = ${storeId}
    ORDER BY priced.position
  `);
  return placedOrderOf(rowsOf<RawPlacedRow>(result));
}
