/**
 * The demo shop's owner account (README "Admin"), made at start-up only with `DEMO_DATA=on`, so the admin
 * panel can be tried at once. Never for a real shop: its password is published.
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { storeMembers } from '../../db/schema/admin-tables';
import { users } from '../../db/schema/user-tables';
import { ensureDefaultStore } from '../stores/service';
import { hashPassword } from '../accounts/service';

/** The demo owner's sign-in (published in README). */
export const DEMO_OWNER = { email: 'owner@demo.resham.in', password: 'demo-owner-2719' } as const;

/**
 * Makes {@link DEMO_OWNER} the owner of the default store when that account does not exist yet.
 * @returns true when it was made now.
 */
export async function ensureDemoOwner(db: Db): Promise<boolean> {
  const storeId = await ensureDefaultStore(db);
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.storeId, storeId), eq(users.email, DEMO_OWNER.email)))
    .limit(1);
  if (existing) return false;
  const passwordHash = await hashPassword(DEMO_OWNER.password);
  await db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({ storeId, email: DEMO_OWNER.email, firstName: 'Demo', lastName: 'Owner', passwordHash })
      .returning({ id: users.id });
    await tx
      .insert(storeMembers)
      .values({ storeId, userId: user!.id, role: 'owner', acceptedAt: new Date() });
  });
  return true;
}
