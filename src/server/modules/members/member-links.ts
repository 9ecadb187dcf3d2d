/**
 * One-time links that set a member's password (docs/admin.md "First owner", "Staff"): the owner's set-up link
 * printed by `npm run admin -- create-owner` and a staff member's invitation mailed by the owner. A token is
 * 32 random bytes as unpadded base64url (43 characters), of which only the SHA-256 (hex) is stored, as for
 * sessions and password reset links; it works once, for 1 hour, and only through its own store.
 */
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { memberLinkMessages } from '@shared/admin/admin-schemas';
import { RESET_TOKEN_PATTERN } from '@shared/accounts/account-schemas';
import type { Db } from '../../db/database';
import { memberLinks, storeMembers } from '../../db/schema/admin-tables';
import { sessions, users } from '../../db/schema/user-tables';
import { BadRequestError } from '../../errors';
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from '../accounts/password-policy';
import { generateResetToken, hashResetToken } from '../accounts/password-reset';
import { hashPassword } from '../accounts/service';

/**
 * A member's e-mail, read as text: owners and staff are always found or made by e-mail (memberships.ts), and an
 * account's e-mail is never removed once given, so it is not null for a member. (Only an account made by
 * signing in with a phone code has none, and an invitation by e-mail never finds such an account.)
 */
export const memberEmail = sql<string>`${users.email}`;

/** How long a set-up or invitation link works, in milliseconds (1 hour). */
export const MEMBER_LINK_LIFETIME_MS = 60 * 60 * 1000;

/** The path of the admin's set-up screen; the link adds `?token=…`. */
export const SET_UP_PATH = '/admin/set-up';

/** The link for `token` on `origin` (`http://localhost:3000` → `http://localhost:3000/admin/set-up?token=…`). */
export function memberLink(origin: string, token: string): string {
  return `${origin}${SET_UP_PATH}?token=${encodeURIComponent(token)}`;
}

/**
 * With `tx`: deletes the unused links of `userId` in `storeId` and stores a new one of `purpose`, valid
 * {@link MEMBER_LINK_LIFETIME_MS} from `now`.
 * @returns the token (only its hash is stored): put it in the link, never in a log.
 */
export async function issueMemberLink(
  tx: Db,
  storeId: number,
  userId: number,
  purpose: 'set-up' | 'invite',
  now: Date = new Date(),
): Promise<string> {
  await tx
    .delete(memberLinks)
    .where(and(eq(memberLinks.storeId, storeId), eq(memberLinks.userId, userId), isNull(memberLinks.usedAt)));
  const token = generateResetToken();
  await tx.insert(memberLinks).values({
    storeId,
    userId,
    purpose,
    tokenHash: hashResetToken(token),
    createdAt: now,
    expiresAt: new Date(now.getTime() + MEMBER_LINK_LIFETIME_MS),
  });
  return token;
}

const invalidLink = () => new BadRequestError(memberLinkMessages.invalidLink);

/**
 * Sets a member's password with the set-up or invitation `token` of `storeId`, in one transaction: the link
 * is marked used, the password hash replaced (argon2id), the membership accepted and every session of the
 * account revoked. A revoked member's link does nothing.
 * @returns the member's e-mail (to sign in with).
 * @throws {BadRequestError} (400) {@link memberLinkMessages.invalidLink} for a token that is malformed,
 *   unknown, of another store, used, expired, or of a revoked member.
 * @throws {BadRequestError} (400) with `fields.password` for a common password; the link stays usable.
 */
export async function useMemberLink(
  db: Db,
  storeId: number,
  token: string,
  password: string,
  now: Date = new Date(),
): Promise<{ email: string }> {
  if (!RESET_TOKEN_PATTERN.test(token)) throw invalidLink();
  const live = and(
    eq(memberLinks.storeId, storeId),
    eq(memberLinks.tokenHash, hashResetToken(token)),
    isNull(memberLinks.usedAt),
    gt(memberLinks.expiresAt, now),
  );
  const [found] = await db
    .select({ linkId: memberLinks.id, userId: memberLinks.userId, email: memberEmail })
    .from(memberLinks)
    .innerJoin(users, and(eq(users.id, memberLinks.userId), eq(users.storeId, memberLinks.storeId)))
    .innerJoin(
      storeMembers,
      and(
        eq(storeMembers.storeId, memberLinks.storeId),
        eq(storeMembers.userId, memberLinks.userId),
        isNull(storeMembers.revokedAt),
      ),
    )
    .where(live)
    .limit(1);
  if (!found) throw invalidLink();
  if (isCommonPassword(password)) {
    throw new BadRequestError(COMMON_PASSWORD_MESSAGE, { password: COMMON_PASSWORD_MESSAGE });
  }
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const used = await tx
      .update(memberLinks)
      .set({ usedAt: now })
      .where(and(live, eq(memberLinks.id, found.linkId)))
      .returning({ id: memberLinks.id });
    if (used.length === 0) throw invalidLink();
    await tx
      .update(users)
      .set({ passwordHash })
      .where(and(eq(users.storeId, storeId), eq(users.id, found.userId)));
    await tx
      .update(storeMembers)
      .set({ acceptedAt: now })
      .where(
        and(
          eq(storeMembers.storeId, storeId),
          eq(storeMembers.userId, found.userId),
          isNull(storeMembers.acceptedAt),
        ),
      );
    await tx
      .update(sessions)
      .set({ revokedAt: now })
      .where(
        and(eq(sessions.storeId, storeId), eq(sessions.userId, found.userId), isNull(sessions.revokedAt)),
      );
  });
  return { email: found.email };
}
