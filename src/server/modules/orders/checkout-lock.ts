/**
 * One checkout at a time per account: the limit of orders waiting for payment
 * (`MAX_PENDING_ORDERS_PER_ACCOUNT`) is counted inside the order's statement (./place-order.ts), which is only
 * race-free when two checkouts of one account cannot run side by side. PGlite runs one transaction at a time;
 * on PostgreSQL this lock orders them.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database';

/** The first key of the checkout advisory locks; the second is the account's id (unique across stores). */
export const CHECKOUT_LOCK_NAMESPACE = 4011;

/**
 * Takes the account's checkout lock for the rest of the transaction (`pg_advisory_xact_lock`): concurrent
 * checkouts of one account then run one after the other, and the next statement (which starts after the lock
 * is granted, so with a snapshot that includes what the previous checkout committed) counts the account's
 * orders waiting for payment correctly. Other accounts, sign-ins and changes to the account's row are not
 * held up, and no row is written.
 */
export async function lockCustomer(tx: Db, userId: number): Promise<void> {
  await tx.execute(
    sql`SELECT pg_advisory_xact_lock(${CHECKOUT_LOCK_NAMESPACE}::integer, ${userId}::integer)`,
  );
}
