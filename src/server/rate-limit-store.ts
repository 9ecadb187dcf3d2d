/**
 * Where rate limits count attempts ([decision 008](../../docs/decisions/008-shared-rate-limits.md)): one
 * small {@link RateLimitStore} interface with a sliding-window log per key, kept in this process
 * ({@link MemoryRateLimitStore}, the default) or in Redis when `REDIS_URL` is set
 * (`rate-limit-redis.ts`), so that every server behind one load balancer counts against the same limits.
 * The sign-in, order-tracking and registration limiters are built on it, each under its own key prefix.
 */
import { randomUUID } from 'node:crypto';
import { isIPv6 } from 'node:net';

/** One limit: at most `limit` attempts under `key` in any window of `windowMs` milliseconds. */
export type RateLimitRule = { key: string; limit: number; windowMs: number };

/**
 * The answer to {@link RateLimitStore.hit}: the attempt may go ahead (and has been counted under
 * `attemptId`), or it is refused for `retryAfterSeconds` (a whole number ≥ 1).
 */
export type RateLimitVerdict =
  { allowed: true; attemptId: string } | { allowed: false; retryAfterSeconds: number };

/** Counts attempts per key in sliding windows. Implementations are safe for concurrent callers. */
export interface RateLimitStore {
  /**
   * Atomically: when any rule's key already holds `limit` attempts inside its window, refuses (for the
   * longest wait among the full keys) and counts nothing; otherwise counts one attempt under every key.
   * Refused attempts are not counted, so hammering does not extend a lock.
   * @param now the current time in milliseconds since the epoch (tests pass their own clock).
   */
  hit(rules: readonly RateLimitRule[], now?: number): Promise<RateLimitVerdict>;
  /** Un-counts the attempt `attemptId` under each key (e.g. a successful sign-in). */
  forgive(keys: readonly string[], attemptId: string): Promise<void>;
}

/** Whole seconds until an attempt is allowed again, at least 1, from a wait in milliseconds. */
export function retryAfterSeconds(waitMs: number): number {
  return Math.max(1, Math.ceil(waitMs / 1000));
}

type Attempt = { id: string; at: number };
type KeyLog = { windowMs: number; attempts: Attempt[] };

/**
 * The single-process {@link RateLimitStore}: a sliding-window log of attempt times per key, in a Map.
 * Expired attempts are dropped when a key is read and by a sweep at most once a minute; past `maxKeys`
 * keys the oldest keys are dropped (a memory bound, at the cost of forgetting the oldest counts).
 */
export class MemoryRateLimitStore implements RateLimitStore {
  private readonly logs = new Map<string, KeyLog>();
  private lastSweep = 0;

  constructor(private readonly maxKeys = 100_000) {}

  async hit(rules: readonly RateLimitRule[], now: number = Date.now()): Promise<RateLimitVerdict> {
    this.sweep(now);
    let waitMs = 0;
    for (const rule of rules) {
      const live = this.live(rule.key, now, rule.windowMs);
      if (live.length < rule.limit) continue;
      // The attempt that must leave the window before one more is allowed.
      const unblocking = live[live.length - rule.limit]!;
      waitMs = Math.max(waitMs, unblocking.at + rule.windowMs - now, 1);
    }
    if (waitMs > 0) return { allowed: false, retryAfterSeconds: retryAfterSeconds(waitMs) };
    const attempt: Attempt = { id: randomUUID(), at: now };
    for (const rule of rules) {
      const log = this.logs.get(rule.key);
      if (log) {
        log.attempts.push(attempt);
        log.windowMs = rule.windowMs;
      } else {
        this.logs.set(rule.key, { windowMs: rule.windowMs, attempts: [attempt] });
      }
    }
    this.enforceKeyBound();
    return { allowed: true, attemptId: attempt.id };
  }

  async forgive(keys: readonly string[], attemptId: string): Promise<void> {
    for (const key of keys) {
      const log = this.logs.get(key);
      if (!log) continue;
      const index = log.attempts.findIndex((attempt) => attempt.id === attemptId);
      if (index !== -1) log.attempts.splice(index, 1);
      if (log.attempts.length === 0) this.logs.delete(key);
    }
  }

  /** The key's attempts still inside the window (oldest first); drops the expired ones. */
  private live(key: string, now: number, windowMs: number): Attempt[] {
    const log = this.logs.get(key);
    if (!log) return [];
    const firstLive = log.attempts.findIndex((attempt) => attempt.at > now - windowMs);
    if (firstLive === -1) {
      this.logs.delete(key);
      return [];
    }
    if (firstLive > 0) log.attempts.splice(0, firstLive);
    return log.attempts;
  }

  private sweep(now: number): void {
    if (now - this.lastSweep < 60_000 && this.logs.size < this.maxKeys) return;
    this.lastSweep = now;
    for (const [key, log] of [...this.logs]) this.live(key, now, log.windowMs);
  }

  private enforceKeyBound(): void {
    // Map iteration follows insertion order: the first keys are the oldest.
    for (const key of this.logs.keys()) {
      if (this.logs.size <= this.maxKeys) break;
      this.logs.delete(key);
    }
  }
}

/**
 * The part of a client address that a per-address limit counts: an IPv4 address as it is (also when
 * written as IPv4-mapped IPv6), and an IPv6 address by its /64 network, since one subscriber is handed a
 * whole /64 and could otherwise step through its addresses to dodge the limit.
 */
export function clientAddressKey(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (!isIPv6(address)) return address;
  const [head = '', tail = ''] = address.toLowerCase().split('%')[0]!.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = address.includes('::') && tail ? tail.split(':') : [];
  const groups = address.includes('::')
    ? [...headGroups, ...Array<string>(8 - headGroups.length - tailGroups.length).fill('0'), ...tailGroups]
    : headGroups;
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
