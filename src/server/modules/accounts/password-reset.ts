/**
 * Forgotten passwords: a reset request mails a single-use link, valid 30 minutes, and the link sets a new
 * password and ends every session of the account (OWASP Forgot Password Cheat Sheet). Plain functions taking
 * `db`; every query is scoped to `storeId`, so a link of one store does nothing in another.
 *
 * A token is 32 random bytes as unpadded base64url (43 characters), of which only the SHA-256 (hex) is stored
 * (`password_reset_tokens`), as for sessions. A newer request for the same account deletes the older unused
 * tokens; a reset marks its token used and deletes the account's other unused tokens.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { passwordResetMessages, RESET_TOKEN_PATTERN } from '@shared/accounts/account-schemas';
import type { Db } from '../../db/database';
import { deleteInBatches } from '../../db/delete-in-batches';
import { stores } from '../../db/schema/store-tables';
import { passwordResetTokens, sessions, users } from '../../db/schema/user-tables';
import { BadRequestError } from '../../errors';
import { enqueueMail } from '../mail/outbox';
import { passwordResetMessage, resetLink } from './password-reset-mail';
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from './password-policy';
import { hashPassword } from './service';

/** How long a reset link works after the request, in milliseconds (30 minutes). */
export const RESET_TOKEN_LIFETIME_MS = 30 * 60 * 1000;

/** A new reset token: 32 random bytes as unpadded base64url (43 characters). */
export function generateResetToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The stored form of a reset token: its SHA-256 as 64 lower-case hex characters. */
export function hashResetToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export type PasswordResetRequest = {
  storeId: number;
  /** Trimmed and lower-cased (`forgotPasswordBodySchema`). */
  email: string;
  /** The origin the link points to (./reset-link-origin.ts). */
  origin: string;
  /** `MAIL_FROM`: the sender when the store has no company e-mail. */
  mailFrom?: string | undefined;
  now?: Date;
};

/**
 * For an account of `storeId` with `email`, in one transaction: deletes its unused reset tokens, stores a new
 * one valid {@link RESET_TOKEN_LIFETIME_MS} and writes the reset e-mail with the link
 * `<origin>/reset-password?token=…` to the outbox. For an unknown e-mail it changes nothing.
 * @returns true when a mail was written (the caller wakes the outbox sender).
 */
export async function requestPasswordReset(db: Db, request: PasswordResetRequest): Promise<boolean> {
  const now = request.now ?? new Date();
  const { storeId } = request;
  const [account] = await db
    .select({
      userId: users.id,
      firstName: users.firstName,
      storeName: stores.storeName,
      companyName: stores.companyName,
      companyEmail: stores.companyEmail,
    })
    .from(users)
    .innerJoin(stores, eq(stores.id, users.storeId))
    .where(and(eq(users.storeId, storeId), eq(users.email, request.email)))
    .limit(1);
  if (!account) return false;

  const token = generateResetToken();
  await db.transaction(async (tx) => {
    await tx
      .delete(passwordResetTokens)
      .where(
        and(
          eq(passwordResetTokens.storeId, storeId),
          eq(passwordResetTokens.userId, account.userId),
          isNull(passwordResetTokens.usedAt),
        ),
      );
    await tx.insert(passwordResetTokens).values({
      storeId,
      userId: account.userId,
      tokenHash: hashResetToken(token),
      createdAt: now,
      expiresAt: new Date(now.getTime() + RESET_TOKEN_LIFETIME_MS),
    });
    const message = passwordResetMessage(
      {
        to: request.email,
        firstName: account.firstName,
        link: resetLink(request.origin, token),
        validMinutes: RESET_TOKEN_LIFETIME_MS / 60_000,
        store: account,
      },
      request.mailFrom,
    );
    await enqueueMail(tx, storeId, message);
  });
  return true;
}

const invalidLink = () => new BadRequestError(passwordResetMessages.invalidLink);

/**
 * Sets a new password with the reset `token` of `storeId`, in one transaction: the token is marked used, the
 * password hash replaced (argon2id, as at registration), every session of the account revoked and the
 * account's other unused reset tokens deleted. `password` is already 6–128 characters
 * (`resetPasswordBodySchema`, docs/product.md §5).
 * @throws {BadRequestError} (400) 'This reset link is invalid or has expired. Please request a new one.' for
 *   a token that is malformed, unknown, of another store, used or expired (also when a concurrent reset used
 *   it first).
 * @throws {BadRequestError} (400) with `fields.password` for a common password; the token stays usable.
 */
export async function resetPassword(
  db: Db,
  storeId: number,
  token: string,
  password: string,
  now: Date = new Date(),
): Promise<void> {
  if (!RESET_TOKEN_PATTERN.test(token)) throw invalidLink();
  const tokenHash = hashResetToken(token);
  const live = and(
    eq(passwordResetTokens.storeId, storeId),
    eq(passwordResetTokens.tokenHash, tokenHash),
    isNull(passwordResetTokens.usedAt),
    gt(passwordResetTokens.expiresAt, now),
  );
  const [found] = await db
    .select({ id: passwordResetTokens.id })
    .from(passwordResetTokens)
    .where(live)
    .limit(1);
  if (!found) throw invalidLink();
  if (isCommonPassword(password)) {
    throw new BadRequestError(COMMON_PASSWORD_MESSAGE, { password: COMMON_PASSWORD_MESSAGE });
  }
  // Hashed before the transaction, which then stays short (on the embedded database it holds the connection).
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    // The claim: of two concurrent resets with one token, exactly one finds it unused.
    const [claimed] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(live)
      .returning({ userId: passwordResetTokens.userId });
    if (!claimed) throw invalidLink();
    const { userId } = claimed;
    await tx
      .update(users)
      .set({ passwordHash })
      .where(and(eq(users.storeId, storeId), eq(users.id, userId)));
    await tx
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.storeId, storeId), eq(sessions.userId, userId), isNull(sessions.revokedAt)));
    await tx
      .delete(passwordResetTokens)
      .where(
        and(
          eq(passwordResetTokens.storeId, storeId),
          eq(passwordResetTokens.userId, userId),
          isNull(passwordResetTokens.usedAt),
        ),
      );
  });
}

/**
 * Deletes, in every store, the password reset tokens used or expired before `now` (a link works once, for
 * {@link RESET_TOKEN_LIFETIME_MS}), `batchSize` rows per statement; the hourly sweeper
 * (../maintenance/sweeper.ts) runs it.
 * @returns how many tokens were removed.
 */
export function sweepPasswordResetTokens(db: Db, now: Date, batchSize: number): Promise<number> {
  return deleteInBatches(batchSize, () =>
    db.execute(sql`
      DELETE FROM ${passwordResetTokens} WHERE id IN (
        SELECT id FROM ${passwordResetTokens}
        WHERE expires_at < ${now.toISOString()} OR used_at < ${now.toISOString()}
        LIMIT ${batchSize}
      )
      RETURNING 1`),
  );
}
