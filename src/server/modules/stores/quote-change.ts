/**
 * Announcing a change of what the checkout's quote keeps per store (docs/decisions/036-quote-cache.md): the
 * store's quote settings (state, GSTIN, GST defaults, delivery settings), its promotions and its coupons —
 * including a coupon's usage count, which every order placed with the code raises and every unpaid order
 * cancelled lowers. The same marks keep what an order reads of its store beside the order
 * (docs/decisions/037-order-store-cache.md): the order-message settings, the message templates and the active
 * webhook endpoints, whose writes announce here too.
 *
 * Two halves, both called by {@link announceQuoteChange} inside the writing transaction:
 * - in this process, a change count per store ({@link quoteChangeMark}) moves at once. A cached quote context
 *   remembers the mark it was loaded under and is used only while the mark is unchanged. On the embedded
 *   database no read runs while a transaction is open (PGlite runs one thing at a time), so a change is
 *   seen by the first quote after the commit; a rolled-back change only costs a reload.
 * - on PostgreSQL, a NOTIFY on {@link QUOTE_CHANGED_CHANNEL} (the store id as payload) is delivered on commit
 *   to every server's catalogue listener (../catalog/response-cache.ts), which moves the same mark there —
 *   and here again, after the commit, closing the window in which a quote read on another connection before
 *   the commit could have been kept.
 *
 * The marks are per process, not per app: two apps of one process (tests) only make each other reload.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database';

/** Channel on which a change of a store's coupons or quote settings is announced to other servers. */
export const QUOTE_CHANGED_CHANNEL = 'resham_quote_changed';

/** Changes noted per store, and for every store at once. */
const changesByStore = new Map<number, number>();
let changesOfAll = 0;

/**
 * A number that moves whenever a change of `storeId`'s quote inputs is noted in this process (its own, or of
 * every store); equal marks mean nothing was noted in between.
 */
export function quoteChangeMark(storeId: number): number {
  return changesOfAll + (changesByStore.get(storeId) ?? 0);
}

/** Notes a change of `storeId`'s quote inputs in this process (null: of every store, e.g. an unreadable payload). */
export function noteQuoteChange(storeId: number | null): void {
  if (storeId === null) changesOfAll += 1;
  else changesByStore.set(storeId, (changesByStore.get(storeId) ?? 0) + 1);
}

/** Reads a {@link QUOTE_CHANGED_CHANNEL} payload: the store id, or null (every store) when it is not one. */
export function quoteChangeStoreOf(payload: string | undefined): number | null {
  const storeId = Number(payload);
  return Number.isSafeInteger(storeId) && storeId > 0 ? storeId : null;
}

/**
 * Announces a change of `storeId`'s coupons or quote settings, inside the writing transaction `tx`: notes it
 * in this process and queues the NOTIFY other servers hear on commit.
 */
export async function announceQuoteChange(tx: Db, storeId: number): Promise<void> {
  noteQuoteChange(storeId);
  await tx.execute(sql`select pg_notify(${QUOTE_CHANGED_CHANNEL}, ${String(storeId)})`);
}
