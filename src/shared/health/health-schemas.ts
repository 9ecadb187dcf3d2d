import { z } from 'zod';

/**
 * Health answers of the API, for load balancers, systemd and uptime monitors (README "Health checks"):
 *
 * - `GET /api/v1/health/live`: the process is up and serving (200 `{ status: 'ok' }`); a supervisor restarts
 *   the store when this fails.
 * - `GET /api/v1/health/ready`: the store can take orders: the database answers, its migrations are current,
 *   and the folders it writes to take writes. 200 when every check passes, else 503 naming the failed checks;
 *   a load balancer sends no traffic while this fails.
 * - `GET /api/v1/health`: the original check of the database alone (200 up, 503 down), kept for existing
 *   monitors.
 */

/** `GET /health/live`, always 200. */
export const livenessSchema = z.object({ status: z.literal('ok') });

/** The readiness checks: `dataDir` only with the embedded database, `outbox` only when mail goes to files. */
export const readinessCheckNames = ['database', 'migrations', 'dataDir', 'outbox'] as const;
export const readinessCheckNameSchema = z.enum(readinessCheckNames);
export type ReadinessCheckName = z.infer<typeof readinessCheckNameSchema>;

/** A check's result; `skipped` when it could not run (migrations are not checked without a database). */
export const checkResultSchema = z.enum(['ok', 'failed', 'skipped']);

/** The result of each check that applies to this store. */
export const readinessChecksSchema = z.object({
  database: checkResultSchema,
  migrations: checkResultSchema,
  dataDir: checkResultSchema.optional(),
  outbox: checkResultSchema.optional(),
});
export type ReadinessChecks = z.infer<typeof readinessChecksSchema>;

/** `GET /health/ready` 200: every check passed. */
export const readySchema = z.object({
  status: z.literal('ready'),
  checks: readinessChecksSchema,
  failed: z.array(readinessCheckNameSchema).length(0),
});

/** `GET /health/ready` 503: `failed` names the checks that failed; `error` says it in one sentence. */
export const notReadySchema = z.object({
  status: z.literal('not_ready'),
  checks: readinessChecksSchema,
  failed: z.array(readinessCheckNameSchema).min(1),
  error: z.string(),
});

export type Readiness = z.infer<typeof readySchema> | z.infer<typeof notReadySchema>;

/** `GET /health`: 200 with the database up, 503 with it down. */
export const databaseHealthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['up', 'down']),
});
