/**
 * Sign-in rate limit (issue #3): at most 10 failed attempts per (store, e-mail) and 30 per (store, client
 * address) in any 15-minute window; after that the API answers 429 with `Retry-After`. A successful sign-in
 * does not count. Behind {@link SignInRateLimiter} so a shared store (Redis, DESIGN.md "Scale-out path") can
 * replace the in-memory one.
 */
import { randomUUID } from 'node:crypto';

/** Issue #3: the sliding window, in milliseconds (15 minutes). */
export const SIGN_IN_WINDOW_MS = 15 * 60 * 1000;
/** Issue #3: failed attempts allowed per (store, e-mail) in the window. */
export const MAX_FAILURES_PER_EMAIL = 10;
/** Issue #3: failed attempts allowed per (store, client address) in the window. */
export const MAX_FAILURES_PER_ADDRESS = 30;
/** Issue #3: the 429 body's `error`. */
export const TOO_MANY_SIGN_IN_ATTEMPTS = 'Too many sign-in attempts. Please try again later.';

/** Who is trying: the request's store, the normalised e-mail and the client address. */
export type SignInAttemptKey = { storeId: number; email: string; address: string };

/**
 * The answer to {@link SignInRateLimiter.begin}: either the attempt may go ahead (and has been counted under
 * `attemptId`), or it is refused for `retryAfterSeconds` (a whole number ≥ 1).
 */
export type SignInAttemptVerdict =
  { allowed: true; attemptId: string } | { allowed: false; retryAfterSeconds: number };

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

export type MemorySignInRateLimiterOptions = {
  windowMs?: number;
  maxPerEmail?: number;
  maxPerAddress?: number;
  /** Keys kept before expired ones are swept eagerly (memory bound); the oldest go first past it. */
  maxKeys?: number;
};

type Attempt = { id: string; at: number };

/**
 * The single-process {@link SignInRateLimiter}: a sliding-window log of attempt times per key, in a Map.
 * Expired entries are dropped when a key is read and by a sweep at most once a minute; past `maxKeys` keys
 * the oldest keys are dropped.
 */
export class MemorySignInRateLimiter implements SignInRateLimiter {
  private readonly attempts = new Map<string, Attempt[]>();
  private readonly windowMs: number;
  private readonly maxPerEmail: number;
  private readonly maxPerAddress: number;
  private readonly maxKeys: number;
  private lastSweep = 0;

  constructor(options: MemorySignInRateLimiterOptions = {}) {
    this.windowMs = options.windowMs ?? SIGN_IN_WINDOW_MS;
    this.maxPerEmail = options.maxPerEmail ?? MAX_FAILURES_PER_EMAIL;
    this.maxPerAddress = options.maxPerAddress ?? MAX_FAILURES_PER_ADDRESS;
    this.maxKeys = options.maxKeys ?? 100_000;
  }

  async begin(key: SignInAttemptKey, now: number = Date.now()): Promise<SignInAttemptVerdict> {
    this.sweep(now);
    const limits: [string, number][] = [
      [emailKey(key), this.maxPerEmail],
      [addressKey(key), this.maxPerAddress],
    ];
    let blocked = false;
    let retryAfterMs = 0;
    for (const [mapKey, limit] of limits) {
      const live = this.live(mapKey, now);
      if (live.length < limit) continue;
      blocked = true;
      // The attempt that must leave the window before one more is allowed.
      const unblocking = live[live.length - limit];
      if (unblocking) retryAfterMs = Math.max(retryAfterMs, unblocking.at + this.windowMs - now);
    }
    if (blocked) return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)) };
    const attempt: Attempt = { id: randomUUID(), at: now };
    for (const [mapKey] of limits) {
      const list = this.attempts.get(mapKey);
      if (list) list.push(attempt);
      else this.attempts.set(mapKey, [attempt]);
    }
    this.enforceKeyBound();
    return { allowed: true, attemptId: attempt.id };
  }

  async forgive(key: SignInAttemptKey, attemptId: string): Promise<void> {
    for (const mapKey of [emailKey(key), addressKey(key)]) {
      const list = this.attempts.get(mapKey);
      if (!list) continue;
      const index = list.findIndex((attempt) => attempt.id === attemptId);
      if (index !== -1) list.splice(index, 1);
      if (list.length === 0) this.attempts.delete(mapKey);
    }
  }

  /** The key's attempts still inside the window (oldest first); drops the expired ones. */
  private live(mapKey: string, now: number): Attempt[] {
    const list = this.attempts.get(mapKey);
    if (!list) return [];
    const firstLive = list.findIndex((attempt) => attempt.at > now - this.windowMs);
    if (firstLive === -1) {
      this.attempts.delete(mapKey);
      return [];
    }
    if (firstLive > 0) list.splice(0, firstLive);
    return list;
  }

  private sweep(now: number): void {
    if (now - this.lastSweep < 60_000 && this.attempts.size < this.maxKeys) return;
    this.lastSweep = now;
    for (const mapKey of [...this.attempts.keys()]) this.live(mapKey, now);
  }

  private enforceKeyBound(): void {
    // Map iteration follows insertion order: the first keys are the oldest.
    for (const mapKey of this.attempts.keys()) {
      if (this.attempts.size <= this.maxKeys) break;
      this.attempts.delete(mapKey);
    }
  }
}

const emailKey = (key: SignInAttemptKey) => `${key.storeId}\u0000email\u0000${key.email}`;
const addressKey = (key: SignInAttemptKey) => `${key.storeId}\u0000address\u0000${key.address}`;
