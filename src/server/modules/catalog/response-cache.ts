/**
 * In-process cache of ready catalogue responses ([decision 002](../../../../docs/decisions/002-in-process-catalogue-cache.md)):
 * store info, product pages and list pages are kept as serialised JSON and dropped on every catalogue write;
 * product pages, which show availability that sales change without a catalogue write, also have an age limit,
 * and are refreshed by a cheap availability check that reloads them only when availability changed.
 * With several servers on one PostgreSQL, each listens for the import's NOTIFY and clears its cache; while
 * that LISTEN connection is down the cache is bypassed (every answer read fresh) and the connection is
 * re-opened with backoff, so a server never serves prices it could not hear change.
 */
import type pg from 'pg';
import { CATALOG_CHANGED_CHANNEL } from '../stores/catalog-version';
import { noteQuoteChange, QUOTE_CHANGED_CHANNEL, quoteChangeStoreOf } from '../stores/quote-change';
import { KeptValues } from './kept-values';

/**
 * Products the kept search matches (../search/search-matches.ts) may hold in all: about 250 bytes each, so about 75 MB
 * at most — the matches of some 50 search texts in a catalogue of 50,000 products, or of every text searched
 * in a smaller one.
 */
const KEPT_PRODUCTS = 300_000;

/**
 * A cheap check that cached bytes still hold, for answers with parts that change without a catalogue write
 * (availability): `tagOf` sums those parts up from a loaded value; `currentTag` reads the same summary from
 * the database now. Equal tags mean the bytes are still right.
 */
export type Revalidation<T> = {
  tagOf: (value: T) => string;
  currentTag: () => Promise<string>;
};

/** How long a cached answer may live (see {@link ResponseCache.getOrLoad}). */
export type CacheOptions<T> = {
  /**
   * Bytes older than this many milliseconds — counted from the moment the load (or check) that vouched for
   * them started, so the data is at most this old — are never served. From half this age, a request still
   * gets the cached bytes but starts one refresh in the background, so a steadily read key is refreshed
   * without anyone waiting for it. Absent: kept until the next catalogue write.
   */
  maxAgeMs?: number;
  /** With `maxAgeMs`: refresh by checking the tag first, and load again only when it changed. */
  revalidate?: Revalidation<T>;
};

type Entry = { json: Buffer; vouchedAt: number; tag?: string | undefined };

const toJson = (value: unknown): Buffer => Buffer.from(JSON.stringify(value));
const asIs = (value: Buffer): Buffer => value;

/**
 * A bounded map of cache key → JSON bytes, with single-flight loading (one load or check per key at a time)
 * and an optional age limit per call. `now` is the clock in milliseconds (injected by tests).
 */
export class ResponseCache {
  private readonly entries = new Map<string, Entry>();
  private readonly loading = new Map<string, Promise<Buffer>>();
  private generation = 0;
  private bypassed = false;
  /** Objects kept beside the answers (kept-values.ts), forgotten and bypassed with them. */
  readonly kept: KeptValues;

  constructor(
    private readonly maxEntries = 5000,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.kept = new KeptValues(this, KEPT_PRODUCTS, now);
  }

  /** How many times everything was forgotten (catalogue writes, bypass and resume). */
  get writes(): number {
    return this.generation;
  }

  /**
   * The cached JSON for `key`, or the result of `load()` serialised and cached. Kept as bytes so a hit is
   * written to the socket without re-encoding. With `maxAgeMs`, bytes are served only while younger than
   * that, and refreshed from half that age (see {@link CacheOptions}). While {@link bypass}ed, every call
   * loads and nothing is kept.
   */
  async getOrLoad<T>(key: string, load: () => Promise<T>, options: CacheOptions<T> = {}): Promise<Buffer> {
    return this.getOrLoadAs(key, load, options, toJson);
  }

  /**
   * Like {@link getOrLoad}, for an answer that `load()` makes as bytes of its own (e.g. a page's compressed
   * HTML): the bytes are kept as they are, not as JSON.
   */
  async getOrLoadBytes(
    key: string,
    load: () => Promise<Buffer>,
    options: CacheOptions<Buffer> = {},
  ): Promise<Buffer> {
    return this.getOrLoadAs(key, load, options, asIs);
  }

  private async getOrLoadAs<T>(
    key: string,
    load: () => Promise<T>,
    options: CacheOptions<T>,
    encode: (value: T) => Buffer,
  ): Promise<Buffer> {
    if (this.bypassed) return encode(await load());
    const hit = this.entries.get(key);
    if (hit === undefined) return this.loading.get(key) ?? this.refresh(key, load, options, encode);
    const { maxAgeMs } = options;
    if (maxAgeMs === undefined) return hit.json;
    const age = this.now() - hit.vouchedAt;
    const pending = this.loading.get(key);
    if (age < maxAgeMs) {
      if (age >= maxAgeMs / 2 && !pending) {
        // Refresh ahead; a failed refresh leaves the entry to expire, and the next caller tries again.
        this.refresh(key, load, options, encode, hit).catch(() => undefined);
      }
      return hit.json;
    }
    return pending ?? this.refresh(key, load, options, encode, hit);
  }

  /**
   * Loads `key` (or, with a previous entry and `revalidate`, first checks whether its bytes still hold) and
   * keeps the result unless a catalogue write happened meanwhile. Registered as the key's one pending load.
   */
  private refresh<T>(
    key: string,
    load: () => Promise<T>,
    options: CacheOptions<T>,
    encode: (value: T) => Buffer,
    previous?: Entry,
  ): Promise<Buffer> {
    const generation = this.generation;
    const startedAt = this.now();
    const { revalidate } = options;
    const run = async (): Promise<Buffer> => {
      if (previous?.tag !== undefined && revalidate && (await revalidate.currentTag()) === previous.tag) {
        if (generation === this.generation) this.remember(key, { ...previous, vouchedAt: startedAt });
        return previous.json;
      }
      const value = await load();
      const json = encode(value);
      // A write that happened while loading makes this result stale: do not keep it.
      if (generation === this.generation) {
        this.remember(key, { json, vouchedAt: startedAt, tag: revalidate?.tagOf(value) });
      }
      return json;
    };
    const promise = run().finally(() => {
      if (this.loading.get(key) === promise) this.loading.delete(key);
    });
    this.loading.set(key, promise);
    return promise;
  }

  private remember(key: string, entry: Entry): void {
    if (!this.entries.has(key) && this.entries.size >= this.maxEntries) {
      // Drop the oldest entry (Map keeps insertion order).
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, entry);
  }

  /** Forgets everything; called after any catalogue write. */
  clear(): void {
    this.generation += 1;
    this.entries.clear();
    this.loading.clear();
  }

  /** Stops serving and keeping cached answers (changes can no longer be heard), and forgets everything. */
  bypass(): void {
    this.bypassed = true;
    this.clear();
  }

  /** Serves and keeps answers again, starting empty (changes made while bypassed were not heard). */
  resume(): void {
    this.clear();
    this.bypassed = false;
  }

  /** True while {@link bypass}ed. */
  get isBypassed(): boolean {
    return this.bypassed;
  }

  get size(): number {
    return this.entries.size;
  }
}

/** Where {@link listenForCatalogChanges} reports a lost and a re-opened LISTEN connection. */
export type CatalogListenerLog = {
  warn(details: object, message: string): void;
  info(message: string): void;
};

/** Waits before the n-th reconnection attempt (n ≥ 1): 100 ms doubling up to 5 s. */
export function reconnectDelayMs(attempt: number): number {
  return Math.min(100 * 2 ** (attempt - 1), 5000);
}

/**
 * Listens for catalogue changes announced by other processes (the import CLI, other servers) on a dedicated
 * PostgreSQL connection and calls `onChange` for each; on the same connection, notes the changes of the
 * checkout quote's coupons and settings (../stores/quote-change.ts) for the quote cache, which follows this
 * cache's bypass. When the connection dies (a database restart, an
 * administrator ending it) the cache is bypassed and the connection re-opened with backoff
 * ({@link reconnectDelayMs}); once listening again the cache resumes and `onChange` runs once, for the
 * changes that may have been missed. A first connection that fails starts the same way, bypassed.
 * @returns a function that stops listening and releases the connection.
 */
export async function listenForCatalogChanges(
  pool: pg.Pool,
  cache: ResponseCache,
  onChange: () => void,
  log?: CatalogListenerLog,
): Promise<() => Promise<void>> {
  let client: pg.PoolClient | undefined;
  let stopped = false;
  let attempts = 0;
  let timer: NodeJS.Timeout | undefined;

  const lost = (lostClient: pg.PoolClient, error?: Error) => {
    if (client !== lostClient) return;
    client = undefined;
    cache.bypass();
    lostClient.release(error ?? true);
    if (stopped) return;
    log?.warn({ err: error }, 'catalogue change listener lost its database connection; cache bypassed');
    retry();
  };

  const retry = () => {
    attempts += 1;
    timer = setTimeout(() => void connect(), reconnectDelayMs(attempts));
  };

  const connect = async (): Promise<void> => {
    let candidate: pg.PoolClient | undefined;
    try {
      candidate = await pool.connect();
      const opened = candidate;
      opened.on('notification', (message) => {
        if (message.channel === CATALOG_CHANGED_CHANNEL) onChange();
        else if (message.channel === QUOTE_CHANGED_CHANNEL)
          noteQuoteChange(quoteChangeStoreOf(message.payload));
      });
      opened.on('error', (error) => lost(opened, error));
      opened.on('end', () => lost(opened));
      await opened.query(`LISTEN ${QUOTE_CHANGED_CHANNEL}`);
      await opened.query(`LISTEN ${CATALOG_CHANGED_CHANNEL}`);
      if (stopped) {
        opened.release(true);
        return;
      }
      client = opened;
      if (attempts > 0 || cache.isBypassed) {
        cache.resume();
        onChange();
        log?.info('catalogue change listener connected again; cache resumed');
      }
      attempts = 0;
    } catch (error) {
      if (candidate && client !== candidate) candidate.release((error as Error) ?? true);
      cache.bypass();
      if (!stopped) retry();
    }
  };

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    const current = client;
    client = undefined;
    if (!current) return;
    try {
      await current.query(`UNLISTEN ${CATALOG_CHANGED_CHANNEL}; UNLISTEN ${QUOTE_CHANGED_CHANNEL}`);
      current.release();
    } catch (error) {
      current.release(error as Error);
    }
  };
}
