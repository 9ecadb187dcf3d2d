/**
 * Who is signed in (docs/product.md §6): a session token is 32 random bytes (base64url) of which only the
 * SHA-256 is stored; a token opens its session only in its own store, while the session is neither revoked nor
 * expired. The lookups of the authenticate hook (./authenticate.ts); sign-in and sign-out are in
 * ../accounts/service.ts.
 */
import { createHash } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { SESSION_TOKEN_PATTERN } from '@shared/accounts/account-schemas';
import type { Db } from '../../db/database';
import { sessions, users } from '../../db/schema/user-tables';

/** The stored form of a session token: its SHA-256 as 64 lower-case hex characters. */
export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** The signed-in account behind a valid token, as the authenticate hook hands it to routes. */
export type SessionAccount = {
  /** The account's id (`users.id`). */
  accountId: number;
  sessionId: number;
  storeId: number;
  /** Null for an account made by signing in with a phone code that has not given an e-mail yet. */
  email: string | null;
  /** The E.164 mobile the account signs in with by code, or null. */
  phone: string | null;
  firstName: string;
  lastName: string;
  createdAt: Date;
};

/**
 * The account of an unrevoked, unexpired session of `storeId` whose token hashes to the stored hash; null
 * otherwise (including a token of another store and a token that is not 43 base64url characters).
 */
export async function findSessionAccount(
  db: Db,
  storeId: number,
  token: string,
  now: Date = new Date(),
): Promise<SessionAccount | null> {
  if (!SESSION_TOKEN_PATTERN.test(token)) return null;
  const [row] = await db
    .select({
      accountId: users.id,
      sessionId: sessions.id,
      storeId: sessions.storeId,
      email: users.email,
      phone: users.phone,
      firstName: users.firstName,
      lastName: users.lastName,
      createdAt: users.createdAt,
    })
    .from(sessions)
    .innerJoin(users, and(eq(users.id, sessions.userId), eq(users.storeId, sessions.storeId)))
    .where(
      and(
        eq(sessions.storeId, storeId),
        eq(sessions.tokenHash, hashSessionToken(token)),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
      ),
    )
    .limit(1);
  return row ?? null;
}
