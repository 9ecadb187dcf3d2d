/**
 * Writing an order: the one statement that finds each wanted line's product and variant, reserves stock,
 * prices the lines and inserts the order with its lines, its 'created' event and its idempotency key. One
 * statement because PGlite runs every statement on the event loop: each one saved shortens the transaction
 * every other checkout waits for. Before it, `lockCustomer` (./checkout-lock.ts) serialises the checkouts of
 * one account, so the limit of orders waiting for payment holds on PostgreSQL too.
 */
import { sql, type SQL } from 'drizzle-orm';
import { ORDER_STATUS } from '@shared/orders/order-status';
import { MAX_PENDING_ORDERS_PER_ACCOUNT } from '@shared/orders/order-schemas';
import { nationalMobileDigits, type ShippingAddress } from '@shared/orders/shipping-address-schema';
import { rowsOf, type Db } from '../../db/database';
import { productVariants, products } from '../../db/schema/catalog-tables';
import { idempotencyKeys, orderEvents, orderLines, orders } from '../../db/schema/order-tables';
import { stores } from '../../db/schema/store-tables';
import type { WantedLine } from './order-lines';
import { placedOrderOf, type PlacedOrder, type RawPlacedRow } from './placed-rows';
import { DEFAULT_SHIPPING_METHOD, SHIPPING_FEE_PAISE } from './pricing';
import { promotionalUnitPriceSql } from '../promotions/promotion-price-sql';
import type { ActivePromotion } from '../promotions/promotion-price';

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
  /** The promotions running now: a line sells at the best of promotion and catalogue price. */
  promotions: readonly ActivePromotion[];
};

/**
 * A whole number written into the statement as a literal rather than as a bind parameter: the order's
 * statement would otherwise carry some twenty copies of the store id. Only integers the server itself holds
 * and that take few values (the store's id, counts, settings) go through here: each distinct statement text is
 * prepared once on the embedded database (src/server/db/pglite-statement-cache.ts), so a value that differs on
 * every call (the account's id) stays a parameter.
 * @throws {TypeError} for anything but a safe integer.
 */
function integerLiteral(value: number): SQL {
  if (!Number.isSafeInteger(value)) throw new TypeError(`not an integer: ${value}`);
  return sql.raw(String(value));
}

/**
 * The whole order in one statement:
 * 1. finds each line's product in the store and its variant: by id (it must belong to that product), else
 *    the one whose size and colour match case-insensitively (options a variant lacks are not compared; a line
 *    without a variant id, size or colour is never a variant's, so the variants' update is left out when no
 *    line names one);
 * 2. takes each quantity off tracked stock — variants (`product_variants.stock`) first, then products without
 *    variants (`products.stock`), each `UPDATE … SET stock = stock - q WHERE … AND stock >= q` with its rows
 *    locked in id order, so concurrent orders cannot deadlock; a row with too little stock is left unchanged;
 * 3. prices each line at this moment (variant's discounted, variant's regular, product's discounted, product's
 *    regular price; a running promotion's price on the regular price when lower: ../promotions/promotion-price.ts)
 *    with line total = round(unit price × quantity) in numeric;
 * 4. only when every line was found (a product with variants needs one), reserved and listed once, and the
 *    account has fewer than {@link MAX_PENDING_ORDERS_PER_ACCOUNT} orders waiting for payment: inserts the
 *    order (payment due `input.paymentWindowMinutes` from now), its line snapshots, its 'created' event and
 *    the idempotency key, under `input.orderNumber` (nothing is inserted when the number is taken);
 * 5. answers one row per wanted line (with what decides its GST: the product's HSN and rate, its category
 *    and sub-category), with the new order and the store's sender details and GST settings.
 * The caller refuses (and so rolls back) whatever broke a rule, including a quantity the product's unit does
 * not allow (checked on the answer).
 */
export async function placeOrder(tx: Db, input: PlaceOrderInput): Promise<PlacedOrder> {
  const { wanted } = input;
  const address = input.shippingAddress;
  const key = input.idempotencyKey;
  const storeId = integerLiteral(input.storeId);
  const userId = sql`${input.userId}::integer`;
  const pending = integerLiteral(ORDER_STATUS.pending);
  const lineCount = integerLiteral(wanted.length);
  const result = await tx.execute(sql`
    WITH wanted AS (
      SELECT product_id, variant_id, size, color, quantity, (ordinality - 1)::integer AS position
      FROM unnest(
        ${sql.param(wanted.map((line) => line.productId))}::uuid[],
        ${sql.param(wanted.map((line) => line.variantId))}::uuid[],
        ${sql.param(wanted.map((line) => line.size))}::text[],
        ${sql.param(wanted.map((line) => line.color))}::text[],
        ${sql.param(wanted.map((line) => line.quantity))}::numeric[]
      ) WITH ORDINALITY AS wanted(product_id, variant_id, size, color, quantity, ordinality)
    ),
    line AS (
      SELECT wanted.position, wanted.quantity, wanted.variant_id AS asked_variant_id, p.id AS product_id,
        chosen.id IS NOT NULL AS has_variants, CASE WHEN chosen.matched THEN chosen.id END AS variant_id,
        p.title, CASE WHEN chosen.matched THEN chosen.sku ELSE p.sku END AS sku,
        CASE WHEN chosen.matched THEN chosen.size END AS size,
        CASE WHEN chosen.matched THEN chosen.color END AS color,
        CASE WHEN chosen.matched THEN coalesce(chosen.img_url, p.img_url) ELSE p.img_url END AS image_url,
        p.unit, p.min_quantity, p.quantity_step, p.hsn, p.gst_rate, p.parent_category,
        (SELECT c.name FROM categories AS c WHERE c.id = p.category_id AND c.store_id = ${storeId}) AS category_name,
        CASE WHEN chosen.matched THEN chosen.stock ELSE p.stock END AS stock,
        ${promotionalUnitPriceSql(input.promotions, {
          productId: sql`p.id`,
          categoryId: sql`p.category_id`,
          subCategory: sql`p.parent_category`,
          regularPricePaise: sql`coalesce(CASE WHEN chosen.matched THEN chosen.regular_price_paise END, p.regular_price_paise)`,
          unitPricePaise: sql`coalesce(
          CASE WHEN chosen.matched THEN coalesce(chosen.discounted_price_paise, chosen.regular_price_paise) END,
          p.discounted_price_paise, p.regular_price_paise
        )`,
        })} AS unit_price_paise,
        coalesce(CASE WHEN chosen.matched THEN chosen.regular_price_paise END, p.regular_price_paise)
          AS regular_price_paise,
        p.id IS NOT NULL AND (chosen.matched OR (wanted.variant_id IS NULL AND chosen.id IS NULL)) AS found
      FROM wanted
        LEFT JOIN ${products} AS p ON p.id = wanted.product_id AND p.store_id = ${storeId}
          AND p.archived_at IS NULL
        -- The variant asked for (by id, else the one whose size and colour match, options it lacks aside),
        -- else any variant of the product, which only tells that the product has variants.
        LEFT JOIN LATERAL (
          SELECT v.id, v.sku, v.size, v.color, v.img_url, v.stock, v.regular_price_paise,
            v.discounted_price_paise,
            CASE
              WHEN wanted.variant_id IS NOT NULL THEN v.id = wanted.variant_id
              ELSE (wanted.size IS NOT NULL OR wanted.color IS NOT NULL)
                AND (v.size IS NULL OR lower(v.size) = lower(wanted.size))
                AND (v.color IS NULL OR lower(v.color) = lower(wanted.color))
            END IS TRUE AS matched
          FROM ${productVariants} AS v
          WHERE v.product_id = p.id AND v.store_id = ${storeId}
          ORDER BY matched DESC, (v.size IS NOT NULL)::integer + (v.color IS NOT NULL)::integer DESC, v.position
          LIMIT 1
        ) AS chosen ON true
    ),
    taken_variants AS (${
      // Without a variant id, size or colour no line can be a variant's: nothing to take from variants.
      wanted.some((line) => line.variantId !== null || line.size !== null || line.color !== null)
        ? sql`
      UPDATE ${productVariants} AS v
      SET stock = v.stock - locked.quantity
      FROM (
        SELECT l.id, line.quantity
        FROM ${productVariants} AS l JOIN line ON line.variant_id = l.id
        WHERE l.store_id = ${storeId} AND l.stock IS NOT NULL
        ORDER BY l.id
        FOR NO KEY UPDATE OF l
      ) AS locked
      WHERE v.id = locked.id AND v.store_id = ${storeId} AND v.stock >= locked.quantity
      RETURNING v.id`
        : sql`SELECT NULL::uuid AS id WHERE false`
    }
    ),
    taken_products AS (${
      // A line naming a variant by id is never a product's without variants: with only such lines, nothing to
      // take from products.
      wanted.some((line) => line.variantId === null)
        ? sql`
      UPDATE ${products} AS p
      SET stock = p.stock - locked.quantity
      FROM (
        SELECT l.id, line.quantity
        FROM ${products} AS l JOIN line ON line.product_id = l.id
        WHERE l.store_id = ${storeId} AND l.stock IS NOT NULL AND line.found AND line.variant_id IS NULL
          -- Variants are locked before products in every checkout: one lock order, no deadlock.
          AND (SELECT count(*) FROM taken_variants) >= 0
        ORDER BY l.id
        FOR NO KEY UPDATE OF l
      ) AS locked
      WHERE p.id = locked.id AND p.store_id = ${storeId} AND p.stock >= locked.quantity
      RETURNING p.id`
        : sql`SELECT NULL::uuid AS id WHERE false`
    }
    ),
    priced AS (
      SELECT line.*, round(line.unit_price_paise * line.quantity)::bigint AS line_total_paise,
        line.stock IS NULL OR CASE
          WHEN line.variant_id IS NOT NULL THEN line.variant_id IN (SELECT id FROM taken_variants)
          ELSE line.product_id IN (SELECT id FROM taken_products)
        END AS reserved
      FROM line
    ),
    pending AS (
      SELECT count(*)::integer AS orders FROM ${orders}
      WHERE store_id = ${storeId} AND user_id = ${userId} AND status = ${pending}
    ),
    verdict AS (
      SELECT sum(priced.line_total_paise) AS subtotal
      FROM priced
      HAVING count(*) = ${lineCount} AND bool_and(priced.found) AND bool_and(priced.reserved)
        AND count(DISTINCT coalesce(priced.variant_id, priced.product_id)) = ${lineCount}
        AND (SELECT orders FROM pending) < ${integerLiteral(MAX_PENDING_ORDERS_PER_ACCOUNT)}
    ),
    new_order AS (
      INSERT INTO ${orders} (store_id, order_number, user_id, email, status, full_name, address, city, state,
        postal_code, phone, phone_digits, shipping_method, subtotal_paise, shipping_fee_paise, total_paise,
        payment_due_at)
      SELECT ${storeId}, ${input.orderNumber}, ${userId}, ${input.email}, ${pending},
        ${address.fullName}, ${address.address}, ${address.city}, ${address.state}, ${address.postalCode},
        ${address.phone}, ${nationalMobileDigits(address.phone) ?? ''}, ${DEFAULT_SHIPPING_METHOD},
        verdict.subtotal, ${integerLiteral(SHIPPING_FEE_PAISE)},
        verdict.subtotal + ${integerLiteral(SHIPPING_FEE_PAISE)},
        now() + make_interval(mins => ${integerLiteral(input.paymentWindowMinutes)})
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
      SELECT ${storeId}, new_order.id, NULL, ${pending}, 'created' FROM new_order
    ),
    new_key AS (
      -- A concurrent request with the same key waits here until the first commits, then inserts nothing.
      INSERT INTO ${idempotencyKeys} (store_id, user_id, key, request_hash, order_id)
      SELECT ${storeId}, ${userId}, ${key}::text, ${input.requestHash}, new_order.id
      FROM new_order
      WHERE ${sql.raw(key === null ? 'false' : 'true')}
      ON CONFLICT DO NOTHING
      RETURNING 1
    )
    SELECT priced.position, priced.product_id, priced.variant_id, priced.has_variants, priced.title,
      priced.sku, priced.size, priced.color, priced.image_url, priced.unit, priced.min_quantity,
      priced.quantity_step, priced.quantity, priced.stock, priced.unit_price_paise, priced.regular_price_paise,
      priced.line_total_paise,
      priced.reserved, priced.hsn, priced.gst_rate, priced.parent_category, priced.category_name,
      (SELECT orders FROM pending) AS pending_orders,
      new_order.id AS order_id, new_order.order_number, new_order.created_at, new_order.payment_due_at,
      new_order.shipping_method, (SELECT count(*) FROM new_key)::integer AS keys_claimed,
      store.store_name, store.company_name, store.company_email, store.state AS store_state,
      store.gstin AS store_gstin, store.gst_defaults AS store_gst_defaults,
      store.delivery_settings AS store_delivery_settings
    FROM priced
      LEFT JOIN new_order ON true
      LEFT JOIN ${stores} AS store ON store.id = ${storeId}
    ORDER BY priced.position
  `);
  return placedOrderOf(rowsOf<RawPlacedRow>(result));
}
