/**
 * Objects kept in memory beside the response cache (response-cache.ts): values that are read far more often
 * than they change and are too large to serialise for every read — a search text's matching products
 * (../search/search-matches.ts). They follow the response cache: everything is forgotten on a catalogue write (the
 * cache's write count moved), nothing is kept while the cache is bypassed, and a value is served for at most
 * its age limit, refreshed ahead from half of it. The total weight of the kept values (a caller's measure, e.g.
 * products) is bounded; the least recently read go first.
 */

/** What the kept values follow: the response cache's write count and bypass state. */
export type KeptValuesOwner = { readonly writes: number; readonly isBypassed: boolean };

/** How a value is kept: its age limit in milliseconds and its weight (in the cache's unit). */
export type KeepOptions<T> = { maxAgeMs: number; weightOf: (value: T) => number };

type Entry = { value: unknown; vouchedAt: number; weight: number };

export class KeptValues {
  private readonly entries = new Map<string, Entry>();
  private readonly loading = new Map<string, Promise<unknown>>();
  private writesSeen: number;
  private totalWeight = 0;

  /**
   * @param maxWeight the most total weight kept; a single value heavier than this is never kept.
   * @param now the clock in milliseconds (injected by tests).
   */
  constructor(
    private readonly owner: KeptValuesOwner,
    private readonly maxWeight: number,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.writesSeen = owner.writes;
  }

  /**
   * The value kept for `key`, or `load()`'s result, kept. One load per key at a time; a value loaded while a
   * catalogue write happened is returned but not kept. A value older than `maxAgeMs` (counted from the start of
   * the load that made it) is never served; from half that age it is served and reloaded in the background.
   */
  async get<T>(key: string, load: () => Promise<T>, options: KeepOptions<T>): Promise<T> {
    if (this.owner.isBypassed) return load();
    this.forgetAfterWrites();
    const hit = this.entries.get(key);
    const pending = this.loading.get(key) as Promise<T> | undefined;
    if (hit === undefined) return pending ?? this.refresh(key, load, options);
    const age = this.now() - hit.vouchedAt;
    if (age < options.maxAgeMs) {
      // Most recently read last: the bound drops from the front.
      this.entries.delete(key);
      this.entries.set(key, hit);
      if (age >= options.maxAgeMs / 2 && !pending) {
        // A failed refresh leaves the entry to expire; the next reader tries again.
        this.refresh(key, load, options).catch(() => undefined);
      }
      return hit.value as T;
    }
    return pending ?? this.refresh(key, load, options);
  }

  /** The total weight kept now. */
  get weight(): number {
    return this.totalWeight;
  }

  private refresh<T>(key: string, load: () => Promise<T>, options: KeepOptions<T>): Promise<T> {
    const writes = this.owner.writes;
    const startedAt = this.now();
    const promise = load()
      .then((value) => {
        if (writes === this.owner.writes && !this.owner.isBypassed) {
          this.forgetAfterWrites();
          this.remember(key, { value, vouchedAt: startedAt, weight: options.weightOf(value) });
        }
        return value;
      })
      .finally(() => {
        if (this.loading.get(key) === promise) this.loading.delete(key);
      });
    this.loading.set(key, promise);
    return promise;
  }

  private remember(key: string, entry: Entry): void {
    this.drop(key);
    if (entry.weight > this.maxWeight) return;
    for (const oldest of this.entries.keys()) {
      if (this.totalWeight + entry.weight <= this.maxWeight) break;
      this.drop(oldest);
    }
    this.entries.set(key, entry);
    this.totalWeight += entry.weight;
  }

  private drop(key: string): void {
    const entry = this.entries.get(key);
    if (entry === undefined) return;
    this.entries.delete(key);
    this.totalWeight -= entry.weight;
  }

  /** Forgets everything kept or loading before the owner's last catalogue write. */
  private forgetAfterWrites(): void {
    if (this.writesSeen === this.owner.writes) return;
    this.writesSeen = this.owner.writes;
    this.entries.clear();
    this.loading.clear();
    this.totalWeight = 0;
  }
}
