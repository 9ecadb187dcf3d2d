/**
 * Order-tracking rate limit (issue #3): like sign-in, at most 10 failed look-ups per (store, order number)
 * and 30 per (store, client address) in any 15-minute window; after that `GET /orders/{orderId}` answers 429
 * with `Retry-After`. A successful look-up does not count. The in-memory limiter reuses the sign-in
 * limiter's sliding-window log (the order number takes the place of the e-mail); a shared store can replace
 * it behind {@link TrackingRateLimiter}.
 */
import {
  MemorySignInRateLimiter,
  SIGN_IN_WINDOW_MS,
  type SignInAttemptVerdict,
} from '../users/sign-in-rate-limit';

/** Issue #3: the sliding window, in milliseconds (15 minutes, as for sign-in). */
export const TRACKING_WINDOW_MS = SIGN_IN_WINDOW_MS;
/** Issue #3: failed look-ups allowed per (store, order number) in the window. */
export const MAX_FAILED_LOOKUPS_PER_ORDER = 10;
/** Issue #3: failed look-ups allowed per (store, client address) in the window. */
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

export type MemoryTrackingRateLimiterOptions = {
  windowMs?: number;
  maxPerOrder?: number;
  maxPerAddress?: number;
  maxKeys?: number;
};

/** The single-process {@link TrackingRateLimiter}. */
export class MemoryTrackingRateLimiter implements TrackingRateLimiter {
  private readonly inner: MemorySignInRateLimiter;

  constructor(options: MemoryTrackingRateLimiterOptions = {}) {
    this.inner = new MemorySignInRateLimiter({
      windowMs: options.windowMs ?? TRACKING_WINDOW_MS,
      maxPerEmail: options.maxPerOrder ?? MAX_FAILED_LOOKUPS_PER_ORDER,
      maxPerAddress: options.maxPerAddress ?? MAX_FAILED_LOOKUPS_PER_ADDRESS,
      ...(options.maxKeys === undefined ? {} : { maxKeys: options.maxKeys }),
    });
  }

  begin(key: TrackingAttemptKey, now?: number): Promise<TrackingAttemptVerdict> {
    return this.inner.begin(toSignInKey(key), now);
  }

  forgive(key: TrackingAttemptKey, attemptId: string): Promise<void> {
    return this.inner.forgive(toSignInKey(key), attemptId);
  }
}

const toSignInKey = (key: TrackingAttemptKey) => ({
  storeId: key.storeId,
  email: key.orderNumber,
  address: key.address,
});
