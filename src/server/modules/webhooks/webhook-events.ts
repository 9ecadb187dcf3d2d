/**
 * The events the shop sends (docs/webhooks.md "Events"): one `enqueue…` call a change, made inside its
 * transaction by the module that makes it. This file: the orders' events (orders, payments) and `stock.low`;
 * ./return-events.ts: returns and refunds; ./product-events.ts: the catalogue and its import.
 * Each reads what its payload needs straight from the tables (this module sits below the modules that write
 * them: src/server/module-layers.js) and writes nothing when no endpoint of the store receives the event.
 * Amounts are given twice: integer paise (`*_paise`) and rupees (`*_rupees`, at most 2 decimals). Orders carry
 * the customer's name, e-mail, phone and shipping address (what a shop's own systems need to fulfil them),
 * never an account's password, session or payment credentials.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { LOW_STOCK_THRESHOLD } from '@shared/admin/dashboard-schemas';
import { paiseToRupees } from '@shared/money';
import { ORDER_STATUS, orderStatusLabel } from '@shared/orders/order-status';
import type { WebhookEventType } from '@shared/webhooks/webhook-schemas';
import { rowsOf, type Db } from '../../db/database';
import { products, productVariants } from '../../db/schema/catalog-tables';
import { orderLines, orders } from '../../db/schema/order-tables';
import { enqueueWebhookEvent, storeReceives, type ReceivingEndpoint } from './webhook-outbox';

/** `{ <name>_paise, <name>_rupees }` of an amount in paise. */
export const money = (name: string, paise: number) => ({
  [`${name}_paise`]: paise,
  [`${name}_rupees`]: paiseToRupees(paise),
});

/** The order summary of every `order.*` event, or null for an unknown order. */
export async function orderSummary(tx: Db, storeId: number, orderId: string) {
  const [order] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.storeId, storeId), eq(orders.id, orderId)));
  if (!order) return null;
  const lines = await tx
    .select()
    .from(orderLines)
    .where(and(eq(orderLines.storeId, storeId), eq(orderLines.orderId, orderId)))
    .orderBy(asc(orderLines.position));
  return {
    order_number: order.orderNumber,
    status: orderStatusLabel(order.status).toLowerCase(),
    status_code: order.status,
    created_at: order.createdAt.toISOString(),
    updated_at: order.updatedAt.toISOString(),
    customer: { name: order.fullName, email: order.email, phone: order.phone },
    shipping_address: {
      name: order.fullName,
      address: order.address,
      city: order.city,
      state: order.state,
      postal_code: order.postalCode,
      phone: order.phone,
    },
    shipping_method: order.shippingMethod,
    cash_on_delivery: order.cashOnDelivery,
    totals: {
      ...money('subtotal', order.subtotalPaise),
      ...money('shipping', order.shippingFeePaise),
      ...money('cod_fee', order.codFeePaise),
      ...money('tax', order.taxPaise),
      ...money('total', order.totalPaise),
      currency: 'INR',
    },
    lines: lines.map((line) => ({
      sku: line.sku,
      title: line.productTitle,
      size: line.size,
      color: line.color,
      unit: line.unit,
      quantity: line.quantity,
      ...money('unit_price', line.unitPricePaise),
      ...money('line_total', line.lineTotalPaise),
      hsn: line.hsn,
      gst_rate: line.gstRate,
    })),
    tracking:
      order.trackingNumber !== null
        ? { courier: order.courier, tracking_number: order.trackingNumber }
        : null,
    cancellation_cause: order.cancellationCause,
    refund_due: order.refundDue,
  };
}

/** The event of a move to `to`: `order.shipped`, `order.delivered`, `order.cancelled`; none for others. */
const STATUS_EVENTS: Partial<Record<number, WebhookEventType>> = {
  [ORDER_STATUS.shipped]: 'order.shipped',
  [ORDER_STATUS.delivered]: 'order.delivered',
  [ORDER_STATUS.cancelled]: 'order.cancelled',
};

/**
 * Writes `type` (`order.created`, `order.paid`, …) for order `orderId` to the outbox; call it in the
 * order's transaction.
 */
export function enqueueOrderEvent(
  tx: Db,
  storeId: number,
  type: WebhookEventType,
  orderId: string,
  known?: readonly ReceivingEndpoint[],
): Promise<number> {
  return enqueueWebhookEvent(tx, storeId, type, () => orderSummary(tx, storeId, orderId), known);
}

/**
 * The event of the order state machine's move to `to` (../orders/order-lifecycle.ts): Shipped, Delivered and
 * Cancelled each have one; Processing has none here (a payment's is `order.paid`, written where the payment
 * is recorded; cash on delivery is not a payment).
 */
export async function enqueueOrderStatusEvent(
  tx: Db,
  storeId: number,
  orderId: string,
  to: number,
): Promise<number> {
  const type = STATUS_EVENTS[to];
  return type ? enqueueOrderEvent(tx, storeId, type, orderId) : 0;
}

/**
 * `order.created` for a new order, and `stock.low` for each tracked variant (or product without variants) of
 * its lines that the order took from above {@link LOW_STOCK_THRESHOLD} (the dashboard's low-stock rule) to it
 * or below. Call it in the checkout's transaction, after the stock was reserved. `known`: the store's active
 * endpoints when the caller holds them (../orders/order-store-cache.ts); else they are read.
 */
export async function enqueueOrderCreatedEvents(
  tx: Db,
  storeId: number,
  orderId: string,
  known?: readonly ReceivingEndpoint[],
): Promise<void> {
  await enqueueOrderEvent(tx, storeId, 'order.created', orderId, known);
  if (!(await storeReceives(tx, storeId, 'stock.low', known))) return;
  const crossed = rowsOf<{
    product_id: string;
    product_sku: string;
    title: string;
    variant_id: string | null;
    variant_sku: string | null;
    size: string | null;
    color: string | null;
    unit: string;
    stock: string;
    ordered: string;
  }>(
    await tx.execute(sql`
      WITH ordered AS (
        SELECT product_id, variant_id, sum(quantity) AS quantity FROM ${orderLines}
        WHERE store_id = ${storeId} AND order_id = ${orderId} AND product_id IS NOT NULL
        GROUP BY product_id, variant_id
      )
      SELECT p.id AS product_id, p.sku AS product_sku, p.title, v.id AS variant_id, v.sku AS variant_sku,
        v.size, v.color, p.unit, coalesce(v.stock, p.stock) AS stock, o.quantity AS ordered
      FROM ordered o
      JOIN ${products} p ON p.id = o.product_id AND p.store_id = ${storeId}
      LEFT JOIN ${productVariants} v ON v.id = o.variant_id AND v.store_id = ${storeId}
      WHERE (o.variant_id IS NULL OR v.id IS NOT NULL)
        AND coalesce(v.stock, p.stock) IS NOT NULL
        AND coalesce(v.stock, p.stock) <= ${LOW_STOCK_THRESHOLD}
        AND coalesce(v.stock, p.stock) + o.quantity > ${LOW_STOCK_THRESHOLD}
      ORDER BY p.sku, v.sku`),
  );
  for (const row of crossed) {
    await enqueueWebhookEvent(
      tx,
      storeId,
      'stock.low',
      async () => ({
        product_id: row.product_id,
        product_sku: row.product_sku,
        title: row.title,
        variant_id: row.variant_id,
        sku: row.variant_sku ?? row.product_sku,
        size: row.size,
        color: row.color,
        unit: row.unit,
        stock: Number(row.stock),
        threshold: LOW_STOCK_THRESHOLD,
        order_id: orderId,
      }),
      known,
    );
  }
}
