import { spawn } from 'node:child_process';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { redactUrl } from './logger';
import { testConfig } from './test/test-app';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from './test/test-database';

describe('log destination', () => {
  it('lets the process exit when the reader of standard output has gone', { timeout: 60_000 }, async () => {
    // pino's default destination writes asynchronously and, at exit, retries its failed writes forever: this
    // child, logging three lines into a broken pipe and exiting, never ended with it.
    const script = `
      import Fastify from 'fastify';
      import { loggerOptions } from './src/server/logger.ts';
      const app = Fastify({ logger: loggerOptions({ LOG_LEVEL: 'info' }) });
      process.stdin.once('data', () => {
        app.log.info('one');
        app.log.info('two');
        app.log.info('three');
        process.exit(0);
      });
      console.error('ready');`;
    const child = spawn(process.execPath, ['--import', 'tsx', '-e', script], {
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    await new Promise<void>((resolve) =>
      child.stderr.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && resolve()),
    );
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.stdout.destroy();
    child.stdin.write('go\n');
    let timer: NodeJS.Timeout | undefined;
    const outcome = await Promise.race([
      exited,
      new Promise<'still running'>((resolve) => {
        timer = setTimeout(() => resolve('still running'), 10_000);
      }),
    ]);
    clearTimeout(timer);
    if (outcome === 'still running') child.kill('SIGKILL');
    expect(outcome).toBe(0);
  });
});

describe('redactUrl', () => {
  it('hides the values of secret query parameters and keeps the rest of the request line', () => {
    expect(redactUrl('/reset-password?token=abc&from=mail')).toBe(
      '/reset-password?token=[redacted]&from=mail',
    );
    expect(redactUrl('/x?Token=1&%74oken=2&password=p&email=a%40b.in&page=2')).toBe(
      '/x?Token=[redacted]&%74oken=[redacted]&password=[redacted]&email=[redacted]&page=2',
    );
    expect(redactUrl('/api/v1/orders/RS-7KQ29XD3?contactInfo=9839041736')).toBe(
      '/api/v1/orders/RS-7KQ29XD3?contactInfo=[redacted]',
    );
    expect(redactUrl('/products?page=2&limit=12')).toBe('/products?page=2&limit=12');
    expect(redactUrl('/products')).toBe('/products');
    expect(redactUrl('/x?%E0%A4=1&token')).toBe('/x?%E0%A4=1&token');
  });
});

describe.each(testDatabaseKinds)('what the log keeps secret on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  const lines: string[] = [];

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    app = await buildApp(
      { ...testConfig, LOG_LEVEL: 'info' },
      { database, logDestination: { write: (line) => void lines.push(line) } },
    );
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('a failed database write logs neither the e-mail nor the password hash it carried', async () => {
    // Every new account now fails in the database, after the password was hashed.
    await database.db.execute(sql`ALTER TABLE users ADD CONSTRAINT no_new_users CHECK (false) NOT VALID`);
    try {
      const response = await app.inject({
        method: 'POST',
        url: '/api/v1/users/register',
        payload: {
          firstName: 'Asha',
          lastName: 'Verma',
          email: 'asha.verma@example.com',
          password: 'Banarasi-silk-1987',
        },
      });
      expect(response.statusCode).toBe(500);
    } finally {
      await database.db.execute(sql`ALTER TABLE users DROP CONSTRAINT no_new_users`);
    }
    const log = lines.join('');
    expect(log).toContain('"msg":"unhandled error"');
    expect(log).toContain('no_new_users');
    expect(log).not.toContain('asha.verma@example.com');
    expect(log).not.toContain('$argon2');
    expect(log).not.toContain('Banarasi-silk-1987');
  });

  it('redacts known secret fields wherever a log entry carries them', () => {
    lines.length = 0;
    app.log.info(
      {
        email: 'a@example.com',
        user: { passwordHash: '$argon2id$v=19$x', phone: '+91 98390 41736' },
        request: { headers: { authorization: 'Bearer abc', cookie: 'sid=1' }, token: 'tok' },
      },
      'secrets',
    );
    const entry = JSON.parse(lines[0]!) as Record<string, unknown>;
    expect(entry).toMatchObject({
      email: '[redacted]',
      user: { passwordHash: '[redacted]', phone: '[redacted]' },
      request: { headers: { authorization: '[redacted]', cookie: '[redacted]' }, token: '[redacted]' },
    });
  });
});
