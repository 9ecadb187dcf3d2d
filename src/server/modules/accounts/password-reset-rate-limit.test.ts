import { describe, expect, it } from 'vitest';
import { PasswordResetRateLimiter } from './password-reset-rate-limit';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe('PasswordResetRateLimiter', () => {
  it('allows 3 requests per e-mail an hour from any addresses, then refuses until the first leaves', async () => {
    const limiter = new PasswordResetRateLimiter();
    for (let i = 0; i < 3; i++) {
      const verdict = await limiter.beginRequest(
        { email: 'asha@example.com', address: `203.0.113.${i}` },
        i * MINUTE,
      );
      expect(verdict.allowed).toBe(true);
    }
    expect(
      await limiter.beginRequest({ email: 'asha@example.com', address: '203.0.113.9' }, 10 * MINUTE),
    ).toEqual({
      allowed: false,
      retryAfterSeconds: 50 * 60,
    });
    expect(
      (await limiter.beginRequest({ email: 'ravi@example.com', address: '203.0.113.9' }, 10 * MINUTE))
        .allowed,
    ).toBe(true);
    expect(
      (await limiter.beginRequest({ email: 'asha@example.com', address: '203.0.113.9' }, HOUR)).allowed,
    ).toBe(true);
  });

  it('allows 10 requests per client address an hour, counting an IPv6 client by its /64', async () => {
    const limiter = new PasswordResetRateLimiter();
    for (let i = 0; i < 10; i++) {
      const address = `2001:db8:1:2::${i + 1}`;
      expect((await limiter.beginRequest({ email: `buyer${i}@example.com`, address }, 0)).allowed).toBe(true);
    }
    const refused = await limiter.beginRequest(
      { email: 'new@example.com', address: '2001:db8:1:2:ffff::1' },
      0,
    );
    expect(refused).toEqual({ allowed: false, retryAfterSeconds: 3600 });
    expect(
      (await limiter.beginRequest({ email: 'new@example.com', address: '2001:db8:1:3::1' }, 0)).allowed,
    ).toBe(true);
  });

  it('counts resets per client address apart from requests', async () => {
    const limiter = new PasswordResetRateLimiter(undefined, { maxResetsPerAddress: 2 });
    const address = '198.51.100.4';
    expect((await limiter.beginReset({ address }, 0)).allowed).toBe(true);
    expect((await limiter.beginReset({ address }, 0)).allowed).toBe(true);
    expect(await limiter.beginReset({ address }, 30 * MINUTE)).toEqual({
      allowed: false,
      retryAfterSeconds: 1800,
    });
    expect((await limiter.beginRequest({ email: 'asha@example.com', address }, 30 * MINUTE)).allowed).toBe(
      true,
    );
  });
});
