import { describe, expect, it } from 'vitest';
import { OutboxLoop, type TickCause } from './outbox-loop';

/**
 * A loop whose ticks record their cause and wait at a gate (open unless `gated`); failures are collected as
 * logged, and `written()` plays the outbox's "something was written" signal.
 */
function recordingLoop(options: { gated?: boolean; fail?: boolean } = {}) {
  const causes: TickCause[] = [];
  const logged: string[] = [];
  let inTick = 0;
  let overlapped = false;
  let openGate: () => void = () => undefined;
  const gate = options.gated ? new Promise<void>((resolve) => (openGate = resolve)) : Promise.resolve();
  let signal: (() => void) | undefined;
  const loop = new OutboxLoop({
    intervalMs: 60_000,
    wakeDelayMs: 10,
    tick: async (cause) => {
      inTick++;
      if (inTick > 1) overlapped = true;
      causes.push(cause);
      await gate;
      inTick--;
      if (options.fail) throw new Error('database is down');
    },
    log: { error: (_object, message) => logged.push(message) },
    failureMessage: 'test outbox tick failed',
    subscribe: (wake) => {
      signal = wake;
      return () => (signal = undefined);
    },
  });
  return { loop, causes, logged, openGate, overlapped: () => overlapped, written: () => signal?.() };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `condition` holds (checked every 5 ms, for at most 5 s). */
async function until(condition: () => boolean): Promise<void> {
  for (let waited = 0; !condition(); waited += 5) {
    if (waited > 5_000) throw new Error('condition not met within 5 s');
    await pause(5);
  }
}

describe('OutboxLoop', () => {
  it('ticks at start, then after a wake-up; signals and wake-ups within the delay share one tick', async () => {
    const { loop, causes, written } = recordingLoop();
    loop.start();
    await until(() => causes.length === 1);
    written();
    written();
    loop.wake();
    await until(() => causes.length === 2);
    await pause(30);
    await loop.stop();
    expect(causes).toEqual(['timer', 'wake']);
  });

  it('runs a wake-up tick asked during a tick after it, never beside it', async () => {
    const { loop, causes, openGate, overlapped } = recordingLoop({ gated: true });
    loop.start();
    await until(() => causes.length === 1);
    loop.wake();
    await pause(30); // the wake-up's tick is asked while the first waits at the gate
    expect(causes).toEqual(['timer']);
    openGate();
    await until(() => causes.length === 2);
    await loop.stop();
    expect(causes).toEqual(['timer', 'wake']);
    expect(overlapped()).toBe(false);
  });

  it('stop waits for the running tick; a tick queued behind it does not start', async () => {
    const { loop, causes, openGate } = recordingLoop({ gated: true });
    loop.start();
    await until(() => causes.length === 1);
    loop.wake();
    await pause(30);
    let stopped = false;
    const stopping = loop.stop().then(() => (stopped = true));
    await pause(20);
    expect(stopped).toBe(false);
    openGate();
    await stopping;
    expect(causes).toEqual(['timer']);
  });

  it('logs a failed tick with its message and still ticks on the next wake-up', async () => {
    const { loop, causes, logged } = recordingLoop({ fail: true });
    loop.start();
    await until(() => logged.length === 1);
    loop.wake();
    await until(() => logged.length === 2);
    await loop.stop();
    expect(causes).toEqual(['timer', 'wake']);
    expect(logged).toEqual(['test outbox tick failed', 'test outbox tick failed']);
  });

  it('does nothing on a wake-up before start or after stop, and unsubscribes on stop', async () => {
    const { loop, causes, written } = recordingLoop();
    loop.wake();
    written();
    await pause(20);
    expect(causes).toEqual([]);
    loop.start();
    await until(() => causes.length === 1);
    await loop.stop();
    written();
    loop.wake();
    await pause(20);
    expect(causes).toEqual(['timer']);
  });
});
