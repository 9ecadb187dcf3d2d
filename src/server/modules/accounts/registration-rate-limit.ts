/**
 * Registration rate limit: at most 10 sign-ups per client address (an IPv6 client by its /64) and 3 per
 * e-mail address in any hour, across all stores of the server; past either, `POST /users/register` answers
 * 429 with `Retry-After`. An account costs a password hash and may trigger mail to the address given, so
 * the limit stops scripted sign-ups. An attempt counts when it creates an account or finds the e-mail taken;
 * one refused for bad input (a common password) does not. Counted in a {@link RateLimitStore}, shared
 * through Redis when `REDIS_URL` is set (docs/decisions/008-shared-rate-limits.md).
 */
import {
  clientAddressKey,
  MemoryRateLimitStore,
  type RateLimitStore,
  type RateLimitVerdict,
} from '../../rate-limit-store';

/** The sliding window, in milliseconds (one hour). */
export const REGISTRATION_WINDOW_MS = 60 * 60 * 1000;
/** Registrations allowed per client address in the window. */
export const MAX_REGISTRATIONS_PER_ADDRESS = 10;
/** Registrations allowed per e-mail address in the window. */
export const MAX_REGISTRATIONS_PER_EMAIL = 3;
/** The 429 body's `error`. */
export const TOO_MANY_REGISTRATIONS = 'Too many sign-ups. Please try again later.';

/** Who is signing up: the normalised e-mail and the client address. */
export type RegistrationAttemptKey = { email: string; address: string };

export type RegistrationRateLimiterOptions = {
  windowMs?: number;
  maxPerAddress?: number;
  maxPerEmail?: number;
};

/** Counts sign-ups; `begin` counts (or refuses) an attempt, `forgive` un-counts one refused for bad input. */
export class RegistrationRateLimiter {
  private readonly windowMs: number;
  private readonly maxPerAddress: number;
  private readonly maxPerEmail: number;

  /** @param store where attempts are counted; default: this process. */
  constructor(
    private readonly store: RateLimitStore = new MemoryRateLimitStore(),
    options: RegistrationRateLimiterOptions = {},
  ) {
    this.windowMs = options.windowMs ?? REGISTRATION_WINDOW_MS;
    this.maxPerAddress = options.maxPerAddress ?? MAX_REGISTRATIONS_PER_ADDRESS;
    this.maxPerEmail = options.maxPerEmail ?? MAX_REGISTRATIONS_PER_EMAIL;
  }

  /** Refuses the attempt when the address or the e-mail is exhausted; otherwise counts it. */
  begin(key: RegistrationAttemptKey, now?: number): Promise<RateLimitVerdict> {
    const [address, email] = storeKeys(key);
    return this.store.hit(
      [
        { key: address, limit: this.maxPerAddress, windowMs: this.windowMs },
        { key: email, limit: this.maxPerEmail, windowMs: this.windowMs },
      ],
      now,
    );
  }

  forgive(key: RegistrationAttemptKey, attemptId: string): Promise<void> {
    return this.store.forgive(storeKeys(key), attemptId);
  }
}

const storeKeys = (key: RegistrationAttemptKey): [string, string] => [
  `address:${clientAddressKey(key.address)}`,
  `email:${key.email}`,
];
