/**
 * The account's 'Send me order updates on WhatsApp' (docs/messages.md "Consent"; India's DPDP Act: consent is
 * given, timed and withdrawable): kept on the account with its time (`users.whatsapp_opt_in_at`) and on each of
 * its numbers — the account's own phone and the phones of its orders — in the store's phone consents, which
 * decide the channel of every order message.
 */
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { orders } from '../../db/schema/order-tables';
import { users } from '../../db/schema/user-tables';
import { e164IndianMobile, setWhatsappOptIn } from '../notifications/phone-consent';

/** When account `userId` of `storeId` opted in to WhatsApp updates, or null (also for no such account). */
export async function whatsappOptInAtOf(db: Db, storeId: number, userId: number): Promise<Date | null> {
  const [row] = await db
    .select({ at: users.whatsappOptInAt })
    .from(users)
    .where(and(eq(users.storeId, storeId), eq(users.id, userId)));
  return row?.at ?? null;
}

/**
 * Turns the WhatsApp updates of account `userId` of `storeId` on (`optIn`, timed `now`) or off, on the account
 * and on every Indian mobile of it (its phone and its orders' phones, as E.164); other numbers are left alone.
 * Turning on also clears an earlier 'STOP' of those numbers, as ticking the box at checkout does.
 * @returns the account row as it is after, or null when there is no such account.
 */
export async function setAccountWhatsappOptIn(
  db: Db,
  storeId: number,
  userId: number,
  optIn: boolean,
  now: Date,
): Promise<typeof users.$inferSelect | null> {
  return db.transaction(async (tx) => {
    const [account] = await tx
      .update(users)
      .set({ whatsappOptInAt: optIn ? now : null })
      .where(and(eq(users.storeId, storeId), eq(users.id, userId)))
      .returning();
    if (!account) return null;
    const orderPhones = await tx
      .selectDistinct({ phone: orders.phone })
      .from(orders)
      .where(and(eq(orders.storeId, storeId), eq(orders.userId, userId), isNotNull(orders.phone)));
    const numbers = new Set(
      [account.phone, ...orderPhones.map((row) => row.phone)]
        .map((phone) => (phone === null ? null : e164IndianMobile(phone)))
        .filter((phone): phone is string => phone !== null),
    );
    for (const phone of [...numbers].sort()) await setWhatsappOptIn(tx, storeId, phone, optIn, now);
    return account;
  });
}
