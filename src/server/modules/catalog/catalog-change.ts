/**
 * Announcing a catalogue change made outside the catalogue import (admin image changes, the store logo), the
 * way the import does: the store's `catalog_version` is bumped and, on commit, a NOTIFY tells every server
 * sharing a PostgreSQL database to drop its cached answers (./response-cache.ts). The caller clears its own
 * server's cache after the commit (`app.catalogChanged()`), so the storefront sees the change at once here
 * and within 2 s elsewhere.
 */
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import { stores } from '../../db/schema/store-tables';
import { CATALOG_CHANGED_CHANNEL } from './import-service';

/** Bumps `storeId`'s catalogue version and queues the NOTIFY, inside the caller's transaction `tx`. */
export async function announceCatalogChange(tx: Db, storeId: number): Promise<void> {
  await tx
    .update(stores)
    .set({ catalogVersion: sql`${stores.catalogVersion} + 1` })
    .where(eq(stores.id, storeId));
  await tx.execute(sql`select pg_notify(${CATALOG_CHANGED_CHANNEL}, ${String(storeId)})`);
}

/**
 * Runs `change` in one transaction that also announces the catalogue change, then clears this server's
 * caches after the commit. @throws whatever `change` throws (nothing is then changed).
 */
export async function changeCatalog<T>(
  app: FastifyInstance,
  storeId: number,
  change: (tx: Db) => Promise<T>,
): Promise<T> {
  const result = await app.db.transaction(async (tx) => {
    const answer = await change(tx);
    await announceCatalogChange(tx, storeId);
    return answer;
  });
  await app.catalogChanged();
  return result;
}
