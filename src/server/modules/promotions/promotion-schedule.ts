/**
 * Cache turnover at promotion boundaries (docs/decisions/028-promotion-prices.md): cached catalogue answers and
 * server-rendered pages hold prices, and a promotion changes prices at its first second and after its last
 * without any write. Each server therefore keeps the next instant at which any promotion (of any store) starts
 * or ends, and the first request at or after it clears the cache and looks up the next one. No message between
 * servers is needed: every server reads the same times from the database. A promotion created, edited, paused
 * or resumed is a catalogue change (NOTIFY, then {@link PromotionSchedule.reload} on every server).
 */
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/database';

/** Keeps the next promotion boundary and turns the cache over when a request reaches it. */
export class PromotionSchedule {
  /** The next boundary, ms since 1970 (−∞: not looked up yet; +∞: none). */
  private nextBoundaryMs = Number.NEGATIVE_INFINITY;
  private looking: Promise<void> | null = null;

  /**
   * @param db the database
   * @param turnOver clears the cached answers (the response cache, with the pages and search parts it keeps)
   */
  constructor(
    private readonly db: Db,
    private readonly turnOver: () => void,
  ) {}

  /** The next boundary after the last look-up (null: none, or not looked up yet). */
  get nextBoundary(): Date | null {
    return Number.isFinite(this.nextBoundaryMs) ? new Date(this.nextBoundaryMs) : null;
  }

  /**
   * True when {@link turnOverIfDue} has anything to do at `now` (a look-up is running, or the boundary is
   * reached); false lets a request go on at once without waiting for a promise.
   */
  isDue(now: Date): boolean {
    return this.looking !== null || now.getTime() >= this.nextBoundaryMs;
  }

  /**
   * Called before each request with the request's instant: at or past the boundary, clears the cache and
   * looks up the next boundary after `now` (one look-up at a time; requests meanwhile wait for it).
   */
  async turnOverIfDue(now: Date): Promise<void> {
    if (this.looking) return this.looking;
    if (now.getTime() < this.nextBoundaryMs) return;
    if (Number.isFinite(this.nextBoundaryMs)) this.turnOver();
    return this.lookUp(now);
  }

  /** Looks the next boundary up again after `now` (a promotion was written here or on another server). */
  reload(now: Date): Promise<void> {
    return this.lookUp(now);
  }

  private lookUp(now: Date): Promise<void> {
    const run = async () => {
      const [row] = rowsOf<{ next: Date | string | null }>(
        await this.db.execute(sql`
          SELECT least(
            (SELECT min(starts_at) FROM promotions WHERE starts_at > ${now.toISOString()}::timestamptz AND NOT paused),
            (SELECT min(ends_at) FROM promotions WHERE ends_at > ${now.toISOString()}::timestamptz AND NOT paused)
          ) AS next`),
      );
      this.nextBoundaryMs = row?.next == null ? Number.POSITIVE_INFINITY : new Date(row.next).getTime();
    };
    const promise = run().finally(() => {
      if (this.looking === promise) this.looking = null;
    });
    this.looking = promise;
    return promise;
  }
}
