/**
 * Who runs a store (docs/admin.md "Roles"): the owner (everything) and staff (orders, products, stock; not
 * settings, not staff), as `store_members` rows over the store's own user accounts. Accounts are per store,
 * so a member of store A is nobody in store B. Plain functions taking `db`; every query is scoped to the
 * store; every change is written to the audit log in its transaction.
 */
import { randomBytes } from 'node:crypto';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Member, MemberRoleName } from '@shared/admin/admin-schemas';
import type { Db } from '../../db/database';
import { storeMembers } from '../../db/schema/admin-tables';
import { sessions, users } from '../../db/schema/user-tables';
import { ConflictError, NotFoundError } from '../../errors';
import { enqueueMail } from '../mail/outbox';
import { mailStoreOf } from '../mail/shop-sender';
import { hashPassword } from '../accounts/service';
import { membershipOf } from '../auth/active-membership';
import { recordAudit, type AuditActor } from '../audit/audit-log';
import { invitationMessage } from './invitation-mail';
import { issueMemberLink, memberEmail, memberLink, MEMBER_LINK_LIFETIME_MS } from './member-links';

/** The 404 of a member id that is not one of this store's. */
export const MEMBER_NOT_FOUND = 'Member not found';

/**
 * The account of `email` in `storeId`, made when there is none: a user with names to be filled in later and
 * a random password nobody knows (the member sets theirs through their link).
 */
async function accountFor(tx: Db, storeId: number, email: string, role: MemberRoleName): Promise<number> {
  const [existing] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.storeId, storeId), eq(users.email, email)))
    .limit(1);
  if (existing) return existing.id;
  const [made] = await tx
    .insert(users)
    .values({
      storeId,
      email,
      firstName: 'Shop',
      lastName: role === 'owner' ? 'Owner' : 'Staff',
      passwordHash: await hashPassword(randomBytes(32).toString('base64url')),
    })
    .returning({ id: users.id });
  return made!.id;
}

/**
 * Makes `email` (trimmed, lower-case) an owner of `storeId` — a new account, or a customer's or staff
 * member's account promoted, or a revoked member restored — and issues a set-up link valid 1 hour.
 * @returns the token of the link (print it once; only its hash is stored).
 */
export async function createOwner(
  db: Db,
  storeId: number,
  email: string,
  actor: AuditActor,
  now: Date = new Date(),
): Promise<{ token: string; userId: number }> {
  return db.transaction(async (tx) => {
    const userId = await accountFor(tx, storeId, email, 'owner');
    const [before] = await tx
      .select({ role: storeMembers.role, revokedAt: storeMembers.revokedAt })
      .from(storeMembers)
      .where(and(eq(storeMembers.storeId, storeId), eq(storeMembers.userId, userId)));
    const [member] = await tx
      .insert(storeMembers)
      .values({ storeId, userId, role: 'owner', createdAt: now })
      .onConflictDoUpdate({
        target: [storeMembers.storeId, storeMembers.userId],
        set: { role: 'owner', revokedAt: null },
      })
      .returning({ id: storeMembers.id });
    await recordAudit(tx, {
      storeId,
      actor,
      entity: 'member',
      entityId: String(member!.id),
      action: 'create-owner',
      before: before ? { role: before.role, revoked: before.revokedAt !== null } : null,
      after: { email, role: 'owner', revoked: false },
    });
    const token = await issueMemberLink(tx, storeId, userId, 'set-up', now);
    return { token, userId };
  });
}

export type StaffInvitation = {
  storeId: number;
  email: string;
  actor: AuditActor;
  /** The origin of the link (see ../accounts/reset-link-origin.ts). */
  origin: string;
  /** `MAIL_FROM`: the sender when the store has no company e-mail. */
  mailFrom?: string | undefined;
  now?: Date;
};

/**
 * Invites `email` as staff of the store, in one transaction: the account (made when there is none), an open
 * membership (a revoked one is restored as staff) and the invitation e-mail with a link valid 1 hour,
 * written to the outbox.
 * @throws {ConflictError} (409, `fields.email`) when the address is already an active member.
 */
export async function inviteStaff(db: Db, invitation: StaffInvitation): Promise<Member> {
  const now = invitation.now ?? new Date();
  const { storeId, email } = invitation;
  return db.transaction(async (tx) => {
    const userId = await accountFor(tx, storeId, email, 'staff');
    if (await membershipOf(tx, storeId, userId)) {
      throw new ConflictError(`${email} is already a member of this shop`, { email: 'is already a member' });
    }
    const [member] = await tx
      .insert(storeMembers)
      .values({ storeId, userId, role: 'staff', invitedBy: invitation.actor.accountId, createdAt: now })
      .onConflictDoUpdate({
        target: [storeMembers.storeId, storeMembers.userId],
        set: { role: 'staff', revokedAt: null, acceptedAt: null, invitedBy: invitation.actor.accountId },
      })
      .returning();
    await recordAudit(tx, {
      storeId,
      actor: invitation.actor,
      entity: 'member',
      entityId: String(member!.id),
      action: 'invite',
      before: null,
      after: { email, role: 'staff' },
    });
    const token = await issueMemberLink(tx, storeId, userId, 'invite', now);
    const store = await mailStoreOf(tx, storeId);
    await enqueueMail(
      tx,
      storeId,
      invitationMessage(
        {
          to: email,
          invitedBy: invitation.actor.label,
          link: memberLink(invitation.origin, token),
          validMinutes: MEMBER_LINK_LIFETIME_MS / 60_000,
          store: store!,
        },
        invitation.mailFrom,
      ),
    );
    return toMember({ ...member!, email });
  });
}

function toMember(row: {
  id: number;
  email: string;
  role: MemberRoleName;
  createdAt: Date;
  acceptedAt: Date | null;
  revokedAt: Date | null;
}): Member {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    status: row.revokedAt ? 'revoked' : row.acceptedAt ? 'active' : 'invited',
    createdAt: row.createdAt.toISOString(),
  };
}

/** Every member of `storeId`, owners first, then by when they were added. */
export async function listMembers(db: Db, storeId: number): Promise<Member[]> {
  const rows = await db
    .select({
      id: storeMembers.id,
      email: memberEmail,
      role: storeMembers.role,
      createdAt: storeMembers.createdAt,
      acceptedAt: storeMembers.acceptedAt,
      revokedAt: storeMembers.revokedAt,
    })
    .from(storeMembers)
    .innerJoin(users, eq(users.id, storeMembers.userId))
    .where(eq(storeMembers.storeId, storeId))
    .orderBy(asc(storeMembers.role), asc(storeMembers.createdAt), asc(storeMembers.id));
  return rows.map(toMember);
}

/**
 * Revokes staff member `memberId` of `storeId` in one transaction: the membership is closed, every session
 * of the account ends, and the audit log records it.
 * @throws {NotFoundError} (404) for a member id that is not this store's.
 * @throws {ConflictError} (409) for an owner (owners are not revoked from the panel) or a revoked member.
 */
export async function revokeMember(
  db: Db,
  storeId: number,
  memberId: number,
  actor: AuditActor,
  now: Date = new Date(),
): Promise<Member> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        id: storeMembers.id,
        userId: storeMembers.userId,
        email: memberEmail,
        role: storeMembers.role,
        createdAt: storeMembers.createdAt,
        acceptedAt: storeMembers.acceptedAt,
        revokedAt: storeMembers.revokedAt,
      })
      .from(storeMembers)
      .innerJoin(users, eq(users.id, storeMembers.userId))
      .where(and(eq(storeMembers.storeId, storeId), eq(storeMembers.id, memberId)))
      .for('update', { of: storeMembers });
    if (!row) throw new NotFoundError(MEMBER_NOT_FOUND);
    if (row.role === 'owner') throw new ConflictError('An owner cannot be revoked');
    if (row.revokedAt) throw new ConflictError(`${row.email} was already revoked`);
    await tx
      .update(storeMembers)
      .set({ revokedAt: now })
      .where(and(eq(storeMembers.storeId, storeId), eq(storeMembers.id, memberId)));
    await tx
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.storeId, storeId), eq(sessions.userId, row.userId), isNull(sessions.revokedAt)));
    await recordAudit(tx, {
      storeId,
      actor,
      entity: 'member',
      entityId: String(memberId),
      action: 'revoke',
      before: { email: row.email, role: row.role, revoked: false },
      after: { email: row.email, role: row.role, revoked: true },
    });
    return toMember({ ...row, revokedAt: now });
  });
}
