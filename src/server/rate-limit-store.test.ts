import { afterAll, describe, expect, it } from 'vitest';
import type Redis from 'ioredis';
import { clientAddressKey, MemoryRateLimitStore, type RateLimitStore } from './rate-limit-store';
import { connectRateLimitRedis, openRateLimitStores, RedisRateLimitStore } from './rate-limit-redis';
import { deleteRedisKeys, redisAnswers, TEST_REDIS_URL, testRedisPrefix } from './test/test-redis';

const MINUTE = 60_000;
const WINDOW = 15 * MINUTE;
const hasRedis = await redisAnswers();
const prefix = testRedisPrefix();
const clients: Redis[] = [];

afterAll(async () => {
  for (const client of clients) client.disconnect();
  if (hasRedis) await deleteRedisKeys(prefix);
});

/** A fresh, empty store of each kind: in process always, in Redis when it answers at 127.0.0.1:6379. */
const kinds: [string, () => Promise<RateLimitStore>][] = [
  ['memory', async () => new MemoryRateLimitStore()],
  ...(hasRedis
    ? [
        [
          'redis',
          async () => {
            const redis = await connectRateLimitRedis(TEST_REDIS_URL);
            clients.push(redis);
            return new RedisRateLimitStore(redis, `${prefix}${Math.random()}:`);
          },
        ] as [string, () => Promise<RateLimitStore>],
      ]
    : []),
];

const rule = (key = 'k', limit = 3) => ({ key, limit, windowMs: WINDOW });

describe.each(kinds)('rate-limit store in %s', (_kind, open) => {
  it('allows the limit, refuses the next for the rest of the window, then slides', async () => {
    const store = await open();
    for (let minute = 0; minute < 3; minute++) {
      expect((await store.hit([rule()], minute * MINUTE)).allowed).toBe(true);
    }
    expect(await store.hit([rule()], 3 * MINUTE)).toEqual({ allowed: false, retryAfterSeconds: 720 });
    // The attempt of minute 0 leaves the window at minute 15, exactly.
    expect((await store.hit([rule()], WINDOW - 1)).allowed).toBe(false);
    expect((await store.hit([rule()], WINDOW)).allowed).toBe(true);
    expect(await store.hit([rule()], WINDOW + 1)).toEqual({ allowed: false, retryAfterSeconds: 60 });
  });

  it('rounds Retry-After up to whole seconds, at least 1', async () => {
    const store = await open();
    for (let i = 0; i < 3; i++) await store.hit([rule()], 0);
    expect(await store.hit([rule()], WINDOW - 1500)).toEqual({ allowed: false, retryAfterSeconds: 2 });
    expect(await store.hit([rule()], WINDOW - 1)).toEqual({ allowed: false, retryAfterSeconds: 1 });
  });

  it('counts nothing for a refused attempt, under any of its keys', async () => {
    const store = await open();
    for (let i = 0; i < 3; i++) await store.hit([rule('full')], 0);
    for (let i = 0; i < 5; i++) {
      expect((await store.hit([rule('other'), rule('full')], MINUTE)).allowed).toBe(false);
    }
    for (let i = 0; i < 3; i++) expect((await store.hit([rule('other')], MINUTE)).allowed).toBe(true);
    expect((await store.hit([rule('full')], WINDOW)).allowed).toBe(true);
  });

  it('un-counts a forgiven attempt under every key', async () => {
    const store = await open();
    for (let i = 0; i < 10; i++) {
      const verdict = await store.hit([rule('a'), rule('b')], i);
      if (!verdict.allowed) throw new Error('refused');
      await store.forgive(['a', 'b'], verdict.attemptId);
    }
    for (let i = 0; i < 3; i++) expect((await store.hit([rule('a'), rule('b')], 20)).allowed).toBe(true);
    expect((await store.hit([rule('b')], 20)).allowed).toBe(false);
  });

  it('lets exactly the limit through when attempts arrive in parallel', async () => {
    const store = await open();
    const verdicts = await Promise.all(
      Array.from({ length: 20 }, () => store.hit([rule('parallel', 5)], 1000)),
    );
    expect(verdicts.filter((verdict) => verdict.allowed)).toHaveLength(5);
  });
});

describe('MemoryRateLimitStore', () => {
  it('stays within maxKeys by dropping the oldest keys', async () => {
    const store = new MemoryRateLimitStore(2);
    await store.hit([rule('a', 1)], 0);
    expect((await store.hit([rule('a', 1)], 1)).allowed).toBe(false);
    await store.hit([rule('b', 1)], 2);
    await store.hit([rule('c', 1)], 3);
    expect((await store.hit([rule('a', 1)], 4)).allowed).toBe(true);
  });
});

describe.runIf(hasRedis)('rate-limit stores in Redis', () => {
  it('share counts between apps with the same prefix and keep names and prefixes apart', async () => {
    const first = await openRateLimitStores({ redisUrl: TEST_REDIS_URL, keyPrefix: prefix });
    const second = await openRateLimitStores({ redisUrl: TEST_REDIS_URL, keyPrefix: prefix });
    const elsewhere = await openRateLimitStores({ redisUrl: TEST_REDIS_URL, keyPrefix: `${prefix}x:` });
    try {
      expect(first.kind).toBe('redis');
      expect((await first.store('sign-in').hit([rule('shared', 2)])).allowed).toBe(true);
      expect((await second.store('sign-in').hit([rule('shared', 2)])).allowed).toBe(true);
      expect((await first.store('sign-in').hit([rule('shared', 2)])).allowed).toBe(false);
      expect((await second.store('tracking').hit([rule('shared', 2)])).allowed).toBe(true);
      expect((await elsewhere.store('sign-in').hit([rule('shared', 2)])).allowed).toBe(true);
    } finally {
      await Promise.all([first.close(), second.close(), elsewhere.close()]);
    }
  });
});

describe('a Redis that does not answer', () => {
  it('falls back to counting in process and reports the outage once', async () => {
    const errors: Error[] = [];
    const stores = await openRateLimitStores({
      redisUrl: 'redis://127.0.0.1:1',
      keyPrefix: prefix,
      onError: (error) => errors.push(error),
    });
    try {
      const store = stores.store('sign-in');
      for (let i = 0; i < 3; i++) expect((await store.hit([rule()], 0)).allowed).toBe(true);
      expect(await store.hit([rule()], 0)).toEqual({ allowed: false, retryAfterSeconds: 900 });
      expect(errors).toHaveLength(1);
    } finally {
      await stores.close();
    }
  });
});

describe('clientAddressKey', () => {
  it('counts IPv4 as it is and IPv6 by its /64', () => {
    expect(clientAddressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddressKey('2001:db8:0:1:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:0:1::/64');
    expect(clientAddressKey('2001:0DB8:0000:0001::1')).toBe('2001:db8:0:1::/64');
    expect(clientAddressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientAddressKey('::1')).toBe('0:0:0:0::/64');
    expect(clientAddressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });
});
