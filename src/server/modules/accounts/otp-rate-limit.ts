/**
 * Sign-in code rate limit (docs/messages.md "Sign in with an OTP"): at most 3 codes per phone number of a store
 * in any 15 minutes and 10 per client address (an IPv6 client by its /64, across the stores of the server) in
 * any hour; past either, `POST /users/otp` answers 429 with `Retry-After`. Every code sent costs the shop an SMS
 * or a WhatsApp message, so each request counts, for a known number and an unknown one alike. Counted in a
 * {@link RateLimitStore}, shared through Redis when `REDIS_URL` is set (docs/decisions/008-shared-rate-limits.md).
 */
import {
  clientAddressKey,
  MemoryRateLimitStore,
  type RateLimitStore,
  type RateLimitVerdict,
} from '../../rate-limit-store';

/** The window of the per-number limit, in milliseconds (15 minutes). */
export const OTP_PHONE_WINDOW_MS = 15 * 60 * 1000;
/** Codes allowed per (store, phone number) in its window. */
export const MAX_CODES_PER_PHONE = 3;
/** The window of the per-address limit, in milliseconds (one hour). */
export const OTP_ADDRESS_WINDOW_MS = 60 * 60 * 1000;
/** Codes allowed per client address in its window. */
export const MAX_CODES_PER_ADDRESS = 10;

/** Who asks for a code: the store, the E.164 number and the client address. */
export type OtpRequestKey = { storeId: number; phone: string; address: string };

export type OtpRateLimiterOptions = {
  maxPerPhone?: number;
  maxPerAddress?: number;
};

/** Counts code requests; `begin` counts (or refuses) one. */
export class OtpRateLimiter {
  private readonly maxPerPhone: number;
  private readonly maxPerAddress: number;

  /** @param store where requests are counted; default: this process. */
  constructor(
    private readonly store: RateLimitStore = new MemoryRateLimitStore(),
    options: OtpRateLimiterOptions = {},
  ) {
    this.maxPerPhone = options.maxPerPhone ?? MAX_CODES_PER_PHONE;
    this.maxPerAddress = options.maxPerAddress ?? MAX_CODES_PER_ADDRESS;
  }

  /**
   * Refuses the request when the number or the address is exhausted; otherwise counts it.
   * @param now milliseconds since the epoch (the app's clock).
   */
  begin(key: OtpRequestKey, now?: number): Promise<RateLimitVerdict> {
    return this.store.hit(
      [
        { key: `${key.storeId}:phone:${key.phone}`, limit: this.maxPerPhone, windowMs: OTP_PHONE_WINDOW_MS },
        {
          key: `address:${clientAddressKey(key.address)}`,
          limit: this.maxPerAddress,
          windowMs: OTP_ADDRESS_WINDOW_MS,
        },
      ],
      now,
    );
  }
}
