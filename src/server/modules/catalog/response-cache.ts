/**
 * In-process cache of ready catalogue responses (DESIGN.md "Catalogue reads are cached in process"):
 * store info, product pages and list pages are kept as serialised JSON and dropped on every catalogue write.
 * With several servers on one PostgreSQL, each listens for the import's NOTIFY and clears its cache.
 */
import type pg from 'pg';
import { CATALOG_CHANGED_CHANNEL } from './import-service';

/** A bounded map of cache key → JSON bytes, with single-flight loading (one query per key at a time). */
export class ResponseCache {
  private readonly entries = new Map<string, Buffer>();
  private readonly loading = new Map<string, Promise<Buffer>>();
  private generation = 0;

  constructor(private readonly maxEntries = 5000) {}

  /**
   * The cached JSON for `key`, or the result of `load()` serialised and cached. Kept as bytes so a hit is
   * written to the socket without re-encoding.
   */
  async getOrLoad(key: string, load: () => Promise<unknown>): Promise<Buffer> {
    const hit = this.entries.get(key);
    if (hit !== undefined) return hit;
    const pending = this.loading.get(key);
    if (pending) return pending;
    const generation = this.generation;
    const promise = load()
      .then((value) => {
        const json = Buffer.from(JSON.stringify(value));
        // A write that happened while loading makes this result stale: do not keep it.
        if (generation === this.generation) this.remember(key, json);
        return json;
      })
      .finally(() => this.loading.delete(key));
    this.loading.set(key, promise);
    return promise;
  }

  private remember(key: string, json: Buffer): void {
    if (this.entries.size >= this.maxEntries) {
      // Drop the oldest entry (Map keeps insertion order).
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, json);
  }

  /** Forgets everything; called after any catalogue write. */
  clear(): void {
    this.generation += 1;
    this.entries.clear();
    this.loading.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}

/**
 * Listens for catalogue changes announced by other processes (the import CLI, other servers) on a
 * dedicated PostgreSQL connection and calls `onChange`. Returns a function that stops listening.
 */
export async function listenForCatalogChanges(
  pool: pg.Pool,
  onChange: () => void,
): Promise<() => Promise<void>> {
  const client = await pool.connect();
  client.on('notification', (message) => {
    if (message.channel === CATALOG_CHANGED_CHANNEL) onChange();
  });
  client.on('error', () => undefined);
  await client.query(`LISTEN ${CATALOG_CHANGED_CHANNEL}`);
  return async () => {
    try {
      await client.query(`UNLISTEN ${CATALOG_CHANGED_CHANNEL}`);
    } finally {
      client.release();
    }
  };
}
