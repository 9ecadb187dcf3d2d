/**
 * The admin dashboard's figures (docs/admin.md "Dashboard"), each one query scoped to the store: orders and
 * revenue (paise, summed by PostgreSQL) for today and the last 7 and 30 days in India time, daily sales for
 * 30 days, Pending orders whose shopper said 'I have paid' (payments to verify, oldest report first),
 * Processing orders waiting to ship, Pending orders whose payment window closes soonest (not the reported ones:
 * their window is paused), SKUs at or
 * below {@link LOW_STOCK_THRESHOLD}, e-mails the outbox gave up on, and the time of the last backup.
 */
import { sql } from 'drizzle-orm';
import { BACKUP_WARNING_HOURS, LOW_STOCK_THRESHOLD, type Dashboard } from '@shared/admin/dashboard-schemas';
import { ORDER_STATUS } from '@shared/orders/order-status';
import { rowsOf, type Db } from '../../db/database';
import { lastBackupTime } from '../backups/backup-files';

/** Statuses whose orders are paid: their totals are revenue. */
const PAID = sql.raw(`(${ORDER_STATUS.processing}, ${ORDER_STATUS.shipped}, ${ORDER_STATUS.delivered})`);
const IST = sql.raw(`'Asia/Kolkata'`);

/** At most this many payments to verify are listed. */
const PAYMENTS_TO_VERIFY_LIMIT = 20;

type Row = Record<string, string | number | null>;
const num = (value: unknown) => Number(value ?? 0);
const iso = (value: unknown) => new Date(value as string).toISOString();

/**
 * The dashboard of `storeId` as of `now`; `backupDir` is `BACKUP_DIR` (its newest backup file's time is
 * shown, with a warning after {@link BACKUP_WARNING_HOURS} hours without one).
 */
export async function loadDashboard(
  db: Db,
  storeId: number,
  now: Date = new Date(),
  backupDir?: string,
): Promise<Dashboard> {
  const at = now.toISOString();
  // Today's first instant in India (UTC+05:30 all year), then the 30 days that end with today.
  const today = sql`(date_trunc('day', ${at}::timestamptz AT TIME ZONE ${IST}) AT TIME ZONE ${IST})`;
  const lastBackup = lastBackupTime(backupDir);
  const [daily, toVerify, toShip, oldest, expiring, lowStock, failed, latestFailed] = await Promise.all([
    db.execute(sql`
      WITH days AS (
        SELECT generate_series(0, 29) AS back
      ), placed AS (
        SELECT (created_at AT TIME ZONE ${IST})::date AS day, count(*) AS orders,
               coalesce(sum(total_paise) FILTER (WHERE status IN ${PAID}), 0) AS revenue
        FROM orders
        WHERE store_id = ${storeId} AND created_at >= ${today} - interval '29 days'
        GROUP BY 1
      )
      SELECT to_char((${at}::timestamptz AT TIME ZONE ${IST})::date - back, 'YYYY-MM-DD') AS day,
             coalesce(placed.orders, 0) AS orders, coalesce(placed.revenue, 0) AS revenue
      FROM days LEFT JOIN placed ON placed.day = (${at}::timestamptz AT TIME ZONE ${IST})::date - back
      ORDER BY back DESC`),
    db.execute(sql`
      SELECT order_number, full_name, total_paise, shopper_utr, shopper_paid_at FROM orders
      WHERE store_id = ${storeId} AND status = ${ORDER_STATUS.pending} AND shopper_paid_at IS NOT NULL
      ORDER BY shopper_paid_at ASC LIMIT ${PAYMENTS_TO_VERIFY_LIMIT}`),
    db.execute(
      sql`SELECT count(*) AS count FROM orders WHERE store_id = ${storeId} AND status = ${ORDER_STATUS.processing}`,
    ),
    db.execute(sql`
      SELECT order_number, full_name, created_at FROM orders
      WHERE store_id = ${storeId} AND status = ${ORDER_STATUS.processing}
      ORDER BY created_at ASC LIMIT 5`),
    db.execute(sql`
      SELECT order_number, full_name, total_paise, payment_due_at FROM orders
      WHERE store_id = ${storeId} AND status = ${ORDER_STATUS.pending} AND payment_due_at > ${at}::timestamptz
        AND shopper_paid_at IS NULL
      ORDER BY payment_due_at ASC LIMIT 5`),
    db.execute(sql`
      SELECT sku, title, size, color, stock FROM (
        SELECT v.sku, p.title, v.size, v.color, v.stock FROM product_variants v
        JOIN products p ON p.id = v.product_id
        WHERE v.store_id = ${storeId} AND v.stock IS NOT NULL AND v.stock <= ${LOW_STOCK_THRESHOLD}
        UNION ALL
        SELECT p.sku, p.title, NULL, NULL, p.stock FROM products p
        WHERE p.store_id = ${storeId} AND p.stock IS NOT NULL AND p.stock <= ${LOW_STOCK_THRESHOLD}
      ) low ORDER BY stock ASC, sku ASC LIMIT 10`),
    db.execute(
      sql`SELECT count(*) AS count FROM outgoing_mail WHERE store_id = ${storeId} AND status = 'failed'`,
    ),
    db.execute(sql`
      SELECT subject, last_error, created_at FROM outgoing_mail
      WHERE store_id = ${storeId} AND status = 'failed' ORDER BY created_at DESC LIMIT 5`),
  ]);
  const days = rowsOf<Row>(daily).map((row) => ({
    day: String(row.day),
    orders: num(row.orders),
    revenuePaise: num(row.revenue),
  }));
  const sumLast = (count: number) =>
    days.slice(-count).reduce(
      (total, day) => ({
        orders: total.orders + day.orders,
        revenuePaise: total.revenuePaise + day.revenuePaise,
      }),
      { orders: 0, revenuePaise: 0 },
    );
  return {
    today: sumLast(1),
    last7Days: sumLast(7),
    last30Days: sumLast(30),
    daily: days,
    paymentsToVerify: rowsOf<Row>(toVerify).map((row) => ({
      orderNumber: String(row.order_number),
      fullName: String(row.full_name),
      totalPaise: num(row.total_paise),
      utr: row.shopper_utr === null ? null : String(row.shopper_utr),
      reportedAt: iso(row.shopper_paid_at),
    })),
    toShip: {
      count: num(rowsOf<Row>(toShip)[0]?.count),
      oldest: rowsOf<Row>(oldest).map((row) => ({
        orderNumber: String(row.order_number),
        fullName: String(row.full_name),
        createdAt: iso(row.created_at),
      })),
    },
    expiringUnpaid: rowsOf<Row>(expiring).map((row) => ({
      orderNumber: String(row.order_number),
      fullName: String(row.full_name),
      totalPaise: num(row.total_paise),
      paymentDueAt: iso(row.payment_due_at),
    })),
    lowStock: rowsOf<Row>(lowStock).map((row) => ({
      sku: String(row.sku),
      title: String(row.title),
      size: row.size === null ? null : String(row.size),
      color: row.color === null ? null : String(row.color),
      stock: num(row.stock),
    })),
    failedMails: {
      count: num(rowsOf<Row>(failed)[0]?.count),
      latest: rowsOf<Row>(latestFailed).map((row) => ({
        subject: String(row.subject),
        lastError: row.last_error === null ? null : String(row.last_error),
        at: iso(row.created_at),
      })),
    },
    backup: backupStatus(await lastBackup, Boolean(backupDir), now),
  };
}

/** The dashboard's backup line: the last backup's time and whether it is overdue. */
function backupStatus(lastAt: Date | null, daily: boolean, now: Date): Dashboard['backup'] {
  const overdue = !lastAt || now.getTime() - lastAt.getTime() > BACKUP_WARNING_HOURS * 60 * 60 * 1000;
  return { lastAt: lastAt?.toISOString() ?? null, overdue, daily };
}
