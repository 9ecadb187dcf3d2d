/**
 * Order-tracking rate limit: like sign-in, at most 10 failed look-ups per (store, order number) and 30 per
 * (store, client address) in any 15-minute window; after that `GET /orders/{orderId}` answers 429 with
 * `Retry-After`. A successful look-up does not count. It is the sign-in limiter with the order number in
 * the place of the e-mail, counted in its own {@link RateLimitStore} (shared through Redis when `REDIS_URL`
 * is set; docs/decisions/008-shared-rate-limits.md).
 */
import { MemoryRateLimitStore, type RateLimitStore } from '../../rate-limit-store';
import {
  SIGN_IN_WINDOW_MS,
  StoreSignInRateLimiter,
  type SignInAttemptVerdict,
} from '../accounts/sign-in-rate-limit';

/** The sliding window, in milliseconds (15 minutes, as for sign-in). */
export const TRACKING_WINDOW_MS = SIGN_IN_WINDOW_MS;
/** Failed look-ups allowed per (store, order number) in the window. */
export const MAX_FAILED_LOOKUPS_PER_ORDER = 10;
/** Failed look-ups allowed per (store, client address) in the window. */
export const MAX_FAILED_LOOKUPS_PER_ADDRESS = 30;
/** The 429 body's `error`. */
export const TOO_MANY_TRACKING_ATTEMPTS = 'Too many order look-ups. Please try again later.';

/** Who is looking: the request's store, the (normalised) order number asked for and the client address. */
export type TrackingAttemptKey = { storeId: number; orderNumber: string; address: string };

/** The same verdict as sign-in: allowed (and counted under `attemptId`) or refused for `retryAfterSeconds`. */
export type TrackingAttemptVerdict = SignInAttemptVerdict;

/** Counts failed look-ups; an attempt is counted when it begins and forgiven when it succeeds. */
export interface TrackingRateLimiter {
  begin(key: TrackingAttemptKey, now?: number): Promise<TrackingAttemptVerdict>;
  forgive(key: TrackingAttemptKey, attemptId: string): Promise<void>;
}

export type TrackingRateLimiterOptions = {
  windowMs?: number;
  maxPerOrder?: number;
  maxPerAddress?: number;
};

/** The {@link TrackingRateLimiter} over a {@link RateLimitStore}. */
export class StoreTrackingRateLimiter implements TrackingRateLimiter {
  private readonly inner: StoreSignInRateLimiter;

  constructor(store: RateLimitStore, options: TrackingRateLimiterOptions = {}) {
    this.inner = new StoreSignInRateLimiter(store, {
      windowMs: options.windowMs ?? TRACKING_WINDOW_MS,
      maxPerEmail: options.maxPerOrder ?? MAX_FAILED_LOOKUPS_PER_ORDER,
      maxPerAddress: options.maxPerAddress ?? MAX_FAILED_LOOKUPS_PER_ADDRESS,
    });
  }

  begin(key: TrackingAttemptKey, now?: number): Promise<TrackingAttemptVerdict> {
    return this.inner.begin(toSignInKey(key), now);
  }

  forgive(key: TrackingAttemptKey, attemptId: string): Promise<void> {
    return this.inner.forgive(toSignInKey(key), attemptId);
  }
}

/** The single-process {@link TrackingRateLimiter} (the default without `REDIS_URL`). */
export class MemoryTrackingRateLimiter extends StoreTrackingRateLimiter {
  /** @param options.maxKeys keys kept before the oldest are dropped (memory bound). */
  constructor(options: TrackingRateLimiterOptions & { maxKeys?: number } = {}) {
    super(new MemoryRateLimitStore(options.maxKeys), options);
  }
}

const toSignInKey = (key: TrackingAttemptKey) => ({
  storeId: key.storeId,
  email: key.orderNumber,
  address: key.address,
});
