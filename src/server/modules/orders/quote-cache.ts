/**
 * What the checkout quote reads per store, kept in process (docs/decisions/036-quote-cache.md): the checkout
 * asks for a quote on every change of its form, and each statement on the embedded database costs more CPU
 * than all of the quote's own arithmetic.
 *
 * - Per store: the quote settings (state, GSTIN, GST defaults, delivery settings), the promotions not paused
 *   and not yet ended — with their windows, so the ones running are picked for each quote's instant and a
 *   promotion starts and ends to the second without any reload — and the coupons by code (found or not), each
 *   with its usage count and its window, which the coupon rules compare with the quote's instant. A store's
 *   entry is used only while nothing was announced for the store since it was read (../stores/quote-change.ts:
 *   coupon writes, each coupon use counted or given back, delivery settings, and every catalogue change —
 *   promotions, store settings, imports) and the response cache saw no catalogue write.
 * - Per product: the prices, variants, category and tax facts of a product, kept beside the response cache
 *   (../catalog/kept-values.ts), so forgotten on every catalogue write like the cached product pages.
 * Both follow the response cache's bypass: while a server on PostgreSQL cannot hear changes, every quote reads
 * the database. The order prices and counts everything again in its own transaction.
 */
import type { DeliverySettings } from '@shared/delivery/delivery-rules';
import { COUPON_CODE_PATTERN } from '@shared/discounts/coupon-schemas';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/database';
import type { CouponRow } from '../../db/schema/coupon-tables';
import type { KeptValues } from '../catalog/kept-values';
import { couponByCodeJsonSql, couponRowOfJson, findCouponByCode } from '../coupons/coupon-store';
import type { StoreGstSettings } from '../gst/order-tax';
import { quoteSettingsJsonSql, quoteSettingsOfJson } from '../gst/tax-quote';
import {
  runningAt,
  scheduledPromotionsJsonSql,
  scheduledPromotionsOfJson,
  type ScheduledPromotion,
} from '../promotions/active-promotions';
import type { ActivePromotion } from '../promotions/promotion-price';
import { quoteChangeMark } from '../stores/quote-change';
import { loadQuoteProducts, type QuoteProductFacts } from './quote-line-pricing';

/** What the quote cache follows: the response cache's write count, its bypass and its kept values. */
export type QuoteCacheOwner = {
  readonly writes: number;
  readonly isBypassed: boolean;
  readonly kept: KeptValues;
};

/** What a quote needs of its store at its instant. `coupon`: the coupon of the code, null when none. */
export type QuoteContext = {
  gst: StoreGstSettings;
  delivery: DeliverySettings;
  promotions: ActivePromotion[];
  coupon: CouponRow | null;
};

type StoreEntry = {
  /** The store's change mark and the response cache's write count when the load started. */
  mark: number;
  writes: number;
  /** The instant the promotions were read for (those ended before it are left out), ms. */
  readForMs: number;
  settings: { gst: StoreGstSettings; delivery: DeliverySettings };
  promotions: ScheduledPromotion[];
  /** Coupons by upper-case code; null: no coupon has the code. */
  coupons: Map<string, CouponRow | null>;
};

type Pending<T> = { mark: number; writes: number; readForMs: number; promise: Promise<T> };

/** How long kept product facts may serve without a catalogue write (a safety net; writes forget them). */
const PRODUCT_MAX_AGE_MS = 60_000;

/** The upper-case code of `text`, or null when it is empty or cannot be a code. */
export function couponKeyOf(text: string | undefined): string | null {
  const trimmed = text?.trim() ?? '';
  return COUPON_CODE_PATTERN.test(trimmed) ? trimmed.toUpperCase() : null;
}

/** Quote contexts by store and product facts by product, each used only while still true (see the file's note). */
export class QuoteCache {
  private readonly stores = new Map<number, StoreEntry>();
  private readonly loadingStores = new Map<number, Pending<StoreEntry>>();
  private readonly loadingCoupons = new Map<string, Pending<CouponRow | null>>();

  /**
   * @param owner the response cache (its writes forget everything; its bypass bypasses this cache too)
   * @param limits the most stores kept, and the most codes (found or not) kept per store; the oldest go first
   */
  constructor(
    private readonly owner: QuoteCacheOwner,
    private readonly limits = { stores: 1_000, codesPerStore: 1_000 },
  ) {}

  /**
   * The settings, the promotions running at `now` and the coupon of `code` (any letter case; null when it is
   * empty, cannot be a code or names none) of `storeId`, as the database holds them at `now`.
   */
  async context(db: Db, storeId: number, code: string | undefined, now: Date): Promise<QuoteContext> {
    const key = couponKeyOf(code);
    const entry = this.current(storeId, now) ?? (await this.loadStore(db, storeId, key, now));
    let coupon: CouponRow | null = null;
    if (key !== null) {
      const known = entry.coupons.get(key);
      coupon = known !== undefined ? known : await this.loadCoupon(db, storeId, entry, key);
    }
    return { ...entry.settings, promotions: runningAt(entry.promotions, now), coupon };
  }

  /**
   * The products of `productIds` (lower-case uuids) in `storeId`, by id (null: no such product), read in one
   * statement for those not kept.
   */
  async products(
    db: Db,
    storeId: number,
    productIds: readonly string[],
  ): Promise<Map<string, QuoteProductFacts | null>> {
    let missing: string[] | null = null;
    let batch: Promise<Map<string, QuoteProductFacts>> | null = null;
    // Every miss of this call joins one statement, run once all of them are known (after this loop).
    const load = (productId: string) => {
      if (missing === null) {
        const ids: string[] = [];
        missing = ids;
        batch = Promise.resolve().then(() => loadQuoteProducts(db, storeId, ids));
      }
      missing.push(productId);
      return batch!.then((found) => found.get(productId) ?? null);
    };
    const unique = [...new Set(productIds)];
    const facts = await Promise.all(
      unique.map((productId) =>
        this.owner.kept.get(`quote-product:${storeId}:${productId}`, () => load(productId), {
          maxAgeMs: PRODUCT_MAX_AGE_MS,
          weightOf: (product) => 1 + (product?.variants.length ?? 0),
        }),
      ),
    );
    return new Map(unique.map((productId, index) => [productId, facts[index] ?? null]));
  }

  /** The kept entry of `storeId` when it still holds at `now`, else undefined (and it is dropped). */
  private current(storeId: number, now: Date): StoreEntry | undefined {
    const entry = this.stores.get(storeId);
    if (entry === undefined) return undefined;
    if (this.holds(storeId, entry) && now.getTime() >= entry.readForMs) return entry;
    this.stores.delete(storeId);
    return undefined;
  }

  /** True while nothing was announced for `storeId` and no catalogue write happened since `read` started. */
  private holds(storeId: number, read: { mark: number; writes: number }): boolean {
    return (
      !this.owner.isBypassed && read.mark === quoteChangeMark(storeId) && read.writes === this.owner.writes
    );
  }

  /**
   * Reads the store's settings, promotions and the coupon of `key` in one statement, and keeps them unless a
   * change was announced meanwhile. Concurrent misses of one store share the read when it started under the
   * same marks and for an instant not after theirs.
   */
  private loadStore(db: Db, storeId: number, key: string | null, now: Date): Promise<StoreEntry> {
    const pending = this.loadingStores.get(storeId);
    if (pending && this.holds(storeId, pending) && pending.readForMs <= now.getTime()) return pending.promise;
    const started = { mark: quoteChangeMark(storeId), writes: this.owner.writes, readForMs: now.getTime() };
    const run = async (): Promise<StoreEntry> => {
      const [row] = rowsOf<{ settings: unknown; promotions: unknown; coupon: unknown }>(
        await db.execute(sql`SELECT ${quoteSettingsJsonSql(storeId)} AS settings,
          ${scheduledPromotionsJsonSql(storeId, now)} AS promotions,
          ${key === null ? sql`NULL::json` : couponByCodeJsonSql(storeId, key)} AS coupon`),
      );
      const entry: StoreEntry = {
        ...started,
        settings: quoteSettingsOfJson(row?.settings ?? null),
        promotions: scheduledPromotionsOfJson(row?.promotions ?? []),
        coupons: new Map(key === null ? [] : [[key, couponRowOfJson(row?.coupon ?? null)]]),
      };
      if (this.holds(storeId, started)) {
        if (!this.stores.has(storeId) && this.stores.size >= this.limits.stores) {
          const oldest = this.stores.keys().next().value;
          if (oldest !== undefined) this.stores.delete(oldest);
        }
        this.stores.set(storeId, entry);
      }
      return entry;
    };
    const promise = run().finally(() => {
      if (this.loadingStores.get(storeId)?.promise === promise) this.loadingStores.delete(storeId);
    });
    if (!this.owner.isBypassed) this.loadingStores.set(storeId, { ...started, promise });
    return promise;
  }

  /** Reads the coupon of `key` and keeps it in `entry` while the entry still holds. */
  private loadCoupon(db: Db, storeId: number, entry: StoreEntry, key: string): Promise<CouponRow | null> {
    const loadingKey = `${storeId}:${key}`;
    const pending = this.loadingCoupons.get(loadingKey);
    if (pending && this.holds(storeId, pending)) return pending.promise;
    const started = { mark: quoteChangeMark(storeId), writes: this.owner.writes, readForMs: 0 };
    const run = async () => {
      const coupon = await findCouponByCode(db, storeId, key);
      if (this.holds(storeId, started) && this.holds(storeId, entry) && this.stores.get(storeId) === entry) {
        if (entry.coupons.size >= this.limits.codesPerStore) {
          const oldest = entry.coupons.keys().next().value;
          if (oldest !== undefined) entry.coupons.delete(oldest);
        }
        entry.coupons.set(key, coupon);
      }
      return coupon;
    };
    const promise = run().finally(() => {
      if (this.loadingCoupons.get(loadingKey)?.promise === promise) this.loadingCoupons.delete(loadingKey);
    });
    if (!this.owner.isBypassed) this.loadingCoupons.set(loadingKey, { ...started, promise });
    return promise;
  }
}
