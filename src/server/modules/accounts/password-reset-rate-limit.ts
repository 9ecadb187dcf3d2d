/**
 * Password reset rate limits, across all stores of the server:
 *
 * - **Reset requests** (`POST /users/forgot-password`): at most 10 per client address (an IPv6 client by its
 *   /64) and 3 per e-mail address in any hour. Each request may send a mail to the address given, so the limit
 *   keeps the shop from flooding an inbox and scripted look-ups from costing the server work. Every request
 *   counts, whether or not the address has an account, so the limit itself tells nothing about accounts.
 * - **Resets** (`POST /users/reset-password`): at most 10 attempts per client address in any hour. A reset
 *   hashes the new password with argon2id (19 MiB each), so the limit also bounds what one client can make the
 *   server hash at once.
 *
 * Past a limit the route answers 429 with `Retry-After`. Counted in a {@link RateLimitStore}, shared through
 * Redis when `REDIS_URL` is set (docs/decisions/008-shared-rate-limits.md).
 */
import {
  clientAddressKey,
  MemoryRateLimitStore,
  type RateLimitStore,
  type RateLimitVerdict,
} from '../../rate-limit-store';

/** The sliding window of both limits, in milliseconds (one hour). */
export const PASSWORD_RESET_WINDOW_MS = 60 * 60 * 1000;
/** Reset requests allowed per client address in the window. */
export const MAX_RESET_REQUESTS_PER_ADDRESS = 10;
/** Reset requests allowed per e-mail address in the window. */
export const MAX_RESET_REQUESTS_PER_EMAIL = 3;
/** Resets (right or wrong token) allowed per client address in the window. */
export const MAX_RESETS_PER_ADDRESS = 10;
/** The 429 body's `error` for reset requests. */
export const TOO_MANY_RESET_REQUESTS = 'Too many password reset requests. Please try again later.';
/** The 429 body's `error` for resets. */
export const TOO_MANY_RESETS = 'Too many password reset attempts. Please try again later.';

export type PasswordResetRateLimiterOptions = {
  windowMs?: number;
  maxRequestsPerAddress?: number;
  maxRequestsPerEmail?: number;
  maxResetsPerAddress?: number;
};

/** Counts reset requests and resets; each `begin…` counts the attempt or refuses it. */
export class PasswordResetRateLimiter {
  private readonly windowMs: number;
  private readonly maxRequestsPerAddress: number;
  private readonly maxRequestsPerEmail: number;
  private readonly maxResetsPerAddress: number;

  /** @param store where attempts are counted; default: this process. */
  constructor(
    private readonly store: RateLimitStore = new MemoryRateLimitStore(),
    options: PasswordResetRateLimiterOptions = {},
  ) {
    this.windowMs = options.windowMs ?? PASSWORD_RESET_WINDOW_MS;
    this.maxRequestsPerAddress = options.maxRequestsPerAddress ?? MAX_RESET_REQUESTS_PER_ADDRESS;
    this.maxRequestsPerEmail = options.maxRequestsPerEmail ?? MAX_RESET_REQUESTS_PER_EMAIL;
    this.maxResetsPerAddress = options.maxResetsPerAddress ?? MAX_RESETS_PER_ADDRESS;
  }

  /**
   * A reset request for `email` (normalised) from client `address`: refused when either is exhausted,
   * otherwise counted.
   */
  beginRequest(key: { email: string; address: string }, now?: number): Promise<RateLimitVerdict> {
    return this.store.hit(
      [
        {
          key: `request-address:${clientAddressKey(key.address)}`,
          limit: this.maxRequestsPerAddress,
          windowMs: this.windowMs,
        },
        { key: `request-email:${key.email}`, limit: this.maxRequestsPerEmail, windowMs: this.windowMs },
      ],
      now,
    );
  }

  /** A reset from client `address`: refused when the address is exhausted, otherwise counted. */
  beginReset(key: { address: string }, now?: number): Promise<RateLimitVerdict> {
    return this.store.hit(
      [
        {
          key: `reset-address:${clientAddressKey(key.address)}`,
          limit: this.maxResetsPerAddress,
          windowMs: this.windowMs,
        },
      ],
      now,
    );
  }
}
