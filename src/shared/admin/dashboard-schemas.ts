/**
 * The admin dashboard's contract (docs/admin.md "Dashboard"): orders and revenue for today, 7 and 30 days,
 * daily sales for 30 days, payments to verify, orders to ship, unpaid orders about to expire, low-stock SKUs and e-mails that
 * failed. Amounts in integer **paise**, summed on the server; days are India time (YYYY-MM-DD).
 */
import { z } from 'zod';

const period = z.object({ orders: z.number().int(), revenuePaise: z.number().int() });

/** How few pieces or metres on hand count as low stock. */
export const LOW_STOCK_THRESHOLD = 3;

/** After this many hours without a backup the dashboard warns (a daily backup plus two hours of slack). */
export const BACKUP_WARNING_HOURS = 26;

/** `GET /api/v1/admin/dashboard` answer. Revenue counts paid orders (Processing, Shipped, Delivered). */
export const dashboardSchema = z.object({
  today: period,
  last7Days: period,
  last30Days: period,
  /** 30 entries, oldest first, one per day, today last. */
  daily: z.array(z.object({ day: z.string(), orders: z.number().int(), revenuePaise: z.number().int() })),
  /**
   * Pending orders whose shopper said 'I have paid' (docs/payments.md "I have paid"), oldest report first, at
   * most 20: the owner checks the bank account, then marks each paid or rejects the report. Their payment
   * window is paused meanwhile.
   */
  paymentsToVerify: z.array(
    z.object({
      orderNumber: z.string(),
      fullName: z.string(),
      totalPaise: z.number().int(),
      /** The UTR the shopper gave, null: none. */
      utr: z.string().nullable(),
      reportedAt: z.string(),
    }),
  ),
  toShip: z.object({
    count: z.number().int(),
    oldest: z.array(z.object({ orderNumber: z.string(), fullName: z.string(), createdAt: z.string() })),
  }),
  expiringUnpaid: z.array(
    z.object({
      orderNumber: z.string(),
      fullName: z.string(),
      totalPaise: z.number().int(),
      paymentDueAt: z.string(),
    }),
  ),
  lowStock: z.array(
    z.object({
      sku: z.string(),
      title: z.string(),
      size: z.string().nullable(),
      color: z.string().nullable(),
      stock: z.number(),
    }),
  ),
  failedMails: z.object({
    count: z.number().int(),
    latest: z.array(z.object({ subject: z.string(), lastError: z.string().nullable(), at: z.string() })),
  }),
  /**
   * The newest backup file in `BACKUP_DIR` (docs/operations.md "Back up"): `lastAt` its time (null: none, or
   * BACKUP_DIR unset), `overdue` when none was taken in the last {@link BACKUP_WARNING_HOURS} hours, `daily`
   * when BACKUP_DIR is set (the store takes one a day).
   */
  backup: z.object({ lastAt: z.string().nullable(), overdue: z.boolean(), daily: z.boolean() }),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
