/**
 * The readiness checks behind `GET /api/v1/health/ready` (src/shared/health/health-schemas.ts): can this
 * store take an order right now? Each check is bounded in time, so a database that hangs makes the answer a
 * 503 within seconds rather than a request that never ends.
 */
import type { Readiness, ReadinessCheckName, ReadinessChecks } from '@shared/health/health-schemas';
import type { Database } from '../../db/database';
import { checkWritableFolder } from '../../db/data-dir';

/** How long the database checks may take before they count as failed, in milliseconds. */
export const READINESS_TIMEOUT_MS = 3_000;

/** What each failed check means, for the 503's sentence. */
const FAILURE_SENTENCES: Record<ReadinessCheckName, string> = {
  database: 'the database does not answer',
  migrations: 'the database has migrations still to apply',
  dataDir: 'the data folder (DATA_DIR) does not take writes',
  outbox: 'the mail outbox folder does not take writes',
};

export type ReadinessTargets = {
  database: Database;
  /** The embedded database's folder (`DATA_DIR`); null with PostgreSQL or an in-memory database. */
  dataDir: string | null;
  /** The folder order e-mails are written to (no SMTP_URL); null when mail goes out through SMTP. */
  outboxDir: string | null;
};

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

function folderTakesWrites(folder: string): 'ok' | 'failed' {
  try {
    checkWritableFolder(folder);
    return 'ok';
  } catch {
    return 'failed';
  }
}

/**
 * Runs every check that applies: `database` (a trivial query answers), `migrations` (none pending; skipped
 * while the database is down), `dataDir` and `outbox` (a small file can be written, synced and removed).
 * Never throws.
 */
export async function checkReadiness(targets: ReadinessTargets): Promise<Readiness> {
  const databaseUp = await withTimeout(targets.database.ping(), READINESS_TIMEOUT_MS).catch(() => false);
  const migrationsCurrent =
    databaseUp &&
    (await withTimeout(targets.database.pendingMigrations(), READINESS_TIMEOUT_MS).then(
      (pending) => pending === 0,
      () => false,
    ));
  const checks: ReadinessChecks = {
    database: databaseUp ? 'ok' : 'failed',
    migrations: !databaseUp ? 'skipped' : migrationsCurrent ? 'ok' : 'failed',
  };
  if (targets.dataDir !== null) checks.dataDir = folderTakesWrites(targets.dataDir);
  if (targets.outboxDir !== null) checks.outbox = folderTakesWrites(targets.outboxDir);

  const failed = (Object.keys(checks) as ReadinessCheckName[]).filter((name) => checks[name] === 'failed');
  if (failed.length === 0) return { status: 'ready', checks, failed: [] };
  return {
    status: 'not_ready',
    checks,
    failed,
    error: `Not ready: ${failed.map((name) => FAILURE_SENTENCES[name]).join('; ')}.`,
  };
}
