import { describe, expect, it } from 'vitest';
import { MemorySignInRateLimiter, type SignInAttemptKey } from './sign-in-rate-limit';

const MINUTE = 60_000;
const key = (overrides: Partial<SignInAttemptKey> = {}): SignInAttemptKey => ({
  storeId: 1,
  email: 'asha@example.com',
  address: '203.0.113.7',
  ...overrides,
});

/** Begins `count` attempts at `now` and expects each to be allowed. */
async function fail(limiter: MemorySignInRateLimiter, attempt: SignInAttemptKey, count: number, now: number) {
  for (let i = 0; i < count; i++) {
    expect((await limiter.begin(attempt, now)).allowed).toBe(true);
  }
}

describe('MemorySignInRateLimiter', () => {
  it('allows 10 failures per e-mail and refuses the 11th for the rest of the 15-minute window', async () => {
    const limiter = new MemorySignInRateLimiter();
    await fail(limiter, key(), 10, 0);
    expect(await limiter.begin(key(), 0)).toEqual({ allowed: false, retryAfterSeconds: 900 });
    expect(await limiter.begin(key({ address: '198.51.100.1' }), 5 * MINUTE)).toEqual({
      allowed: false,
      retryAfterSeconds: 600,
    });
    expect((await limiter.begin(key(), 15 * MINUTE - 1)).allowed).toBe(false);
    expect((await limiter.begin(key(), 15 * MINUTE)).allowed).toBe(true);
  });

  it('slides: the oldest failure leaving the window frees one attempt', async () => {
    const limiter = new MemorySignInRateLimiter();
    for (let minute = 0; minute < 10; minute++) await fail(limiter, key(), 1, minute * MINUTE);
    expect(await limiter.begin(key(), 10 * MINUTE)).toEqual({ allowed: false, retryAfterSeconds: 300 });
    expect((await limiter.begin(key(), 15 * MINUTE + 1)).allowed).toBe(true);
    // Minutes 1–9 plus the one just begun: full again until minute 16.
    expect(await limiter.begin(key(), 15 * MINUTE + 2)).toEqual({ allowed: false, retryAfterSeconds: 60 });
  });

  it('rounds Retry-After up to whole seconds, at least 1', async () => {
    const limiter = new MemorySignInRateLimiter();
    await fail(limiter, key(), 10, 0);
    expect(await limiter.begin(key(), 15 * MINUTE - 1500)).toEqual({ allowed: false, retryAfterSeconds: 2 });
    expect(await limiter.begin(key(), 15 * MINUTE - 1)).toEqual({ allowed: false, retryAfterSeconds: 1 });
  });

  it('allows 30 failures per client address across e-mails and refuses the 31st', async () => {
    const limiter = new MemorySignInRateLimiter();
    for (let i = 0; i < 30; i++) await fail(limiter, key({ email: `guess-${i}@example.com` }), 1, i * 1000);
    expect(await limiter.begin(key({ email: 'new@example.com' }), 30_000)).toEqual({
      allowed: false,
      retryAfterSeconds: 870,
    });
    expect(
      (await limiter.begin(key({ email: 'new@example.com', address: '198.51.100.2' }), 30_000)).allowed,
    ).toBe(true);
  });

  it('does not count forgiven attempts (successful sign-ins)', async () => {
    const limiter = new MemorySignInRateLimiter();
    for (let i = 0; i < 25; i++) {
      const verdict = await limiter.begin(key(), i);
      expect(verdict.allowed).toBe(true);
      if (verdict.allowed) await limiter.forgive(key(), verdict.attemptId);
    }
    await fail(limiter, key(), 10, 100);
    expect((await limiter.begin(key(), 100)).allowed).toBe(false);
  });

  it('does not count refused attempts, so hammering does not extend the lock', async () => {
    const limiter = new MemorySignInRateLimiter();
    await fail(limiter, key(), 10, 0);
    for (let minute = 1; minute < 15; minute++)
      expect((await limiter.begin(key(), minute * MINUTE)).allowed).toBe(false);
    expect((await limiter.begin(key(), 15 * MINUTE)).allowed).toBe(true);
  });

  it('keeps stores apart for both the e-mail and the address', async () => {
    const limiter = new MemorySignInRateLimiter({ maxPerAddress: 10 });
    await fail(limiter, key(), 10, 0);
    expect((await limiter.begin(key(), 0)).allowed).toBe(false);
    expect((await limiter.begin(key({ storeId: 2 }), 0)).allowed).toBe(true);
  });

  it('stays within maxKeys by dropping the oldest keys', async () => {
    const limiter = new MemorySignInRateLimiter({ maxKeys: 4, maxPerEmail: 1 });
    await fail(limiter, key({ email: 'a@example.com', address: 'x' }), 1, 0);
    expect((await limiter.begin(key({ email: 'a@example.com', address: 'y' }), 1)).allowed).toBe(false);
    // Two more pairs of keys push out the first pair.
    await fail(limiter, key({ email: 'b@example.com', address: 'y' }), 1, 2);
    await fail(limiter, key({ email: 'c@example.com', address: 'z' }), 1, 3);
    expect((await limiter.begin(key({ email: 'a@example.com', address: 'w' }), 4)).allowed).toBe(true);
  });
});
