import { describe, expect, it } from 'vitest';
import { KeptValues } from './kept-values';
import { ResponseCache } from './response-cache';

/** Kept search matches: forgotten with the response cache, aged, refreshed ahead and bounded by weight. */
describe('KeptValues', () => {
  /** Kept values of a response cache on a clock the test moves; loads count their calls and can be held. */
  function setup(maxWeight = 100) {
    let time = 0;
    const cache = new ResponseCache(5000, () => time);
    const kept = new KeptValues(cache, maxWeight, () => time);
    let loads = 0;
    let hold: Promise<void> | undefined;
    const load = (weight: number) => async () => {
      const n = ++loads;
      if (hold) await hold;
      return { n, weight };
    };
    const options = { maxAgeMs: 1000, weightOf: (value: { weight: number }) => value.weight };
    return {
      cache,
      kept,
      get loads() {
        return loads;
      },
      tick: (ms: number) => (time += ms),
      holdLoads() {
        let release: () => void = () => undefined;
        hold = new Promise((resolve) => (release = resolve));
        return () => {
          hold = undefined;
          release();
        };
      },
      get: (key = 'k', weight = 10) => kept.get(key, load(weight), options).then((value) => value.n),
    };
  }

  it('keeps the object itself (no copy) and loads once for concurrent readers', async () => {
    const t = setup();
    const object = { n: 1, weight: 1 };
    const first = await t.kept.get('k', async () => object, { maxAgeMs: 1000, weightOf: () => 1 });
    const again = await t.kept.get('k', async () => ({ n: 2, weight: 1 }), {
      maxAgeMs: 1000,
      weightOf: () => 1,
    });
    expect(first).toBe(object);
    expect(again).toBe(object);
    const [a, b] = await Promise.all([t.get('other'), t.get('other')]);
    expect([a, b, t.loads]).toEqual([1, 1, 1]);
  });

  it('serves until half the age, then serves and reloads once in the background; never past the age', async () => {
    const t = setup();
    expect(await t.get()).toBe(1);
    t.tick(499);
    expect(await t.get()).toBe(1);
    t.tick(1);
    const release = t.holdLoads();
    expect(await t.get()).toBe(1);
    expect(await t.get()).toBe(1);
    expect(t.loads).toBe(2);
    release();
    await expect.poll(() => t.get()).toBe(2);
    t.tick(1000);
    expect(await t.get()).toBe(3);
  });

  it('forgets everything on a catalogue write, and keeps nothing loaded across one', async () => {
    const t = setup();
    await t.get();
    t.cache.clear();
    expect(await t.get()).toBe(2);
    const release = t.holdLoads();
    const loading = t.get('new');
    t.cache.clear();
    release();
    expect(await loading).toBe(3);
    expect(await t.get('new')).toBe(4);
    expect(t.kept.weight).toBe(10);
  });

  it('keeps nothing while the response cache is bypassed', async () => {
    const t = setup();
    await t.get();
    t.cache.bypass();
    expect(await t.get()).toBe(2);
    expect(await t.get()).toBe(3);
    t.cache.resume();
    expect(await t.get()).toBe(4);
    expect(await t.get()).toBe(4);
  });

  it('bounds the total weight, dropping the least recently read; a value heavier than the bound is not kept', async () => {
    const t = setup(25);
    await t.get('a');
    await t.get('b');
    await t.get('a');
    await t.get('c');
    expect(t.kept.weight).toBe(20);
    expect(await t.get('a')).toBe(1);
    expect(await t.get('b')).toBe(4);
    expect(await t.get('huge', 26)).toBe(5);
    expect(await t.get('huge', 26)).toBe(6);
    expect(t.kept.weight).toBe(20);
  });
});
