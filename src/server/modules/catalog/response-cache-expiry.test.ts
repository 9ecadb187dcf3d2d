import { describe, expect, it } from 'vitest';
import { ResponseCache } from './response-cache';

/** Product answers: an age limit, refreshed ahead, and a cheap availability check (decision 002). */
describe('ResponseCache', () => {
  describe('with a maximum age (injected clock)', () => {
    /** A cache on a clock the test moves, and a load that counts its calls and can be held open. */
    function setup() {
      let time = 0;
      const cache = new ResponseCache(5000, () => time);
      let loads = 0;
      let hold: Promise<void> | undefined;
      const load = async () => {
        const n = ++loads;
        if (hold) await hold;
        return { loads: n };
      };
      return {
        cache,
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
        get: (maxAgeMs = 1000) => cache.getOrLoad('k', load, { maxAgeMs }).then(String),
      };
    }

    it('serves the cached bytes while younger than half the age, without loading', async () => {
      const t = setup();
      expect(await t.get()).toBe('{"loads":1}');
      t.tick(499);
      expect(await t.get()).toBe('{"loads":1}');
      expect(t.loads).toBe(1);
    });

    it('from half the age serves the cached bytes and reloads once in the background', async () => {
      const t = setup();
      await t.get();
      t.tick(500);
      const release = t.holdLoads();
      expect(await t.get()).toBe('{"loads":1}');
      expect(await t.get()).toBe('{"loads":1}');
      expect(t.loads).toBe(2);
      release();
      await expect.poll(() => t.get()).toBe('{"loads":2}');
      expect(t.loads).toBe(2);
    });

    it('never serves bytes at or past the age: the caller waits for fresh ones', async () => {
      const t = setup();
      await t.get();
      t.tick(1000);
      expect(await t.get()).toBe('{"loads":2}');
      // Concurrent callers past the age share one load.
      t.tick(1000);
      const release = t.holdLoads();
      const both = Promise.all([t.get(), t.get()]);
      release();
      expect(await both).toEqual(['{"loads":3}', '{"loads":3}']);
      expect(t.loads).toBe(3);
    });

    it('counts the age from the start of the load, so a slow load is older when it lands', async () => {
      const t = setup();
      const release = t.holdLoads();
      const first = t.get();
      t.tick(900);
      release();
      expect(await first).toBe('{"loads":1}');
      t.tick(100);
      expect(await t.get()).toBe('{"loads":2}');
    });

    it('keeps a key without a maximum age until cleared, whatever the clock says', async () => {
      const t = setup();
      let loads = 0;
      const load = async () => ({ plain: ++loads });
      await t.cache.getOrLoad('plain', load);
      t.tick(3_600_000);
      expect(String(await t.cache.getOrLoad('plain', load))).toBe('{"plain":1}');
    });

    it('drops a background reload that a catalogue write overtook', async () => {
      const t = setup();
      await t.get();
      t.tick(600);
      const release = t.holdLoads();
      await t.get();
      t.cache.clear();
      release();
      expect(await t.get()).toBe('{"loads":3}');
    });

    it('leaves a failed background reload to the next caller once the bytes are too old', async () => {
      let time = 0;
      const cache = new ResponseCache(5000, () => time);
      let loads = 0;
      const load = async () => {
        loads += 1;
        if (loads === 2) throw new Error('database busy');
        return { loads };
      };
      await cache.getOrLoad('k', load, { maxAgeMs: 1000 });
      time = 700;
      expect(String(await cache.getOrLoad('k', load, { maxAgeMs: 1000 }))).toBe('{"loads":1}');
      await expect.poll(() => loads).toBe(2);
      time = 1000;
      expect(String(await cache.getOrLoad('k', load, { maxAgeMs: 1000 }))).toBe('{"loads":3}');
    });
  });

  describe('with an availability check (injected clock)', () => {
    function setup() {
      let time = 0;
      const cache = new ResponseCache(5000, () => time);
      const state = { loads: 0, checks: 0, stock: 'in stock' };
      const load = async () => ({ loads: ++state.loads, stock: state.stock });
      const options = {
        maxAgeMs: 1000,
        revalidate: {
          tagOf: (value: { stock: string }) => value.stock,
          currentTag: async () => {
            state.checks += 1;
            return state.stock;
          },
        },
      };
      return {
        state,
        tick: (ms: number) => (time += ms),
        get: () => cache.getOrLoad('k', load, options).then(String),
        cache,
      };
    }

    it('keeps the bytes while the check finds the same tag, vouching for them anew', async () => {
      const t = setup();
      expect(await t.get()).toBe('{"loads":1,"stock":"in stock"}');
      t.tick(600);
      expect(await t.get()).toBe('{"loads":1,"stock":"in stock"}');
      await expect.poll(() => t.state.checks).toBe(1);
      // Vouched for at 600: at 1500 the bytes are 900 ms old, still served (and checked again).
      t.tick(900);
      expect(await t.get()).toBe('{"loads":1,"stock":"in stock"}');
      await expect.poll(() => t.state.checks).toBe(2);
      expect(t.state.loads).toBe(1);
    });

    it('loads again when the tag changed', async () => {
      const t = setup();
      await t.get();
      t.state.stock = 'sold out';
      t.tick(600);
      expect(await t.get()).toBe('{"loads":1,"stock":"in stock"}');
      await expect.poll(() => t.get()).toBe('{"loads":2,"stock":"sold out"}');
      expect(t.state.checks).toBe(1);
    });

    it('past the age, the caller waits for the check, not for a load', async () => {
      const t = setup();
      await t.get();
      t.tick(1000);
      expect(await t.get()).toBe('{"loads":1,"stock":"in stock"}');
      expect(t.state).toMatchObject({ loads: 1, checks: 1 });
      t.state.stock = 'sold out';
      t.tick(1000);
      expect(await t.get()).toBe('{"loads":2,"stock":"sold out"}');
      expect(t.state).toMatchObject({ loads: 2, checks: 2 });
    });

    it('a catalogue write still drops the bytes at once', async () => {
      const t = setup();
      await t.get();
      t.cache.clear();
      expect(await t.get()).toBe('{"loads":2,"stock":"in stock"}');
      expect(t.state.checks).toBe(0);
    });
  });
});
