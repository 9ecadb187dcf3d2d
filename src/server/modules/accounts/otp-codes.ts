/**
 * Sign-in codes (docs/messages.md "Sign in with an OTP"): a 6-digit code sent by WhatsApp (where the number
 * opted in) or SMS, living 5 minutes and allowing 5 tries. Only an HMAC-SHA256 of the code under a random
 * per-code salt is stored (`otp_codes`), compared in constant time; a new code for a number replaces the
 * older one. Plain functions taking `db`; every query is scoped to the store and the number.
 */
import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import { OTP_LIFETIME_SECONDS, OTP_MAX_TRIES } from '@shared/accounts/otp-schemas';
import type { Db } from '../../db/database';
import { otpCodes } from '../../db/schema/user-tables';
import { mailStoreOf, shopNameOf } from '../mail/shop-sender';
import { queueMessage } from '../notifications/message-outbox';
import { phoneChannelFor } from '../notifications/phone-consent';

/** A code's lifetime in milliseconds (5 minutes). */
export const OTP_LIFETIME_MS = OTP_LIFETIME_SECONDS * 1000;

/** The stored form of `code`: HMAC-SHA256 keyed by the row's salt, as 64 lower-case hex characters. */
export function hashOtpCode(code: string, salt: string): string {
  return createHmac('sha256', salt).update(code, 'utf8').digest('hex');
}

/** A uniformly random 6-digit code, leading zeros kept ('004217'). */
export function generateOtpCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/**
 * Makes a new code for `phone` (E.164) in `storeId` and queues it, in one transaction: the number's older code
 * is replaced, and the message (template `otp`, variables `code` and `shopName`) goes on WhatsApp where the
 * number opted in, else by SMS — also to a number that opted out of updates, since the shopper asked for it.
 * The same work is done whether or not the number has an account, so the answer tells nothing.
 */
export async function issueOtpCode(db: Db, storeId: number, phone: string, now: Date): Promise<void> {
  const code = generateOtpCode();
  const salt = randomBytes(16).toString('hex');
  const row = {
    storeId,
    phone,
    codeHash: hashOtpCode(code, salt),
    salt,
    triesLeft: OTP_MAX_TRIES,
    createdAt: now,
    expiresAt: new Date(now.getTime() + OTP_LIFETIME_MS),
  };
  const store = await mailStoreOf(db, storeId);
  const shopName = store ? shopNameOf(store) : 'Resham';
  await db.transaction(async (tx) => {
    // Housekeeping: this store's codes that expired unused are no longer needed.
    await tx.delete(otpCodes).where(and(eq(otpCodes.storeId, storeId), lt(otpCodes.expiresAt, now)));
    await tx
      .insert(otpCodes)
      .values(row)
      .onConflictDoUpdate({
        target: [otpCodes.storeId, otpCodes.phone],
        set: {
          codeHash: row.codeHash,
          salt,
          triesLeft: row.triesLeft,
          createdAt: now,
          expiresAt: row.expiresAt,
        },
      });
    const channel = (await phoneChannelFor(tx, storeId, phone)) ?? 'sms';
    await queueMessage(tx, storeId, { template: 'otp', channel, to: phone, variables: { code, shopName } });
  });
}

/** The outcome of {@link checkOtpCode}. */
export type OtpCheck =
  | { ok: true }
  /** A wrong code that may still be tried `triesLeft` more times (≥ 1). */
  | { ok: false; reason: 'wrong'; triesLeft: number }
  /** No live code: none was sent, it expired, it was used, or the last try was wrong. */
  | { ok: false; reason: 'expired' };

/**
 * Checks `code` against the live code of `phone` in `storeId` at `now`, under a row lock so parallel tries
 * count one by one. A right code is deleted (it works once); a wrong one costs a try, and the fifth wrong try
 * deletes it. Pass the transaction the sign-in continues in, so a failure after the check keeps the code.
 */
export async function checkOtpCode(
  tx: Db,
  storeId: number,
  phone: string,
  code: string,
  now: Date,
): Promise<OtpCheck> {
  const where = and(eq(otpCodes.storeId, storeId), eq(otpCodes.phone, phone));
  const [row] = await tx.select().from(otpCodes).where(where).for('update');
  if (!row || row.expiresAt <= now || row.triesLeft <= 0) {
    if (row) await tx.delete(otpCodes).where(and(where, eq(otpCodes.id, row.id)));
    return { ok: false, reason: 'expired' };
  }
  const expected = Buffer.from(row.codeHash, 'hex');
  const given = Buffer.from(hashOtpCode(code, row.salt), 'hex');
  if (expected.length === given.length && timingSafeEqual(expected, given)) {
    await tx.delete(otpCodes).where(and(where, eq(otpCodes.id, row.id)));
    return { ok: true };
  }
  const triesLeft = row.triesLeft - 1;
  if (triesLeft <= 0) {
    await tx.delete(otpCodes).where(and(where, eq(otpCodes.id, row.id)));
    return { ok: false, reason: 'expired' };
  }
  await tx
    .update(otpCodes)
    .set({ triesLeft })
    .where(and(where, eq(otpCodes.id, row.id)));
  return { ok: false, reason: 'wrong', triesLeft };
}
