/**
 * Signing in with a code sent to a phone (docs/messages.md "Sign in with an OTP"): a right code signs into the
 * account of that number, or makes one (no e-mail, no password, empty names: the storefront asks 'What should we
 * call you?' next); the name step then fills the names and, for an account without one, the e-mail. Plain
 * functions taking `db`; every query is scoped to the store and the account.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { AccountNameBody } from '@shared/accounts/otp-schemas';
import { otpMessages, wrongCodeMessage } from '@shared/accounts/otp-schemas';
import type { AccountInfo } from '@shared/accounts/account-schemas';
import type { Db } from '../../db/database';
import { users } from '../../db/schema/user-tables';
import { BadRequestError, ConflictError, NotFoundError, UnauthorizedError } from '../../errors';
import { checkOtpCode } from './otp-codes';
import { EMAIL_TAKEN_MESSAGE, openSession, toAccountInfo } from './service';

/** The 400 of a name step that tries to change an e-mail the account already has. */
export const EMAIL_FIXED_MESSAGE = 'Your e-mail address cannot be changed here.';

/** The account of `phone` (E.164) in `storeId`, made when there is none; returns its id and whether it has a name. */
async function accountOfPhone(
  tx: Db,
  storeId: number,
  phone: string,
): Promise<{ id: number; firstName: string }> {
  const find = () =>
    tx
      .select({ id: users.id, firstName: users.firstName })
      .from(users)
      .where(and(eq(users.storeId, storeId), eq(users.phone, phone)))
      .limit(1);
  const [existing] = await find();
  if (existing) return existing;
  const [made] = await tx
    .insert(users)
    .values({ storeId, phone, email: null, passwordHash: null, firstName: '', lastName: '' })
    // Two right codes for a new number at once cannot happen (a code works once), but the index decides anyway.
    .onConflictDoNothing({ target: [users.storeId, users.phone] })
    .returning({ id: users.id, firstName: users.firstName });
  if (made) return made;
  const [raced] = await find();
  return raced!;
}

/**
 * Checks `code` for `phone` (E.164) in `storeId` at `now` and, when right, opens a 30-day session for the
 * number's account, made on the spot for a new number.
 * @returns the session token, and `needsName` true when the account has no name yet.
 * @throws {UnauthorizedError} (401) 'That code is not right. 4 tries left.' for a wrong code that may be tried
 *   again, and 'This code has expired. Please request a new one.' when no live code is left (none sent,
 *   expired, used, or the fifth wrong try).
 */
export async function signInWithCode(
  db: Db,
  storeId: number,
  phone: string,
  code: string,
  now: Date,
): Promise<{ token: string; needsName: boolean }> {
  // The try is counted and the account made in one transaction; the refusal is thrown after it commits.
  const outcome = await db.transaction(async (tx) => {
    const check = await checkOtpCode(tx, storeId, phone, code, now);
    if (!check.ok) return check;
    return { ok: true as const, account: await accountOfPhone(tx, storeId, phone) };
  });
  if (!outcome.ok) {
    throw new UnauthorizedError(
      outcome.reason === 'wrong' ? wrongCodeMessage(outcome.triesLeft) : otpMessages.expired,
    );
  }
  const session = await openSession(db, storeId, outcome.account.id, now);
  return { token: session.token, needsName: outcome.account.firstName === '' };
}

/**
 * The name step (`PATCH /accountInfo`): sets the names of account `userId` of `storeId` and, when the account
 * has no e-mail yet, `email` (the same e-mail again changes nothing).
 * @throws {BadRequestError} (400, `fields.email`) for a different e-mail on an account that has one.
 * @throws {ConflictError} (409, `fields.email`) when the e-mail belongs to another account of the store.
 * @throws {NotFoundError} (404) when the account is gone.
 */
export async function updateAccountName(
  db: Db,
  storeId: number,
  userId: number,
  body: AccountNameBody,
): Promise<AccountInfo> {
  const account = and(eq(users.storeId, storeId), eq(users.id, userId));
  const [current] = await db.select({ email: users.email }).from(users).where(account);
  if (!current) throw new NotFoundError('Account not found');
  const names = { firstName: body.firstName, lastName: body.lastName };
  if (body.email !== undefined && current.email !== null && body.email !== current.email) {
    throw new BadRequestError(EMAIL_FIXED_MESSAGE, { email: EMAIL_FIXED_MESSAGE });
  }
  const giveEmail = body.email !== undefined && current.email === null;
  if (giveEmail) {
    const [taken] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.storeId, storeId), eq(users.email, body.email!)))
      .limit(1);
    if (taken) throw new ConflictError(EMAIL_TAKEN_MESSAGE, { email: EMAIL_TAKEN_MESSAGE });
  }
  try {
    const [updated] = await db
      .update(users)
      .set(giveEmail ? { ...names, email: body.email! } : names)
      .where(giveEmail ? and(account, isNull(users.email)) : account)
      .returning();
    if (!updated) throw new NotFoundError('Account not found');
    return toAccountInfo(updated);
  } catch (error) {
    // A concurrent sign-up took the e-mail between the check and the write: the unique index decides.
    if (giveEmail && isUniqueViolation(error)) {
      throw new ConflictError(EMAIL_TAKEN_MESSAGE, { email: EMAIL_TAKEN_MESSAGE });
    }
    throw error;
  }
}

/** True for PostgreSQL's unique_violation (SQLSTATE 23505), also when wrapped by the driver. */
const isUniqueViolation = (error: unknown) =>
  [error, (error as { cause?: unknown } | null)?.cause].some(
    (candidate) => (candidate as { code?: unknown } | null)?.code === '23505',
  );
