import { z } from 'zod';

/**
 * Server configuration, parsed once from the environment at start-up (README "Configuration").
 * A bad value stops start-up with a {@link ConfigError} naming the variable.
 */
export const configSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  /** Folder for the embedded database (and, later, the mail outbox). */
  DATA_DIR: z.string().min(1).default('./data'),
  /** PostgreSQL connection string; unset → embedded PGlite in DATA_DIR. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  /** `on` loads the demo shop into an empty database at start; `off` starts an empty store. */
  DEMO_DATA: z.enum(['on', 'off'], { message: 'must be on or off' }).default('on'),
  /**
   * Reverse proxies in front of the server whose X-Forwarded-For is believed (client addresses drive the
   * sign-in rate limit): `off` (default; the socket address counts), a number of hops, or a comma list of
   * proxy addresses/CIDRs.
   */
  TRUST_PROXY: z
    .string()
    .regex(/^(off|\d{1,2}|[0-9a-fA-F.:/]+(,[0-9a-fA-F.:/]+)*)$/, 'must be off, a number of hops, or proxy addresses')
    .default('off')
    .transform((value): boolean | number | string[] =>
      value === 'off' ? false : /^\d+$/.test(value) ? Number(value) : value.split(','),
    ),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      message: 'must be one of fatal, error, warn, info, debug, trace, silent',
    })
    .default('info'),
});

export type AppConfig = z.infer<typeof configSchema>;

/** Thrown when an environment variable has a bad value; the message names every bad variable. */
export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Parses the configuration from an environment map (default `process.env`). Empty strings count as unset.
 * @throws {ConfigError} naming each variable with a bad value, e.g. `PORT: Too big: expected number to be <=65535`.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const relevant = Object.fromEntries(
    Object.keys(configSchema.shape).map((key) => [key, env[key] === '' ? undefined : env[key]]),
  );
  const parsed = configSchema.safeParse(relevant);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map(
        (issue) => `${issue.path.join('.')}: ${issue.message} (got "${env[String(issue.path[0])]}")`,
      ),
    );
  }
  return parsed.data;
}
