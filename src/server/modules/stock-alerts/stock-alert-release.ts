/**
 * Sending the back-in-stock alerts (docs/messages.md "Back-in-stock alerts"). Every change that puts stock
 * back or raises it — the admin's product editor, the catalogue import, a cancelled order, a restocked return —
 * calls {@link sendStockAlerts} in its own transaction, after the stock changed. An alert is made only while
 * its product or size is sold out, so a waiting alert whose stock is now on sale is one whose stock came back:
 * each such alert is queued once (`sent_at` set under its row lock), oldest first, every waiting alert of that
 * product or size at once (not only as many as came back), through the message outbox with the template
 * `stock-alert`: `email` to an address, `whatsapp` to a number (skipped, and still marked sent, when the number
 * replied 'STOP').
 */
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/database';
import { shopNameOf, mailStoreOf } from '../mail/shop-sender';
import { queueMessage } from '../notifications/message-outbox';

/** The query parameter of the product page that carries an alert's unsubscribe token (one tap: 'Stop alerts'). */
export const STOP_ALERT_PARAMETER = 'stop-alert';

type DueAlert = {
  id: number;
  channel: 'email' | 'whatsapp';
  recipient: string;
  token: string;
  origin: string | null;
  productId: string;
  title: string;
  size: string | null;
  color: string | null;
};

/** The product's name in the alert: 'Cotton Kurta in size L (White)', or the title alone. */
function productName(alert: DueAlert): string {
  if (alert.size) return `${alert.title} in size ${alert.size}${alert.color ? ` (${alert.color})` : ''}`;
  return alert.color ? `${alert.title} in ${alert.color}` : alert.title;
}

/**
 * Queues every waiting alert of `storeId` whose product (or size) is on sale again — stock untracked, or at
 * least the product's smallest quantity on hand, and the product not archived — oldest first, and marks each
 * sent. Call it inside the transaction that raised the stock, after the raise. Alerts another transaction is
 * sending are skipped (`SKIP LOCKED`): they are sent once.
 * @param productIds only alerts of these products (default: every product of the store).
 * @returns the number of alerts queued (opted-out numbers included).
 */
export async function sendStockAlerts(
  tx: Db,
  storeId: number,
  productIds?: readonly string[],
): Promise<number> {
  if (productIds && productIds.length === 0) return 0;
  const only =
    productIds === undefined
      ? sql``
      : sql`AND a.product_id IN (${sql.join(
          productIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`;
  const due = rowsOf<DueAlert>(
    await tx.execute(sql`
      SELECT a.id, a.channel, a.recipient, a.unsubscribe_token AS token, a.link_origin AS origin,
        a.product_id AS "productId", p.title, v.size, v.color
      FROM stock_alerts a
      JOIN products p ON p.id = a.product_id AND p.store_id = a.store_id AND p.archived_at IS NULL
      LEFT JOIN product_variants v ON v.id = a.variant_id AND v.store_id = a.store_id
      WHERE a.store_id = ${storeId} AND a.sent_at IS NULL AND a.unsubscribed_at IS NULL ${only}
        AND CASE WHEN a.variant_id IS NULL THEN p.stock IS NULL OR p.stock >= p.min_quantity
                 ELSE v.id IS NOT NULL AND (v.stock IS NULL OR v.stock >= p.min_quantity) END
      ORDER BY a.created_at, a.id
      FOR UPDATE OF a SKIP LOCKED`),
  );
  if (due.length === 0) return 0;
  const store = await mailStoreOf(tx, storeId);
  const shopName = shopNameOf(store ?? { storeName: null, companyName: null, companyEmail: null });
  for (const alert of due) {
    const origin = alert.origin ?? '';
    await queueMessage(tx, storeId, {
      template: 'stock-alert',
      channel: alert.channel,
      to: alert.recipient,
      variables: {
        shopName,
        productName: productName(alert),
        productLink: `${origin}/product/${alert.productId}`,
        unsubscribeLink: `${origin}/product/${alert.productId}?${STOP_ALERT_PARAMETER}=${alert.token}`,
      },
    });
  }
  await tx.execute(sql`
    UPDATE stock_alerts SET sent_at = now()
    WHERE store_id = ${storeId} AND id IN (${sql.join(
      due.map((alert) => sql`${alert.id}`),
      sql`, `,
    )})`);
  return due.length;
}
