/**
 * Builds the real app on a test database, silent, for `app.inject()` tests. The review request pass does not
 * start by itself (a test runs it with `app.reviewRequests.runOnce(now)`), so no test's outbox gets its mails.
 */
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildAppOptions } from '../app';
import { loadConfig, type AppConfig } from '../config';
import type { Database } from '../db/database';

export const testConfig: AppConfig = loadConfig({ LOG_LEVEL: 'silent', DEMO_DATA: 'off' });

export function buildTestApp(
  database: Database,
  config: Partial<AppConfig> = {},
  options: Omit<BuildAppOptions, 'database'> = {},
): Promise<FastifyInstance> {
  return buildApp(
    { ...testConfig, ...config },
    { database, logger: false, reviewRequestsAutoStart: false, ...options },
  );
}
