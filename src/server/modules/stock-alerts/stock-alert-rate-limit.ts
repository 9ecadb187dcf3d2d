/**
 * The rate limit of back-in-stock alert requests: at most {@link MAX_STOCK_ALERTS_PER_ADDRESS} per client
 * address in any hour (each may later send a message to the address or number given, so the limit stops
 * scripted floods), like the other public write routes (contact messages, newsletter sign-ups). An IPv6 client
 * counts by its /64; counted in a {@link RateLimitStore}, shared through Redis when `REDIS_URL` is set
 * (docs/decisions/008-shared-rate-limits.md).
 */
import {
  clientAddressKey,
  MemoryRateLimitStore,
  type RateLimitStore,
  type RateLimitVerdict,
} from '../../rate-limit-store';

/** Alert requests allowed per client address an hour. */
export const MAX_STOCK_ALERTS_PER_ADDRESS = 10;
/** The window, in milliseconds (one hour). */
export const STOCK_ALERT_WINDOW_MS = 60 * 60 * 1000;

/** Counts alert requests per client address. */
export class StockAlertRateLimiter {
  /** @param store where they are counted; default: this process. */
  constructor(private readonly store: RateLimitStore = new MemoryRateLimitStore()) {}

  /** Refuses the request when `address` is exhausted; otherwise counts it. */
  begin(address: string, now?: number): Promise<RateLimitVerdict> {
    return this.store.hit(
      [
        {
          key: `address:${clientAddressKey(address)}`,
          limit: MAX_STOCK_ALERTS_PER_ADDRESS,
          windowMs: STOCK_ALERT_WINDOW_MS,
        },
      ],
      now,
    );
  }
}
