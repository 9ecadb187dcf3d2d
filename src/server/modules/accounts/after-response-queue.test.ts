import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { AfterResponseQueue, afterResponseWorkDone, trackQueue } from './after-response-queue';

/** A logger that keeps what it is told. */
function recordingLog() {
  const entries: { level: string; data: unknown; message: string }[] = [];
  const log = Fastify({ logger: false }).log;
  const record = (level: string) => (data: unknown, message: string) =>
    void entries.push({ level, data, message });
  return {
    entries,
    log: Object.assign(Object.create(log) as typeof log, { warn: record('warn'), error: record('error') }),
  };
}

describe('AfterResponseQueue', () => {
  it('runs tasks one at a time in arrival order, after the current turn of the event loop', async () => {
    const { log } = recordingLog();
    const queue = new AfterResponseQueue('test', log);
    const events: string[] = [];
    let running = 0;
    const task = (name: string) => async () => {
      running += 1;
      expect(running).toBe(1);
      events.push(`start ${name}`);
      await new Promise((resolve) => setImmediate(resolve));
      events.push(`end ${name}`);
      running -= 1;
    };
    queue.push(task('a'));
    queue.push(task('b'));
    events.push('answered');
    await queue.idle();
    expect(events).toEqual(['answered', 'start a', 'end a', 'start b', 'end b']);
  });

  it('logs a failed task without its data and runs the next one', async () => {
    const { entries, log } = recordingLog();
    const queue = new AfterResponseQueue('password-reset', log);
    const done: string[] = [];
    queue.push(async () => {
      throw new Error('database down');
    });
    queue.push(async () => void done.push('next'));
    await queue.idle();
    expect(done).toEqual(['next']);
    expect(entries).toEqual([
      {
        level: 'error',
        data: { err: new Error('database down'), queue: 'password-reset' },
        message: 'background task failed',
      },
    ]);
  });

  it('drops tasks past the bound with a warning', async () => {
    const { entries, log } = recordingLog();
    const queue = new AfterResponseQueue('test', log, 2);
    const ran: number[] = [];
    expect(queue.push(async () => void ran.push(1))).toBe(true);
    expect(queue.push(async () => void ran.push(2))).toBe(true);
    expect(queue.push(async () => void ran.push(3))).toBe(false);
    await queue.idle();
    expect(ran).toEqual([1, 2]);
    expect(entries).toEqual([
      { level: 'warn', data: { queue: 'test' }, message: 'background queue full: task dropped' },
    ]);
    expect(queue.push(async () => void ran.push(4))).toBe(true);
    await queue.idle();
    expect(ran).toEqual([1, 2, 4]);
  });

  it('afterResponseWorkDone waits for the queues of that app only', async () => {
    const app = Fastify({ logger: false });
    const other = Fastify({ logger: false });
    const queue = new AfterResponseQueue('test', app.log);
    await app.register(async (scope) => trackQueue(scope, queue));
    await app.ready();
    let finished = false;
    queue.push(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      finished = true;
    });
    await afterResponseWorkDone(other);
    expect(finished).toBe(false);
    await afterResponseWorkDone(app);
    expect(finished).toBe(true);
    await app.close();
    await other.close();
  });
});
