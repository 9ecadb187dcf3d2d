/**
 * The rate limit of review writes (docs/reviews.md): at most {@link MAX_REVIEW_WRITES_PER_SHOPPER} writes —
 * a review, an edit or a photo — per shopper of a store in any hour, and {@link MAX_REVIEW_WRITES_PER_ADDRESS}
 * per client address; past either the route answers 429 with `Retry-After`. Counted in a
 * {@link RateLimitStore}, shared through Redis when `REDIS_URL` is set (docs/decisions/008-shared-rate-limits.md).
 */
import {
  clientAddressKey,
  MemoryRateLimitStore,
  type RateLimitStore,
  type RateLimitVerdict,
} from '../../rate-limit-store';

/** The sliding window, in milliseconds (one hour). */
export const REVIEW_WRITE_WINDOW_MS = 60 * 60 * 1000;
/** Writes allowed per shopper of a store in the window. */
export const MAX_REVIEW_WRITES_PER_SHOPPER = 20;
/** Writes allowed per client address in the window. */
export const MAX_REVIEW_WRITES_PER_ADDRESS = 60;
/** The 429 body's `error`. */
export const TOO_MANY_REVIEW_WRITES = 'Too many reviews. Please try again later.';

/** Counts review writes per shopper and per client address. */
export class ReviewRateLimiter {
  constructor(
    private readonly store: RateLimitStore = new MemoryRateLimitStore(),
    private readonly limits = {
      perShopper: MAX_REVIEW_WRITES_PER_SHOPPER,
      perAddress: MAX_REVIEW_WRITES_PER_ADDRESS,
    },
  ) {}

  /** Refuses the write when the shopper or the address is exhausted; otherwise counts it. */
  begin(key: { storeId: number; userId: number; address: string }, now?: number): Promise<RateLimitVerdict> {
    return this.store.hit(
      [
        {
          key: `shopper:${key.storeId}:${key.userId}`,
          limit: this.limits.perShopper,
          windowMs: REVIEW_WRITE_WINDOW_MS,
        },
        {
          key: `address:${clientAddressKey(key.address)}`,
          limit: this.limits.perAddress,
          windowMs: REVIEW_WRITE_WINDOW_MS,
        },
      ],
      now,
    );
  }
}
