/**
 * The periodic pass that asks for reviews (docs/reviews.md "The review request mail"): every
 * {@link REVIEW_REQUEST_INTERVAL_MS} (and once when the app is ready) it finds Delivered orders delivered
 * between {@link REQUEST_AFTER_DAYS} and {@link REQUEST_UNTIL_DAYS} days ago that have had no request yet and
 * whose shopper has not unsubscribed, and writes one mail each (./review-request-mail.ts). Safe with several
 * servers: each order's request row is inserted with its mail, and a second insert does nothing.
 */
import { sql } from 'drizzle-orm';
import { ORDER_STATUS } from '@shared/orders/order-status';
import { rowsOf, type Db } from '../../db/database';
import { PeriodicPass } from '../../periodic-pass';
import { sendReviewRequest, type DueOrder } from './review-request-mail';

/** The mail goes this many days after delivery. */
export const REQUEST_AFTER_DAYS = 7;
/** Orders delivered longer ago than this get none (no flood of old orders when the feature arrives). */
export const REQUEST_UNTIL_DAYS = 30;
/** Between passes, in ms (one hour). */
export const REVIEW_REQUEST_INTERVAL_MS = 60 * 60 * 1000;
/** Orders a pass looks at, at most (the next pass takes the rest). */
const ORDERS_PER_PASS = 200;
const DAY_MS = 86_400_000;

type DueRow = {
  id: string;
  storeId: number;
  userId: number;
  orderNumber: string;
  email: string;
  fullName: string;
  storeName: string | null;
  companyName: string | null;
  companyEmail: string | null;
  isDefault: boolean;
  host: string | null;
};

/**
 * The shop's public origin for links in a mail of a store: `publicUrl` (PUBLIC_URL) for the default store,
 * else https and the store's first host name; null when it has none.
 */
export function storeOrigin(row: { isDefault: boolean; host: string | null }, publicUrl: string | null) {
  if (row.isDefault && publicUrl) return publicUrl;
  return row.host ? `https://${row.host}` : null;
}

/**
 * One pass at `now`: writes the request mail of each due order. @returns how many mails were written.
 */
export async function sendDueReviewRequests(
  db: Db,
  now: Date,
  options: { publicUrl: string | null; mailFrom: string | undefined },
): Promise<number> {
  const from = new Date(now.getTime() - REQUEST_UNTIL_DAYS * DAY_MS).toISOString();
  const until = new Date(now.getTime() - REQUEST_AFTER_DAYS * DAY_MS).toISOString();
  const result = await db.execute(sql`
    SELECT o.id, o.store_id AS "storeId", o.user_id AS "userId", o.order_number AS "orderNumber", o.email,
      o.full_name AS "fullName", s.store_name AS "storeName", s.company_name AS "companyName",
      s.company_email AS "companyEmail", s.is_default AS "isDefault",
      (SELECT min(h.host) FROM store_hosts h WHERE h.store_id = o.store_id) AS host
    FROM orders o JOIN stores s ON s.id = o.store_id
    WHERE o.status = ${ORDER_STATUS.delivered}
      AND EXISTS (SELECT 1 FROM order_events e WHERE e.order_id = o.id AND e.to_status = ${ORDER_STATUS.delivered}
        AND e.created_at > ${from}::timestamptz AND e.created_at <= ${until}::timestamptz)
      AND NOT EXISTS (SELECT 1 FROM review_requests r WHERE r.order_id = o.id)
      AND NOT EXISTS (SELECT 1 FROM review_mail_opt_outs x WHERE x.store_id = o.store_id AND x.user_id = o.user_id)
    ORDER BY o.created_at
    LIMIT ${ORDERS_PER_PASS}`);
  let sent = 0;
  for (const row of rowsOf<DueRow>(result)) {
    const origin = storeOrigin(row, options.publicUrl);
    if (!origin) continue;
    const order: DueOrder = {
      id: row.id,
      storeId: row.storeId,
      userId: row.userId,
      orderNumber: row.orderNumber,
      email: row.email,
      fullName: row.fullName,
      store: { storeName: row.storeName, companyName: row.companyName, companyEmail: row.companyEmail },
    };
    if (await sendReviewRequest(db, order, origin, options.mailFrom)) sent++;
  }
  return sent;
}

export type ReviewRequestTimerOptions = {
  db: Db;
  log: { error(object: Record<string, unknown>, message: string): void };
  publicUrl: string | null;
  mailFrom: string | undefined;
  /** Between passes (ms; default {@link REVIEW_REQUEST_INTERVAL_MS}). */
  intervalMs?: number | undefined;
  /** The clock (tests move it). */
  clock?: () => Date;
  /** Called after a pass that wrote mail (to wake the mail sender). */
  onSent?: () => void;
};

/** Runs {@link sendDueReviewRequests} on a timer (src/server/periodic-pass.ts). */
export class ReviewRequestTimer extends PeriodicPass {
  constructor(private readonly options: ReviewRequestTimerOptions) {
    super(
      options.intervalMs ?? REVIEW_REQUEST_INTERVAL_MS,
      options.log,
      'asking for reviews of delivered orders failed',
    );
  }

  /** One pass at `now` (default: the clock), outside the timer (tests). @returns how many mails were written. */
  async runOnce(now?: Date): Promise<number> {
    const { db, publicUrl, mailFrom, clock, onSent } = this.options;
    const at = now ?? (clock ? clock() : new Date());
    const sent = await sendDueReviewRequests(db, at, { publicUrl, mailFrom });
    if (sent > 0) onSent?.();
    return sent;
  }

  protected async pass(): Promise<void> {
    await this.runOnce();
  }
}
