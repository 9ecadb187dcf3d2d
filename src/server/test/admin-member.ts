/**
 * Signed-in members of a store (owner or staff), made straight in the database like ./session-customer.ts:
 * a customer account with a live session, plus its `store_members` row.
 */
import type { MemberRoleName } from '@shared/admin/admin-schemas';
import type { Db } from '../db/database';
import { storeMembers } from '../db/schema/admin-tables';
import { insertSignedInCustomers, type SessionCustomer } from './session-customer';

/** A member with the `authorization` header of a live session, and their membership id. */
export type SessionMember = SessionCustomer & { memberId: number };

/** Inserts a signed-in member of `storeId` with `role`. */
export async function insertSignedInMember(
  db: Db,
  storeId: number,
  role: MemberRoleName,
): Promise<SessionMember> {
  const [customer] = await insertSignedInCustomers(db, 1, storeId);
  const [member] = await db
    .insert(storeMembers)
    .values({ storeId, userId: customer!.userId, role, acceptedAt: new Date() })
    .returning({ id: storeMembers.id });
  return { ...customer!, memberId: member!.id };
}
