/**
 * The rate limits of what shoppers send without signing in: contact messages (at most
 * {@link MAX_CONTACT_MESSAGES_PER_ADDRESS} per client address in any hour) and newsletter sign-ups (at most
 * {@link MAX_NEWSLETTER_SIGNUPS_PER_ADDRESS}); past either, the route answers 429 with `Retry-After`. Each
 * message is stored and mailed to the shop, each sign-up may mail the address given, so the limits stop
 * scripted floods. Every request that passes validation counts. An IPv6 client counts by its /64
 * (`clientAddressKey`); counted in a {@link RateLimitStore}, shared through Redis when `REDIS_URL` is set
 * (docs/decisions/008-shared-rate-limits.md).
 */
import {
  clientAddressKey,
  MemoryRateLimitStore,
  type RateLimitStore,
  type RateLimitVerdict,
} from '../../rate-limit-store';

/** The sliding window of both limits, in milliseconds (one hour). */
export const MESSAGE_WINDOW_MS = 60 * 60 * 1000;
/** Contact messages allowed per client address in the window. */
export const MAX_CONTACT_MESSAGES_PER_ADDRESS = 5;
/** Newsletter sign-ups allowed per client address in the window. */
export const MAX_NEWSLETTER_SIGNUPS_PER_ADDRESS = 10;
/** The 429 body's `error` for contact messages. */
export const TOO_MANY_CONTACT_MESSAGES = 'Too many messages. Please try again later.';
/** The 429 body's `error` for newsletter sign-ups. */
export const TOO_MANY_NEWSLETTER_SIGNUPS = 'Too many sign-ups. Please try again later.';

/** Counts one kind of submission per client address. */
export class AddressRateLimiter {
  /**
   * @param limit submissions allowed per address in the window
   * @param store where they are counted; default: this process
   */
  constructor(
    private readonly limit: number,
    private readonly store: RateLimitStore = new MemoryRateLimitStore(),
    private readonly windowMs: number = MESSAGE_WINDOW_MS,
  ) {}

  /** Refuses the submission when `address` is exhausted; otherwise counts it. */
  begin(address: string, now?: number): Promise<RateLimitVerdict> {
    return this.store.hit(
      [{ key: `address:${clientAddressKey(address)}`, limit: this.limit, windowMs: this.windowMs }],
      now,
    );
  }
}
