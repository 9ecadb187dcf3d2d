/**
 * The payment window (docs/decisions/011-payment-window.md): a Pending order holds its stock until
 * `orders.payment_due_at` (its creation + `PAYMENT_WINDOW_MINUTES`, default 30). When that moment passes
 * unpaid, the order is cancelled through the state machine with the cause 'payment not received in time':
 * its stock returns and the customer gets the 'Cancelled' mail. A payment that still arrives is answered by
 * ./late-payment.ts. The window is paused while the shopper's 'I have paid' waits for the owner
 * (`orders.shopper_paid_at` set: docs/payments.md "I have paid"): such an order is never cancelled by a pass;
 * the owner marks it paid, or rejects the report, which restarts a short window
 * (../payments/payment-report-rejection.ts).
 *
 * {@link expireUnpaidOrders} is one pass over every store; {@link PaymentWindowTimer} runs a pass when the
 * app starts (catching up on what expired while the store was down) and then every
 * {@link EXPIRY_INTERVAL_MS}. With several app servers on one PostgreSQL every server runs passes: each order
 * is cancelled in its own transaction under its row lock (`FOR UPDATE SKIP LOCKED`, then the state machine's
 * conditional update), so it is cancelled — and its stock returned — exactly once; an order another server
 * or a payment is working on is skipped and looked at again by the next pass.
 *
 * Before cancelling an order a pass calls {@link ExpiryOptions.beforeCancel}: the payments module (a higher
 * layer) passes it in when the app is built, to ask the gateway whether the order was paid after all
 * (docs/payments.md "Reconciliation"); an order it paid is no longer Pending and is left alone.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { CANCELLATION_CAUSE } from '@shared/orders/cancellation-cause';
import { ORDER_STATUS } from '@shared/orders/order-status';
import type { Db } from '../../db/database';
import { orders } from '../../db/schema/order-tables';
import { AppError } from '../../errors';
import { PeriodicPass } from '../../periodic-pass';
import { forEachDueOrder, type DueOrder } from './due-orders';
import { transitionInTransaction } from './order-lifecycle';

/** Time between passes, in milliseconds (15 s: an expired order waits at most this long to be cancelled). */
export const EXPIRY_INTERVAL_MS = 15_000;
/** Orders read per query of a pass; each is then cancelled in its own short transaction. */
export const EXPIRY_BATCH_SIZE = 100;

/** The `order_events` cause of an expiry: `payment window: not paid by 2025-04-18T06:30:00.000Z`. */
export const expiryEventCause = (dueAt: Date) => `payment window: not paid by ${dueAt.toISOString()}`;

/** What one pass did. */
export type ExpiryResult = {
  /** Order numbers cancelled by this pass. */
  cancelled: string[];
  /** Orders left alone: paid, cancelled or locked by someone else meanwhile. */
  skipped: number;
  /** Orders whose cancellation failed (the next pass tries again), with the error. */
  failures: { orderNumber: string; error: unknown }[];
};

export type ExpiryOptions = {
  /** The pass's "now" (default: the current time); orders due at or before it expire. */
  now?: Date;
  /** Orders per query (default {@link EXPIRY_BATCH_SIZE}). */
  batchSize?: number;
  /** `MAIL_FROM`, the sender of the 'Cancelled' mails when a store has no company e-mail. */
  mailFrom?: string | undefined;
  /**
   * Awaited before each due order is cancelled, outside its transaction (the payments module's
   * reconciliation: it may pay the order, which is then left alone). It should not throw; if it does, the
   * order is cancelled as without it.
   */
  beforeCancel?: (order: ExpiryCandidate) => Promise<unknown>;
};

/** An order about to be cancelled by a pass. */
export type ExpiryCandidate = DueOrder;

/** Cancels `candidate` if it is still Pending and due at `now`; false when it was left alone. */
async function expireOne(db: Db, candidate: ExpiryCandidate, now: Date, mailFrom: string | undefined) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        status: orders.status,
        paymentDueAt: orders.paymentDueAt,
        reportedAt: orders.shopperPaidAt,
      })
      .from(orders)
      .where(and(eq(orders.storeId, candidate.storeId), eq(orders.id, candidate.id)))
      .for('update', { skipLocked: true });
    // Locked by a payment or another server's pass, or no longer Pending, or given more time, or reported
    // paid by the shopper meanwhile (the window is paused): not now.
    if (row?.status !== ORDER_STATUS.pending || !row.paymentDueAt || row.paymentDueAt > now) return false;
    if (row.reportedAt !== null) return false;
    await transitionInTransaction(
      tx,
      candidate.storeId,
      candidate.id,
      ORDER_STATUS.cancelled,
      expiryEventCause(row.paymentDueAt),
      { cancellationCause: CANCELLATION_CAUSE.paymentWindow, onlyFrom: ORDER_STATUS.pending, mailFrom },
    );
    return true;
  });
}

/**
 * Cancels, in every store, each Pending order whose `payment_due_at` is at or before `now` and whose
 * shopper has not reported paying it (a reported order waits for the owner), oldest due first,
 * {@link EXPIRY_BATCH_SIZE} orders per query and one transaction per order. An order that another
 * server cancelled or a payment moved meanwhile (a ConflictError) is skipped quietly; any other failure is
 * reported in the result and that order is left for the next pass.
 */
export async function expireUnpaidOrders(db: Db, options: ExpiryOptions = {}): Promise<ExpiryResult> {
  const now = options.now ?? new Date();
  const batchSize = options.batchSize ?? EXPIRY_BATCH_SIZE;
  const result: ExpiryResult = { cancelled: [], skipped: 0, failures: [] };
  await forEachDueOrder(
    db,
    {
      dueAt: orders.paymentDueAt,
      now,
      // Served by the partial index `orders_pending_payment_due` (payment_due_at WHERE status = 0).
      where: and(eq(orders.status, ORDER_STATUS.pending), isNull(orders.shopperPaidAt)),
      batchSize,
    },
    async (candidate) => {
      try {
        await options.beforeCancel?.(candidate).catch(() => undefined);
        if (await expireOne(db, candidate, now, options.mailFrom))
          result.cancelled.push(candidate.orderNumber);
        else result.skipped++;
      } catch (error) {
        if (error instanceof AppError && error.code === 'conflict') result.skipped++;
        else result.failures.push({ orderNumber: candidate.orderNumber, error });
      }
    },
  );
  return result;
}

/** Where the timer reports (pino's `log.info/warn/error(object, message)`). */
export type ExpiryLogger = {
  info(object: Record<string, unknown>, message: string): void;
  error(object: Record<string, unknown>, message: string): void;
};

export type PaymentWindowTimerOptions = {
  db: Db;
  log: ExpiryLogger;
  /** `MAIL_FROM`, for the 'Cancelled' mails. */
  mailFrom?: string | undefined;
  /** Between passes (ms; default {@link EXPIRY_INTERVAL_MS}). */
  intervalMs?: number;
  /** Called after a pass that cancelled orders (e.g. to wake the mail sender). */
  onExpired?: (result: ExpiryResult) => void;
  /** See {@link ExpiryOptions.beforeCancel}. */
  beforeCancel?: ExpiryOptions['beforeCancel'];
};

/**
 * Runs {@link expireUnpaidOrders} when started (the catch-up pass) and then on a timer that does not keep the
 * process alive, one pass at a time, until {@link PaymentWindowTimer.stop}.
 */
export class PaymentWindowTimer extends PeriodicPass {
  constructor(private readonly options: PaymentWindowTimerOptions) {
    super(options.intervalMs ?? EXPIRY_INTERVAL_MS, options.log, 'looking for unpaid orders failed');
  }

  protected async pass(): Promise<void> {
    const { db, log, mailFrom, onExpired, beforeCancel } = this.options;
    const result = await expireUnpaidOrders(db, { mailFrom, beforeCancel });
    if (result.cancelled.length > 0) {
      log.info({ orders: result.cancelled }, 'cancelled orders not paid in time; their stock returned');
      onExpired?.(result);
    }
    for (const failure of result.failures) {
      log.error(
        { orderNumber: failure.orderNumber, err: failure.error },
        'cancelling an unpaid order failed',
      );
    }
  }
}
