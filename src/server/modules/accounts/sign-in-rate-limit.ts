/**
 * Sign-in rate limit: at most 10 failed attempts per (store, e-mail) and 30 per (store, client address) in
 * any 15-minute window; after that the API answers 429 with `Retry-After`. A successful sign-in does not
 * count. Attempts are counted in a {@link RateLimitStore}: in process by default, in Redis when `REDIS_URL`
 * is set so that all servers share the count (docs/decisions/008-shared-rate-limits.md).
 */
import {
  clientAddressKey,
  MemoryRateLimitStore,
  type RateLimitStore,
  type RateLimitVerdict,
} from '../../rate-limit-store';
import { RateLimitedError } from '../../errors';

/** The sliding window, in milliseconds (15 minutes). */
export const SIGN_IN_WINDOW_MS = 15 * 60 * 1000;
/** Failed attempts allowed per (store, e-mail) in the window. */
export const MAX_FAILURES_PER_EMAIL = 10;
/** Failed attempts allowed per (store, client address) in the window. */
export const MAX_FAILURES_PER_ADDRESS = 30;
/** The 429 body's `error`. */
export const TOO_MANY_SIGN_IN_ATTEMPTS = 'Too many sign-in attempts. Please try again later.';

/** Who is trying: the request's store, the normalised e-mail and the client address. */
export type SignInAttemptKey = { storeId: number; email: string; address: string };

/**
 * The answer to {@link SignInRateLimiter.begin}: either the attempt may go ahead (and has been counted under
 * `attemptId`), or it is refused for `retryAfterSeconds` (a whole number ≥ 1).
 */
export type SignInAttemptVerdict = RateLimitVerdict;

/**
 * Counts sign-in failures. An attempt is counted when it begins — so parallel requests cannot slip past the
 * limit while passwords are being verified — and forgiven when it turns out to be a success.
 */
export interface SignInRateLimiter {
  /** Refuses the attempt when either key is exhausted; otherwise counts it and returns its id. */
  begin(key: SignInAttemptKey, now?: number): Promise<SignInAttemptVerdict>;
  /** Un-counts the attempt `attemptId` (a successful sign-in, or a failure that was not about credentials). */
  forgive(key: SignInAttemptKey, attemptId: string): Promise<void>;
}

export type SignInRateLimiterOptions = {
  windowMs?: number;
  maxPerEmail?: number;
  maxPerAddress?: number;
};

/** The {@link SignInRateLimiter} over a {@link RateLimitStore} (one per app, under its own key prefix). */
export class StoreSignInRateLimiter implements SignInRateLimiter {
  private readonly windowMs: number;
  private readonly maxPerEmail: number;
  private readonly maxPerAddress: number;

  constructor(
    private readonly store: RateLimitStore,
    options: SignInRateLimiterOptions = {},
  ) {
    this.windowMs = options.windowMs ?? SIGN_IN_WINDOW_MS;
    this.maxPerEmail = options.maxPerEmail ?? MAX_FAILURES_PER_EMAIL;
    this.maxPerAddress = options.maxPerAddress ?? MAX_FAILURES_PER_ADDRESS;
  }

  begin(key: SignInAttemptKey, now?: number): Promise<SignInAttemptVerdict> {
    const [email, address] = storeKeys(key);
    return this.store.hit(
      [
        { key: email, limit: this.maxPerEmail, windowMs: this.windowMs },
        { key: address, limit: this.maxPerAddress, windowMs: this.windowMs },
      ],
      now,
    );
  }

  forgive(key: SignInAttemptKey, attemptId: string): Promise<void> {
    return this.store.forgive(storeKeys(key), attemptId);
  }
}

/** The single-process {@link SignInRateLimiter} (the default without `REDIS_URL`). */
export class MemorySignInRateLimiter extends StoreSignInRateLimiter {
  /** @param options.maxKeys keys kept before the oldest are dropped (memory bound). */
  constructor(options: SignInRateLimiterOptions & { maxKeys?: number } = {}) {
    super(new MemoryRateLimitStore(options.maxKeys), options);
  }
}

/** The store keys of an attempt: `<store>:email:<e-mail>` and `<store>:address:<address or /64>`. */
const storeKeys = (key: SignInAttemptKey): [string, string] => [
  `${key.storeId}:email:${key.email}`,
  `${key.storeId}:address:${clientAddressKey(key.address)}`,
];

/**
 * Runs one sign-in `attempt` under the failure limits of `limiter` (the storefront's and the admin's sign-in share
 * them). Throws `RateLimitedError` (429, 'Too many sign-in attempts. Please try again later.', `Retry-After` in
 * seconds) before the attempt once `key` is past them. The attempt counts as a failure only when it calls
 * `wrongCredentials()` (then throws its refusal): a success, a refusal for another reason or a server fault is
 * forgiven.
 */
export async function signInUnderLimits<T>(
  limiter: SignInRateLimiter,
  key: SignInAttemptKey,
  attempt: (wrongCredentials: () => void) => Promise<T>,
): Promise<T> {
  const verdict = await limiter.begin(key);
  if (!verdict.allowed) throw new RateLimitedError(TOO_MANY_SIGN_IN_ATTEMPTS, verdict.retryAfterSeconds);
  let failed = false;
  try {
    return await attempt(() => {
      failed = true;
    });
  } finally {
    if (!failed) await limiter.forgive(key, verdict.attemptId);
  }
}
