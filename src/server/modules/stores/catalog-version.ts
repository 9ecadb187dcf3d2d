/**
 * Announcing a change of a store's catalogue (an import, a product saved in the admin, images, the logo, the
 * settings): the store's `catalog_version` is bumped and, on commit, a NOTIFY on {@link CATALOG_CHANGED_CHANNEL}
 * tells every server sharing a PostgreSQL database to drop its cached answers (the LISTEN is in
 * ../catalog/response-cache.ts). The caller clears its own server's cache after the commit
 * (`app.catalogChanged()`), so the storefront sees the change at once here and within 2 s elsewhere.
 */
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import { stores } from '../../db/schema/store-tables';
import { noteQuoteChange } from './quote-change';

/** Channel on which a catalogue change is announced to other server processes (PostgreSQL). */
export const CATALOG_CHANGED_CHANNEL = 'resham_catalog_changed';

/**
 * Bumps `storeId`'s catalogue version and queues the NOTIFY, inside the caller's transaction `tx`. A catalogue
 * change may change what the checkout's quote keeps (settings, promotions, coupons of the catalogue file), so
 * it is noted for the quote cache too (./quote-change.ts); other servers drop theirs on the NOTIFY.
 */
export async function announceCatalogChange(tx: Db, storeId: number): Promise<void> {
  noteQuoteChange(storeId);
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
