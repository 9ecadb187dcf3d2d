/**
 * The end of a COD confirmation window (docs/messages.md "COD confirmation"): a COD order still awaiting
 * confirmation when `orders.cod_confirm_due_at` passes is, by its shop's `codUnanswered` setting, flagged for
 * a call (`cod_flagged_at`, the admin's 'COD unconfirmed' filter; it stays awaiting confirmation until the
 * owner confirms or cancels it) or cancelled through the state machine (its stock returns). Either way the
 * link stops working.
 *
 * {@link expireCodConfirmations} is one pass over every store; {@link CodConfirmationTimer} runs one when the
 * app starts and then every {@link COD_EXPIRY_INTERVAL_MS}. With several app servers every server runs passes:
 * each order is handled in its own transaction under its row lock (`FOR UPDATE SKIP LOCKED`, then the
 * conditions read again), so it is flagged or cancelled exactly once (the pattern of ./payment-window.ts).
 */
import { and, eq, isNull } from 'drizzle-orm';
import { CANCELLATION_CAUSE } from '@shared/orders/cancellation-cause';
import { orderMessageSettingsOf } from '@shared/notifications/order-message-settings';
import { ORDER_STATUS } from '@shared/orders/order-status';
import type { Db } from '../../db/database';
import { orders } from '../../db/schema/order-tables';
import { stores } from '../../db/schema/store-tables';
import { AppError } from '../../errors';
import { PeriodicPass } from '../../periodic-pass';
import { forEachDueOrder, type DueOrder } from './due-orders';
import { transitionInTransaction } from './order-lifecycle';

/** Time between passes, in milliseconds (a minute: a window of hours ends at most this late). */
export const COD_EXPIRY_INTERVAL_MS = 60_000;
/** Orders read per query of a pass. */
const BATCH_SIZE = 100;

/** The `order_events` cause of a cancellation by the pass. */
export const codExpiryCause = (dueAt: Date) => `cash on delivery: not confirmed by ${dueAt.toISOString()}`;

/** What one pass did: order numbers flagged for a call and cancelled, and failures (tried again next pass). */
export type CodExpiryResult = {
  flagged: string[];
  cancelled: string[];
  failures: { orderNumber: string; error: unknown }[];
};

/** Flags or cancels `candidate` if it still awaits confirmation past its window; null when left alone. */
async function expireOne(
  db: Db,
  candidate: DueOrder,
  now: Date,
  mailFrom: string | undefined,
): Promise<'flagged' | 'cancelled' | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ status: orders.status, dueAt: orders.codConfirmDueAt, flaggedAt: orders.codFlaggedAt })
      .from(orders)
      .where(and(eq(orders.storeId, candidate.storeId), eq(orders.id, candidate.id)))
      .for('update', { skipLocked: true });
    if (row?.status !== ORDER_STATUS.codAwaitingConfirmation || !row.dueAt || row.dueAt > now) return null;
    if (row.flaggedAt !== null) return null;
    const [store] = await tx
      .select({ settings: stores.orderMessageSettings })
      .from(stores)
      .where(eq(stores.id, candidate.storeId));
    if (orderMessageSettingsOf(store?.settings).codUnanswered === 'cancel') {
      await transitionInTransaction(
        tx,
        candidate.storeId,
        candidate.id,
        ORDER_STATUS.cancelled,
        codExpiryCause(row.dueAt),
        {
          cancellationCause: CANCELLATION_CAUSE.codNotConfirmed,
          onlyFrom: ORDER_STATUS.codAwaitingConfirmation,
          mailFrom,
        },
      );
      return 'cancelled';
    }
    await tx
      .update(orders)
      .set({ codFlaggedAt: now, codConfirmTokenHash: null })
      .where(and(eq(orders.storeId, candidate.storeId), eq(orders.id, candidate.id)));
    return 'flagged';
  });
}

/**
 * Flags or cancels, in every store, each COD order still awaiting confirmation whose window ended at or
 * before `now` (and not flagged yet), oldest first, one transaction per order. An order another server or
 * the shopper moved meanwhile is skipped; any other failure is reported and left for the next pass.
 */
export async function expireCodConfirmations(
  db: Db,
  options: { now?: Date; mailFrom?: string | undefined } = {},
): Promise<CodExpiryResult> {
  const now = options.now ?? new Date();
  const result: CodExpiryResult = { flagged: [], cancelled: [], failures: [] };
  await forEachDueOrder(
    db,
    {
      dueAt: orders.codConfirmDueAt,
      now,
      // Served by the partial index `orders_cod_confirm_due` (cod_confirm_due_at WHERE status = 5).
      where: and(eq(orders.status, ORDER_STATUS.codAwaitingConfirmation), isNull(orders.codFlaggedAt)),
      batchSize: BATCH_SIZE,
    },
    async (candidate) => {
      try {
        const done = await expireOne(db, candidate, now, options.mailFrom);
        if (done === 'flagged') result.flagged.push(candidate.orderNumber);
        else if (done === 'cancelled') result.cancelled.push(candidate.orderNumber);
      } catch (error) {
        if (!(error instanceof AppError && error.code === 'conflict')) {
          result.failures.push({ orderNumber: candidate.orderNumber, error });
        }
      }
    },
  );
  return result;
}

/**
 * Runs {@link expireCodConfirmations} when started and then on a timer that does not keep the process alive,
 * one pass at a time; `onChanged` is called after a pass that flagged or cancelled orders (to wake the senders).
 */
export class CodConfirmationTimer extends PeriodicPass {
  constructor(
    private readonly options: {
      db: Db;
      log: {
        info(object: Record<string, unknown>, message: string): void;
        error(object: Record<string, unknown>, message: string): void;
      };
      mailFrom?: string | undefined;
      intervalMs?: number | undefined;
      onChanged?: () => void;
    },
  ) {
    super(
      options.intervalMs ?? COD_EXPIRY_INTERVAL_MS,
      options.log,
      'looking for unconfirmed COD orders failed',
    );
  }

  protected async pass(): Promise<void> {
    const { db, log, mailFrom, onChanged } = this.options;
    const result = await expireCodConfirmations(db, { mailFrom });
    if (result.flagged.length > 0 || result.cancelled.length > 0) {
      log.info(
        { flagged: result.flagged, cancelled: result.cancelled },
        'COD orders not confirmed in time: flagged for a call or cancelled',
      );
      onChanged?.();
    }
    for (const failure of result.failures) {
      log.error({ orderNumber: failure.orderNumber, err: failure.error }, 'ending a COD confirmation failed');
    }
  }
}
