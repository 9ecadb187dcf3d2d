/**
 * Stores (tenancy): which store a request belongs to, from `X-Store-Host`, else `Host`
 * (docs/decisions/003-store-from-host.md). With no configuration one default store answers every host.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { storeHosts, stores } from '../../db/schema/store-tables';

/** Host → store id, plus the default store for every other host. */
export type StoreDirectory = { defaultStoreId: number; byHost: Map<string, number> };

/**
 * Normalises a Host / X-Store-Host value: lower-case, without port or trailing dot.
 * `normalizeHost('Shop.Example.com:3000')` → `shop.example.com`; `[::1]:3000` → `[::1]`.
 */
export function normalizeHost(raw: string | undefined): string {
  if (!raw) return '';
  let host = raw.trim().toLowerCase();
  if (host.startsWith('[')) {
    const end = host.indexOf(']');
    host = end === -1 ? host : host.slice(0, end + 1);
  } else {
    host = host.split(':')[0] ?? '';
  }
  return host.replace(/\.$/, '');
}

/** Returns the default store's id, creating an empty default store when the database has none. */
export async function ensureDefaultStore(db: Db): Promise<number> {
  const [existing] = await db
    .select({ id: stores.id })
    .from(stores)
    .where(eq(stores.isDefault, true))
    .limit(1);
  if (existing) return existing.id;
  const [created] = await db
    .insert(stores)
    .values({ isDefault: true })
    .onConflictDoNothing()
    .returning({ id: stores.id });
  if (created) return created.id;
  // Another process created it between our select and insert.
  const [again] = await db.select({ id: stores.id }).from(stores).where(eq(stores.isDefault, true)).limit(1);
  if (!again) throw new Error('default store could not be created');
  return again.id;
}

/**
 * Loads the host → store map (small; kept in memory and reloaded on catalogue changes). At start (no
 * `knownDefaultStoreId`) an empty default store is created when there is none; a reload never creates one —
 * it keeps the default it knew when none is found, so a late catalogue notice cannot add a store.
 */
export async function loadStoreDirectory(db: Db, knownDefaultStoreId?: number): Promise<StoreDirectory> {
  const defaultStoreId =
    knownDefaultStoreId === undefined
      ? await ensureDefaultStore(db)
      : ((await db.select({ id: stores.id }).from(stores).where(eq(stores.isDefault, true)).limit(1))[0]
          ?.id ?? knownDefaultStoreId);
  const rows = await db.select().from(storeHosts);
  return { defaultStoreId, byHost: new Map(rows.map((row) => [row.host, row.storeId])) };
}

/** The store that answers `host` (already normalised): its own store, else the default store. */
export function resolveStoreId(directory: StoreDirectory, host: string): number {
  return directory.byHost.get(host) ?? directory.defaultStoreId;
}
