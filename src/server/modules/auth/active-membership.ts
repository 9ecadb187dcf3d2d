/**
 * Whether an account is a member of a store (docs/admin.md "Roles"): the lookup of the admin role hook
 * (./role-hook.ts). Memberships are made and revoked in ../members/memberships.ts.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { MemberRoleName } from '@shared/admin/admin-schemas';
import type { Db } from '../../db/database';
import { storeMembers } from '../../db/schema/admin-tables';

/** An active member: their membership id and role. */
export type Membership = { memberId: number; role: MemberRoleName };

/** The active (not revoked) membership of `userId` in `storeId`, or null. */
export async function membershipOf(db: Db, storeId: number, userId: number): Promise<Membership | null> {
  const [row] = await db
    .select({ memberId: storeMembers.id, role: storeMembers.role })
    .from(storeMembers)
    .where(
      and(eq(storeMembers.storeId, storeId), eq(storeMembers.userId, userId), isNull(storeMembers.revokedAt)),
    )
    .limit(1);
  return row ?? null;
}
