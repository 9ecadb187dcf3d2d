import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import type { AppConfig } from './config';
import { loggedAtInfo, SLOW_REQUEST_MS } from './request-log';
import { testConfig } from './test/test-app';
import { openTestDatabase, type TestDatabase } from './test/test-database';

type Line = { level: number; msg: string; reqId?: string; responseTime?: number } & Record<string, unknown>;

/** The app at `level`, and the lines it wrote since the last `clear()`. */
async function loggingApp(database: TestDatabase, level: AppConfig['LOG_LEVEL']) {
  const lines: string[] = [];
  const app = await buildApp(
    { ...testConfig, LOG_LEVEL: level },
    { database, logDestination: { write: (line) => void lines.push(line) } },
  );
  return {
    app,
    lines: () => lines.map((line) => JSON.parse(line) as Line),
    clear: () => void (lines.length = 0),
  };
}

describe('loggedAtInfo', () => {
  it('keeps failed and slow requests and leaves quick successes to debug', () => {
    expect(loggedAtInfo(200, 3)).toBe(false);
    expect(loggedAtInfo(304, SLOW_REQUEST_MS - 1)).toBe(false);
    expect(loggedAtInfo(200, SLOW_REQUEST_MS)).toBe(true);
    expect(loggedAtInfo(404, 1)).toBe(true);
    expect(loggedAtInfo(429, 1)).toBe(true);
    expect(loggedAtInfo(500, 1)).toBe(true);
  });
});

describe('the request log', () => {
  let database: TestDatabase;
  let info: Awaited<ReturnType<typeof loggingApp>>;
  let debug: Awaited<ReturnType<typeof loggingApp>>;
  let quiet: Awaited<ReturnType<typeof loggingApp>>;

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    info = await loggingApp(database, 'info');
    debug = await loggingApp(database, 'debug');
    quiet = await loggingApp(database, 'warn');
  });
  afterAll(async () => {
    for (const { app } of [info, debug, quiet]) await (app as FastifyInstance).close();
    await database.close();
  });

  it('at info writes nothing for a quick success', async () => {
    info.clear();
    expect((await info.app.inject({ method: 'GET', url: '/api/v1/health/live' })).statusCode).toBe(200);
    expect(info.lines()).toEqual([]);
  });

  it('at info writes one line for a failed request, with its status, time and redacted URL', async () => {
    info.clear();
    const answer = await info.app.inject({ method: 'GET', url: '/api/v1/no-such-thing?token=abc&page=2' });
    expect(answer.statusCode).toBe(404);
    const lines = info.lines();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 30,
      msg: 'request completed',
      req: { method: 'GET', url: '/api/v1/no-such-thing?token=[redacted]&page=2' },
      res: { statusCode: 404 },
    });
    expect(typeof lines[0]!.reqId).toBe('string');
    expect(typeof lines[0]!.responseTime).toBe('number');
  });

  it('at debug writes one line for every request', async () => {
    debug.clear();
    await debug.app.inject({ method: 'GET', url: '/api/v1/health/live' });
    await debug.app.inject({ method: 'GET', url: '/api/v1/health/live' });
    const lines = debug.lines();
    expect(
      lines.map((line) => [line.level, line.msg, (line.res as { statusCode: number }).statusCode]),
    ).toEqual([
      [20, 'request completed', 200],
      [20, 'request completed', 200],
    ]);
    expect(lines[0]!.reqId).not.toBe(lines[1]!.reqId);
  });

  it('at warn writes no request line, not even for a failure', async () => {
    quiet.clear();
    await quiet.app.inject({ method: 'GET', url: '/api/v1/no-such-thing' });
    expect(quiet.lines()).toEqual([]);
  });

  it('a line a route writes carries the same request id as the request line', async () => {
    info.clear();
    // A body that is not JSON: the error handler answers 400, and the request line follows.
    await info.app.inject({
      method: 'POST',
      url: '/api/v1/users/login',
      headers: { 'content-type': 'application/json' },
      payload: '{',
    });
    const lines = info.lines();
    const requestLine = lines.find((line) => line.msg === 'request completed');
    expect(requestLine).toMatchObject({ res: { statusCode: 400 } });
    for (const line of lines) expect(line.reqId).toBe(requestLine!.reqId);
  });
});
