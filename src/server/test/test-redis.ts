/**
 * Redis for tests of shared rate limits: the local server at 127.0.0.1:6379 when it answers, and a random
 * key prefix per run so parallel runs and earlier runs never see each other's counts.
 */
import { randomUUID } from 'node:crypto';
import Redis from 'ioredis';

export const TEST_REDIS_URL = 'redis://127.0.0.1:6379';

/** True when Redis answers PING at `url` within half a second. Never throws. */
export async function redisAnswers(url: string = TEST_REDIS_URL): Promise<boolean> {
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 500,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

/** A key prefix no other test run uses: `resham-test:<uuid>:`. */
export function testRedisPrefix(): string {
  return `resham-test:${randomUUID()}:`;
}

/** Deletes every key under `prefix` (the counts a test left behind). */
export async function deleteRedisKeys(prefix: string, url: string = TEST_REDIS_URL): Promise<void> {
  const redis = new Redis(url);
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      if (keys.length > 0) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}
