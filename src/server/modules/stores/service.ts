/**
 * Stores (tenancy): which store a request belongs to, and its store information (spec §3 "Store info").
 * DESIGN.md "Stores": with no configuration one default store answers every host.
 */
import { asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { StoreInfo } from '@shared/catalog/store-info-schema';
import type { Db } from '../../db/database';
import { categories, storeHosts, stores } from '../../db/schema';

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

/** Loads the host → store map (small; kept in memory and reloaded on catalogue changes). */
export async function loadStoreDirectory(db: Db): Promise<StoreDirectory> {
  const defaultStoreId = await ensureDefaultStore(db);
  const rows = await db.select().from(storeHosts);
  return { defaultStoreId, byHost: new Map(rows.map((row) => [row.host, row.storeId])) };
}

/** The store that answers `host` (already normalised): its own store, else the default store. */
export function resolveStoreId(directory: StoreDirectory, host: string): number {
  return directory.byHost.get(host) ?? directory.defaultStoreId;
}

/**
 * Store information for `GET /storeInfo`: text fields (null when unset), categories in the owner's order
 * (those with a position), category images and policy overrides.
 */
export async function getStoreInfo(db: Db, storeId: number): Promise<StoreInfo> {
  const [store] = await db.select().from(stores).where(eq(stores.id, storeId)).limit(1);
  const categoryRows = await db
    .select({ name: categories.name, imageUrl: categories.imageUrl, position: categories.position })
    .from(categories)
    .where(sql`${categories.storeId} = ${storeId} and ${isNotNull(categories.position)}`)
    .orderBy(asc(categories.position));
  const imageRows = await db
    .select({ name: categories.name, imageUrl: categories.imageUrl })
    .from(categories)
    .where(sql`${categories.storeId} = ${storeId} and ${isNotNull(categories.imageUrl)}`)
    .orderBy(asc(categories.id));
  return {
    storeName: store?.storeName ?? null,
    companyName: store?.companyName ?? null,
    companyAddress: store?.companyAddress ?? null,
    companyEmail: store?.companyEmail ?? null,
    companyPhone: store?.companyPhone ?? null,
    companyLogoUrl: store?.companyLogoUrl ?? null,
    description: store?.description ?? null,
    categories: categoryRows.map((row) => row.name),
    categoryImages: Object.fromEntries(imageRows.map((row) => [row.name, row.imageUrl as string])),
    policies: store?.policies ?? {},
  };
}
