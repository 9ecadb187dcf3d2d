/**
 * Rate limits shared by every server through Redis (`REDIS_URL`; [decision 008](../../docs/decisions/008-shared-rate-limits.md)).
 * Each key is a sorted set of attempt ids scored by time (ms); one Lua script trims the window, checks every
 * rule and records the attempt atomically, so parallel requests on several servers cannot slip past a limit.
 * When Redis does not answer, each call falls back to an in-process count and logs why: limits then hold per
 * server instead of being lifted, and the shop keeps taking sign-ins.
 */
import { once } from 'node:events';
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import {
  MemoryRateLimitStore,
  retryAfterSeconds,
  type RateLimitRule,
  type RateLimitStore,
  type RateLimitVerdict,
} from './rate-limit-store';

/**
 * KEYS: the rule keys. ARGV: now (ms), attempt id, then limit and window (ms) per key.
 * Returns the wait in ms before one more attempt is allowed (0 = counted).
 */
const HIT_SCRIPT = `
local now = tonumber(ARGV[1])
local wait = 0
for i, key in ipairs(KEYS) do
  local limit = tonumber(ARGV[1 + i * 2])
  local window = tonumber(ARGV[2 + i * 2])
  redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
  local count = redis.call('ZCARD', key)
  if count >= limit then
    local unblocking = redis.call('ZRANGE', key, count - limit, count - limit, 'WITHSCORES')
    wait = math.max(wait, tonumber(unblocking[2]) + window - now, 1)
  end
end
if wait > 0 then return wait end
for i, key in ipairs(KEYS) do
  redis.call('ZADD', key, now, ARGV[2])
  redis.call('PEXPIRE', key, tonumber(ARGV[2 + i * 2]))
end
return 0
`;

type HitCommand = (...args: (string | number)[]) => Promise<number>;

/** Told about a Redis failure: the first of each outage, not every failed call. */
export type RedisErrorReporter = (error: Error) => void;

/** A {@link RateLimitStore} in Redis, every key under `prefix`; see the module comment. */
export class RedisRateLimitStore implements RateLimitStore {
  private readonly fallback = new MemoryRateLimitStore();
  private failing = false;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly onError: RedisErrorReporter = () => undefined,
  ) {
    if (!('rateLimitHit' in redis)) redis.defineCommand('rateLimitHit', { lua: HIT_SCRIPT });
  }

  async hit(rules: readonly RateLimitRule[], now: number = Date.now()): Promise<RateLimitVerdict> {
    const attemptId = randomUUID();
    const keys = rules.map((rule) => this.prefix + rule.key);
    const limits = rules.flatMap((rule) => [rule.limit, rule.windowMs]);
    try {
      const hit = (this.redis as unknown as { rateLimitHit: HitCommand }).rateLimitHit;
      const waitMs = await hit.call(this.redis, keys.length, ...keys, now, attemptId, ...limits);
      this.failing = false;
      return waitMs > 0
        ? { allowed: false, retryAfterSeconds: retryAfterSeconds(waitMs) }
        : { allowed: true, attemptId };
    } catch (error) {
      this.failed(error);
      return this.fallback.hit(rules, now);
    }
  }

  async forgive(keys: readonly string[], attemptId: string): Promise<void> {
    await this.fallback.forgive(keys, attemptId);
    try {
      await Promise.all(keys.map((key) => this.redis.zrem(this.prefix + key, attemptId)));
    } catch (error) {
      this.failed(error);
    }
  }

  private failed(error: unknown): void {
    if (!this.failing) this.onError(error as Error);
    this.failing = true;
  }
}

/** The rate-limit stores of one app: `store(name)` gives each limiter its own key prefix. */
export type RateLimitStores = {
  kind: 'memory' | 'redis';
  store(name: string): RateLimitStore;
  close(): Promise<void>;
};

/**
 * Opens the stores: in Redis under `<keyPrefix>rate:<name>:` when `redisUrl` is set, else in this process.
 * @param onError told when Redis stops answering (calls fall back to in-process counts meanwhile).
 */
export async function openRateLimitStores(options: {
  redisUrl?: string | undefined;
  keyPrefix: string;
  onError?: RedisErrorReporter;
}): Promise<RateLimitStores> {
  if (!options.redisUrl) {
    return { kind: 'memory', store: () => new MemoryRateLimitStore(), close: async () => undefined };
  }
  const redis = await connectRateLimitRedis(options.redisUrl);
  return {
    kind: 'redis',
    store: (name) => new RedisRateLimitStore(redis, `${options.keyPrefix}rate:${name}:`, options.onError),
    close: async () => {
      redis.disconnect();
    },
  };
}

/**
 * Connects to Redis for rate limits: commands fail fast (1 s) rather than queue while Redis is away, and
 * the client keeps reconnecting in the background. Waits up to `readyWithinMs` for the first connection;
 * a Redis that is down at start does not stop the server (see the module comment).
 */
export async function connectRateLimitRedis(url: string, readyWithinMs = 2000): Promise<Redis> {
  // Loaded only when Redis is configured: ioredis costs some 25 MB of memory and 0.1–0.2 s of start.
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: 1000,
    connectTimeout: 2000,
    retryStrategy: (times) => Math.min(times * 200, 5000),
  });
  // Connection errors are reported through the stores' failed commands; never crash the process.
  redis.on('error', () => undefined);
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), readyWithinMs);
  try {
    await once(redis, 'ready', { signal: timeout.signal });
  } catch {
    // Not ready yet: calls fall back to in-process counts until it is.
  } finally {
    clearTimeout(timer);
  }
  return redis;
}
