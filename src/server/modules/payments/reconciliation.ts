/**
 * Reconciliation: no paid order left unpaid (docs/payments.md "Reconciliation", docs/decisions/024-reconciliation.md).
 * A gateway's callback can be lost (the shopper closes the tab after paying, a network error); the money is
 * taken but the order stays Pending and the payment window would cancel it. So attempts still open
 * (`payments.status = 'initiated'`) whose provider can be asked (`fetchStatus`) are asked:
 *
 * - by the periodic pass ({@link reconcilePayments}, `./reconciliation-timer.ts`): attempts at least
 *   {@link RECONCILE_AFTER_MS} (10 minutes) old, started in the last {@link RECONCILE_LOOKBACK_MS} (3 days),
 *   each again after a quiet time of 10 minutes or a quarter of its age, whichever is longer (an abandoned
 *   checkout is asked about 20 times in all, not every minute for days);
 * - by the payment window, just before it cancels an order ({@link beforeCancelHook}), whatever the
 *   attempt's age: an order whose payment was captured is paid, never cancelled;
 * - by hand: `npm run orders -- reconcile [--since 2026-11-01]`.
 *
 * A `captured` answer pays the order exactly as the callback does (./attempt-settlement.ts): the attempt
 * becomes `succeeded` and the order is settled by ./pay-order.ts in one transaction, under the attempt's row
 * lock, only while the attempt is still open — so a callback arriving too gives one payment and one order
 * event. The captured amount and currency must equal the attempt's and the order's, else nothing is paid and
 * the mismatch is logged. `failed` and `pending` answers change nothing but the attempt's last check.
 *
 * Several servers on one PostgreSQL: each pass claims its attempts with `FOR UPDATE SKIP LOCKED` and marks
 * them checked (`updated_at`) in the claiming transaction, so another server's pass skips them; the gateway is
 * asked outside any transaction.
 */
import { and, asc, eq, gte, inArray, isNotNull, lte, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { orders } from '../../db/schema/order-tables';
import { payments } from '../../db/schema/payment-tables';
import { applyAttemptStatus, type ReconcileAction, type ReconcileLogger } from './attempt-settlement';
import { configuredProviders } from './providers/provider-registry';
import type { PaymentProvider } from './providers/types';
import type { PaymentSettings } from './settings';

export type { ReconcileAction, ReconcileLogger } from './attempt-settlement';

/** An attempt is first asked about this long after it started (ms): the shopper may still be paying. */
export const RECONCILE_AFTER_MS = 10 * 60_000;
/** Attempts started longer ago than this are left alone by the periodic pass (ms; the CLI's --since reaches further). */
export const RECONCILE_LOOKBACK_MS = 3 * 24 * 60 * 60_000;
/** Between periodic passes (ms). */
export const RECONCILE_INTERVAL_MS = 60_000;
/** Attempts claimed per query. */
export const RECONCILE_BATCH_SIZE = 50;

/** One attempt asked about: its order, txnid and what happened (the CLI prints one line each). */
export type ReconciledAttempt = {
  storeId: number;
  orderNumber: string;
  /** The `payments.provider` value of the attempt (`payu`, `razorpay-sandbox`, …). */
  provider: string;
  /** The gateway's id of the attempt (PayU txnid, Razorpay order id). */
  gatewayId: string;
  action: ReconcileAction;
  /** The gateway's payment id (PayU mihpayid, Razorpay `pay_…`) of a captured payment. */
  gatewayPaymentId: string | null;
  /** What the gateway captured, in **paise** (null unless captured). */
  capturedPaise: number | null;
  currency: string | null;
  /** The order's total, in **paise**. */
  orderTotalPaise: number;
};

export type ReconcileOptions = {
  settings: PaymentSettings;
  /** The pass's "now" (default: the current time). */
  now?: Date;
  /** Only attempts started at or after this moment (default: now − {@link RECONCILE_LOOKBACK_MS}). */
  since?: Date;
  /** Only attempts at least this old (ms; default {@link RECONCILE_AFTER_MS}). */
  minAgeMs?: number;
  /** Ask again now, whatever the attempt's last check (by hand, and before the payment window cancels). */
  recheck?: boolean;
  /** Only the attempts of this order (the payment window's hook). */
  order?: { storeId: number; id: string };
  /** Only the attempts of this store (the CLI's --host). */
  storeId?: number;
  /** `MAIL_FROM`, for the mails of a payment. */
  mailFrom?: string | undefined;
  log?: ReconcileLogger;
  batchSize?: number;
};

/** The attempts one provider can be asked about: those it recorded under `recordedAs` for its method. */
type AskableKind = { provider: PaymentProvider; recordedAs: string };

/**
 * The providers of this configuration that can be asked (`fetchStatus`), each with the `payments.provider`
 * value of its attempts: the card gateway records its attempts under `settings.gateway.provider` (`payu`,
 * `payu-sandbox`). Attempts of another gateway than the configured one are not asked.
 */
export function askableKinds(settings: PaymentSettings): AskableKind[] {
  return configuredProviders(settings)
    .filter((provider) => provider.fetchStatus && provider.method === 'gateway' && settings.gateway)
    .map((provider) => ({ provider, recordedAs: settings.gateway!.provider }));
}

type Claimed = {
  id: number;
  storeId: number;
  method: string;
  provider: string;
  gatewayId: string | null;
  orderNumber: string;
};

/**
 * Asks the gateway about the open attempts the options select (see the module comment) and applies each
 * answer; oldest first, {@link RECONCILE_BATCH_SIZE} claimed per query. An attempt whose asking or settling
 * fails is logged and left for the next pass; nothing is thrown for it.
 * @returns one entry per attempt asked about, in the order asked.
 * @throws only when the database fails while claiming.
 */
export async function reconcilePayments(db: Db, options: ReconcileOptions): Promise<ReconciledAttempt[]> {
  const kinds = askableKinds(options.settings);
  if (kinds.length === 0) return [];
  const now = options.now ?? new Date();
  const nowText = now.toISOString();
  const since = options.since ?? new Date(now.getTime() - RECONCILE_LOOKBACK_MS);
  const startedBefore = new Date(now.getTime() - (options.minAgeMs ?? RECONCILE_AFTER_MS));
  // Quiet for 10 minutes or a quarter of the attempt's age, whichever is longer.
  const quiet = sql`${payments.updatedAt} <= ${nowText}::timestamptz - greatest(interval '10 minutes', (${nowText}::timestamptz - ${payments.createdAt}) / 4)`;
  const results: ReconciledAttempt[] = [];
  const asked: number[] = [];
  for (;;) {
    const conditions: (SQL | undefined)[] = [
      eq(payments.status, 'initiated'),
      isNotNull(payments.gatewayId),
      or(
        ...kinds.map((kind) =>
          and(eq(payments.method, kind.provider.method), eq(payments.provider, kind.recordedAs)),
        ),
      ),
      gte(payments.createdAt, since),
      lte(payments.createdAt, startedBefore),
      options.recheck ? undefined : quiet,
      options.order
        ? and(eq(payments.storeId, options.order.storeId), eq(payments.orderId, options.order.id))
        : undefined,
      options.storeId === undefined ? undefined : eq(payments.storeId, options.storeId),
      asked.length > 0 ? notInArray(payments.id, asked) : undefined,
    ];
    const claimed: Claimed[] = await db.transaction(async (tx) => {
      const rows = await tx
        .select({
          id: payments.id,
          storeId: payments.storeId,
          method: payments.method,
          provider: payments.provider,
          gatewayId: payments.gatewayId,
          orderNumber: orders.orderNumber,
        })
        .from(payments)
        .innerJoin(orders, and(eq(orders.id, payments.orderId), eq(orders.storeId, payments.storeId)))
        .where(and(...conditions))
        .orderBy(asc(payments.createdAt), asc(payments.id))
        .limit(options.batchSize ?? RECONCILE_BATCH_SIZE)
        .for('update', { of: payments, skipLocked: true });
      if (rows.length > 0) {
        // Checked now: another server's pass (and this one's next query) leaves them alone.
        await tx
          .update(payments)
          .set({ updatedAt: now })
          .where(
            inArray(
              payments.id,
              rows.map((row) => row.id),
            ),
          );
      }
      return rows;
    });
    for (const row of claimed) {
      asked.push(row.id);
      const kind = kinds.find(
        (each) => each.recordedAs === row.provider && each.provider.method === row.method,
      );
      if (!kind || !row.gatewayId) continue;
      try {
        const status = await kind.provider.fetchStatus!(row.gatewayId, { settings: options.settings });
        const applied = await applyAttemptStatus(db, {
          paymentId: row.id,
          storeId: row.storeId,
          status,
          checkedAt: now,
          mailFrom: options.mailFrom,
          log: options.log,
        });
        results.push({
          storeId: row.storeId,
          orderNumber: row.orderNumber,
          provider: row.provider,
          gatewayId: row.gatewayId,
          action: applied.action,
          gatewayPaymentId: status.gatewayPaymentId,
          capturedPaise: status.status === 'captured' ? status.amountPaise : null,
          currency: status.status === 'captured' ? status.currency : null,
          orderTotalPaise: applied.orderTotalPaise,
        });
      } catch (error) {
        options.log?.error(
          { orderNumber: row.orderNumber, gatewayId: row.gatewayId, err: error },
          'reconciling a payment attempt failed; the next pass asks again',
        );
      }
    }
    if (claimed.length < (options.batchSize ?? RECONCILE_BATCH_SIZE)) return results;
  }
}

/** How long the payment window waits for the gateway's answer about one order before cancelling it (ms). */
export const BEFORE_CANCEL_WAIT_MS = 5_000;
/** After an answer that took longer, the window stops asking for this long (ms): the gateway is struggling. */
export const BEFORE_CANCEL_PAUSE_MS = 60_000;

/**
 * The payment window's hook (passed to `../orders/payment-window.ts` when the app is built): asks the gateway
 * about every open attempt of the order about to be cancelled, whatever its age, and pays the order when one
 * was captured — the window then finds it Processing and leaves it. The window waits at most `waitMs`
 * ({@link BEFORE_CANCEL_WAIT_MS} unless given) per order (an answer that comes later is still applied: a
 * Cancelled order comes back as a late payment), and after such a slow answer does not ask for
 * {@link BEFORE_CANCEL_PAUSE_MS}, so a gateway that does not answer cannot hold up the window. Never throws (a
 * failure is logged and the order is cancelled as before).
 */
export function beforeCancelHook(
  db: Db,
  options: Omit<ReconcileOptions, 'order' | 'recheck' | 'minAgeMs'> & {
    /** The longest wait per order, in ms (default {@link BEFORE_CANCEL_WAIT_MS}). */
    waitMs?: number | undefined;
  },
): (order: { storeId: number; id: string }) => Promise<void> {
  const waitMs = options.waitMs ?? BEFORE_CANCEL_WAIT_MS;
  let pausedUntil = 0;
  return async (order) => {
    if (askableKinds(options.settings).length === 0 || Date.now() < pausedUntil) return;
    const asked = reconcilePayments(db, { ...options, order, recheck: true, minAgeMs: 0 }).catch(
      (error: unknown) => {
        options.log?.error({ err: error }, 'asking the gateway before the payment window closes failed');
      },
    );
    let timer: NodeJS.Timeout | undefined;
    const slow = await Promise.race([
      asked.then(() => false),
      new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(true), waitMs);
        timer.unref();
      }),
    ]);
    clearTimeout(timer);
    if (slow) {
      pausedUntil = Date.now() + BEFORE_CANCEL_PAUSE_MS;
      options.log?.warn(
        { waitedMs: waitMs },
        'the gateway is slow to answer: the payment window stops asking it for a minute',
      );
    }
  };
}
