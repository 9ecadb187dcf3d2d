/**
 * Accounts and their sessions (docs/product.md §3 "User", §4 "Session"; the table `users` holds accounts):
 * register, sign in, sign out. Plain functions taking `db`; every query is scoped to `storeId`. Passwords are
 * hashed with argon2id; a session token is 32 random bytes (base64url) of which only the SHA-256 is stored
 * (../auth/sessions.ts), valid for 30 days, sent only as `Authorization: Bearer`.
 */
import { randomBytes } from 'node:crypto';
import { argon2id, hash as argon2Hash, needsRehash, verify as argon2Verify } from 'argon2';
import { and, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { AccountInfo, RegisterBody } from '@shared/accounts/account-schemas';
import { SESSION_TOKEN_PATTERN } from '@shared/accounts/account-schemas';
import type { Db } from '../../db/database';
import { sessions, users } from '../../db/schema/user-tables';
import { BadRequestError, ConflictError } from '../../errors';
import { hashSessionToken } from '../auth/sessions';
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from './password-policy';

/** A session lasts 30 days from sign-in, in milliseconds. */
export const SESSION_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
/** The 409 answer for an e-mail that already has an account in this store. */
export const EMAIL_TAKEN_MESSAGE = 'An account with this email already exists.';
/** The one 401 answer for a wrong password and for an unknown e-mail alike (no account enumeration). */
export const INVALID_CREDENTIALS_MESSAGE = 'Invalid email or password';

/**
 * argon2id parameters: the OWASP Password Storage Cheat Sheet baseline (19 MiB memory, 2 iterations,
 * 1 lane). `memoryCost` is in KiB.
 */
const ARGON2_OPTIONS = { type: argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** Hashes a password with argon2id; returns the PHC string (`$argon2id$v=19$m=19456,p=1,t=2$…`). */
export function hashPassword(password: string): Promise<string> {
  return argon2Hash(password, ARGON2_OPTIONS);
}

/** True when `password` matches the PHC `hash`; false (never a throw) for a malformed hash. */
export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2Verify(hash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/** A hash of a random secret, verified against for unknown e-mails so both failures take the same time. */
function timingDummyHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  return dummyHash;
}

/** A new session token: 32 random bytes as unpadded base64url (43 characters). */
export function generateSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

/** An account as its row of the `users` table holds it. */
type AccountRow = typeof users.$inferSelect;

/** The public account shape (docs/product.md §3 "User"): never the id, password hash or any token. */
export function toAccountInfo(
  account: Pick<AccountRow, 'firstName' | 'lastName' | 'email' | 'phone' | 'createdAt' | 'whatsappOptInAt'>,
): AccountInfo {
  return {
    firstName: account.firstName,
    lastName: account.lastName,
    email: account.email,
    phone: account.phone,
    createdAt: account.createdAt.toISOString(),
    whatsappOptIn: account.whatsappOptInAt !== null,
  };
}

/**
 * Creates an account in `storeId`. The body is already normalised by `registerBodySchema` (names trimmed,
 * e-mail trimmed and lower-cased). Registration does not sign in (docs/product.md §4).
 * @throws {BadRequestError} (400) with `fields.password` for a common password.
 * @throws {ConflictError} (409) with `fields.email` when the e-mail already has an account in this store.
 */
export async function registerAccount(db: Db, storeId: number, body: RegisterBody): Promise<AccountInfo> {
  if (isCommonPassword(body.password)) {
    throw new BadRequestError(COMMON_PASSWORD_MESSAGE, { password: COMMON_PASSWORD_MESSAGE });
  }
  const taken = () => new ConflictError(EMAIL_TAKEN_MESSAGE, { email: EMAIL_TAKEN_MESSAGE });
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.storeId, storeId), eq(users.email, body.email)))
    .limit(1);
  if (existing) throw taken();
  const passwordHash = await hashPassword(body.password);
  const [created] = await db
    .insert(users)
    .values({ storeId, email: body.email, firstName: body.firstName, lastName: body.lastName, passwordHash })
    // A concurrent registration of the same e-mail: the unique index decides, the loser gets 409.
    .onConflictDoNothing({ target: [users.storeId, users.email] })
    .returning();
  if (!created) throw taken();
  return toAccountInfo(created);
}

/**
 * Checks an e-mail and password of `storeId` and, when they match, opens a 30-day session.
 * An unknown e-mail, and an account that has no password yet (made by signing in with a phone code), are
 * verified against a dummy hash, so they cost the same time as a wrong password.
 * @returns the new token (only its SHA-256 is stored), or null for a wrong password or unknown e-mail.
 */
export async function signIn(
  db: Db,
  storeId: number,
  email: string,
  password: string,
  now: Date = new Date(),
): Promise<{ token: string } | null> {
  const [account] = await db
    .select({ id: users.id, passwordHash: users.passwordHash })
    .from(users)
    .where(and(eq(users.storeId, storeId), eq(users.email, email)))
    .limit(1);
  if (!account?.passwordHash) {
    await verifyPassword(await timingDummyHash(), password);
    return null;
  }
  if (!(await verifyPassword(account.passwordHash, password))) return null;

  if (needsRehash(account.passwordHash, ARGON2_OPTIONS)) {
    const passwordHash = await hashPassword(password);
    await db
      .update(users)
      .set({ passwordHash })
      .where(and(eq(users.storeId, storeId), eq(users.id, account.id)));
  }
  return openSession(db, storeId, account.id, now);
}

/**
 * Opens a 30-day session for account `userId` of `storeId` (after a right password or a right phone code) and
 * deletes the account's finished sessions.
 * @returns the new token (only its SHA-256 is stored).
 */
export async function openSession(
  db: Db,
  storeId: number,
  userId: number,
  now: Date,
): Promise<{ token: string }> {
  const account = { id: userId };
  const token = generateSessionToken();
  await db.transaction(async (tx) => {
    // Housekeeping: the account's finished sessions are no longer needed.
    await tx
      .delete(sessions)
      .where(
        and(
          eq(sessions.storeId, storeId),
          eq(sessions.userId, account.id),
          or(lt(sessions.expiresAt, now), isNotNull(sessions.revokedAt)),
        ),
      );
    await tx.insert(sessions).values({
      storeId,
      userId: account.id,
      tokenHash: hashSessionToken(token),
      createdAt: now,
      expiresAt: new Date(now.getTime() + SESSION_LIFETIME_MS),
    });
  });
  return { token };
}

/**
 * Revokes the session of `storeId` that `token` opened (`POST /users/logout`). Revoking an unknown,
 * expired or already revoked token changes nothing.
 * @returns true when a live session was revoked.
 */
export async function revokeSession(
  db: Db,
  storeId: number,
  token: string,
  now: Date = new Date(),
): Promise<boolean> {
  if (!SESSION_TOKEN_PATTERN.test(token)) return false;
  const revoked = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(sessions.storeId, storeId),
        eq(sessions.tokenHash, hashSessionToken(token)),
        isNull(sessions.revokedAt),
      ),
    )
    .returning({ id: sessions.id });
  return revoked.length > 0;
}
