/**
 * Which store a request is for (docs/decisions/003-store-from-host.md): `X-Store-Host`, else `Host`, looked up
 * in the store directory. The answer per header value as sent is kept, so a request from a host seen before
 * costs one map read ([decision 035](../../../../docs/decisions/035-fast-path.md)); the kept answers are forgotten
 * when the directory is reloaded (a catalogue or store change), and all at once should more than
 * {@link MAX_KEPT_HOSTS} different values arrive (a client inventing Host headers cannot grow the map).
 */
import type { FastifyRequest } from 'fastify';
import { normalizeHost, resolveStoreId, type StoreDirectory } from './service';

/** Most distinct `Host` / `X-Store-Host` values whose store is kept. */
export const MAX_KEPT_HOSTS = 1_000;

export class StoreLookup {
  private readonly byHeader = new Map<string, number>();

  constructor(private current: StoreDirectory) {}

  /** The directory in use. */
  get directory(): StoreDirectory {
    return this.current;
  }

  /** Uses `directory` from now on and forgets every kept answer. */
  use(directory: StoreDirectory): void {
    this.current = directory;
    this.byHeader.clear();
  }

  /** The id of the store `request` is for: its host's store, else the default store. */
  storeIdOf(request: FastifyRequest): number {
    const header = (request.headers['x-store-host'] as string | undefined) || request.headers.host || '';
    const kept = this.byHeader.get(header);
    if (kept !== undefined) return kept;
    const storeId = resolveStoreId(this.current, normalizeHost(header));
    if (this.byHeader.size >= MAX_KEPT_HOSTS) this.byHeader.clear();
    this.byHeader.set(header, storeId);
    return storeId;
  }
}
