/**
 * The owner's view of the back-in-stock alerts (docs/admin.md, docs/messages.md "Back-in-stock alerts"): the
 * newest alerts of the store with their state. A plain function taking `db`, scoped to the store.
 */
import { sql } from 'drizzle-orm';
import type { AdminStockAlert } from '@shared/stock-alerts/stock-alert-schemas';
import { rowsOf, type Db } from '../../db/database';

/** Alerts listed at most. */
export const ADMIN_STOCK_ALERT_LIMIT = 200;

type Row = Omit<AdminStockAlert, 'createdAt' | 'sentAt'> & {
  createdAt: Date | string;
  sentAt: Date | string | null;
};

const iso = (value: Date | string) => new Date(value).toISOString();

/** The newest {@link ADMIN_STOCK_ALERT_LIMIT} alerts of `storeId`, newest first. */
export async function listStockAlerts(db: Db, storeId: number): Promise<AdminStockAlert[]> {
  const rows = rowsOf<Row>(
    await db.execute(sql`
      SELECT a.id, a.product_id AS "productId", p.title AS "productTitle", v.size, v.color, a.channel,
        a.recipient, a.created_at AS "createdAt", a.sent_at AS "sentAt",
        CASE WHEN a.unsubscribed_at IS NOT NULL THEN 'unsubscribed'
             WHEN a.sent_at IS NOT NULL THEN 'sent' ELSE 'waiting' END AS status
      FROM stock_alerts a
      JOIN products p ON p.id = a.product_id AND p.store_id = a.store_id
      LEFT JOIN product_variants v ON v.id = a.variant_id AND v.store_id = a.store_id
      WHERE a.store_id = ${storeId}
      ORDER BY a.created_at DESC, a.id DESC
      LIMIT ${ADMIN_STOCK_ALERT_LIMIT}`),
  );
  return rows.map((row) => ({
    ...row,
    id: Number(row.id),
    createdAt: iso(row.createdAt),
    sentAt: row.sentAt === null ? null : iso(row.sentAt),
  }));
}
