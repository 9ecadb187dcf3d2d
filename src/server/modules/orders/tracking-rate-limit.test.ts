import { describe, expect, it } from 'vitest';
import { MemoryTrackingRateLimiter, TRACKING_WINDOW_MS } from './tracking-rate-limit';

describe('MemoryTrackingRateLimiter', () => {
  const key = (orderNumber: string, address = '198.51.100.1') => ({ storeId: 1, orderNumber, address });

  it('allows 10 failures per order number in 15 minutes, then refuses with the seconds to wait', async () => {
    const limiter = new MemoryTrackingRateLimiter();
    const start = 1_000_000;
    for (let i = 0; i < 10; i++) {
      expect((await limiter.begin(key('RS-AAAAAAAA', `10.0.0.${i}`), start + i * 1000)).allowed).toBe(true);
    }
    const refused = await limiter.begin(key('RS-AAAAAAAA', '10.0.1.1'), start + 10_000);
    expect(refused).toEqual({ allowed: false, retryAfterSeconds: TRACKING_WINDOW_MS / 1000 - 10 });
    expect((await limiter.begin(key('RS-BBBBBBBB', '10.0.1.1'), start + 10_000)).allowed).toBe(true);
    expect((await limiter.begin(key('RS-AAAAAAAA'), start + TRACKING_WINDOW_MS + 1)).allowed).toBe(true);
  });

  it('allows 30 failures per client address, and forgiven attempts do not count', async () => {
    const limiter = new MemoryTrackingRateLimiter();
    const first = await limiter.begin(key('RS-00000000'));
    if (!first.allowed) throw new Error('refused');
    await limiter.forgive(key('RS-00000000'), first.attemptId);
    for (let i = 0; i < 30; i++) expect((await limiter.begin(key(`RS-${i}`))).allowed).toBe(true);
    expect((await limiter.begin(key('RS-ZZZZZZZZ'))).allowed).toBe(false);
    expect((await limiter.begin(key('RS-ZZZZZZZZ', '198.51.100.2'))).allowed).toBe(true);
    // Counters are per store.
    expect((await limiter.begin({ ...key('RS-ZZZZZZZZ'), storeId: 2 })).allowed).toBe(true);
  });
});
