import { z } from 'zod';
import { gatewaySettingsIssues, gatewaySettingsShape } from './gateway-settings';
import { messageSettingsIssues, messageSettingsShape } from './message-settings';

/** The demo UPI ID and payee of an unconfigured shop: test mode only, never presented as real. */
export const DEMO_UPI_VPA = 'resham.demo@upi';
export const DEMO_UPI_PAYEE_NAME = 'Resham Demo Store (TEST)';

/** The settings MEDIA_STORAGE=s3 cannot do without (S3_ENDPOINT is optional: unset → AWS S3). */
const S3_REQUIRED = ['S3_BUCKET', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

/**
 * Server configuration, parsed once from the environment at start-up (README "Configuration").
 * A bad value stops start-up with a {@link ConfigError} naming the variable.
 */
export const configSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    /**
     * Folder for the embedded database, the images uploaded in the admin (`DATA_DIR/media`) and the mail
     * outbox (`DATA_DIR/outbox` without SMTP_URL); must take writes. The embedded database locks it for one
     * process at a time (docs/decisions/007-data-dir-lock.md).
     */
    DATA_DIR: z.string().min(1).default('./data'),
    /** PostgreSQL connection string; unset → embedded PGlite in DATA_DIR. */
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
    /**
     * Redis for rate limits shared by several servers (`redis://host:6379`, `rediss://` for TLS); unset →
     * each process counts its own (docs/scaling.md).
     */
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\/\S+$/, 'must start with redis:// or rediss://')
      .optional(),
    /** Prefix of every Redis key this shop writes (several shops may share one Redis). */
    REDIS_KEY_PREFIX: z
      .string()
      .regex(/^[A-Za-z0-9._:-]{1,64}$/, 'must be 1 to 64 letters, digits or . _ : -')
      .default('resham:'),
    /** `on` loads the demo shop into an empty database at start; `off` starts an empty store. */
    DEMO_DATA: z.enum(['on', 'off'], { message: 'must be on or off' }).default('on'),
    /**
     * How the server's JavaScript heap is sized once it listens: `small` (default) collects garbage sooner
     * for a small resident size (about 270 MB on PGlite after load instead of 450–500 MB); `fast` keeps V8's
     * defaults, taking more memory for checkouts about twice as fast on PGlite (docs/benchmarks.md
     * "Memory and start").
     */
    MEMORY: z.enum(['small', 'fast'], { message: 'must be small or fast' }).default('small'),
    /**
     * Reverse proxies in front of the server whose X-Forwarded-For is believed (client addresses drive the
     * sign-in rate limit): `off` (default; the socket address counts), a number of hops, or a comma list of
     * proxy addresses/CIDRs.
     */
    TRUST_PROXY: z
      .string()
      .regex(
        /^(off|\d{1,2}|[0-9a-fA-F.:/]+(,[0-9a-fA-F.:/]+)*)$/,
        'must be off, a number of hops, or proxy addresses',
      )
      .default('off')
      .transform((value): boolean | number | string[] =>
        value === 'off' ? false : /^\d+$/.test(value) ? Number(value) : value.split(','),
      ),
    /**
     * SMTP server for order e-mails, as a nodemailer connection URL (`smtps://user:pass@mail.example.com`);
     * unset → messages are written as `.eml` files to `DATA_DIR/outbox`.
     */
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\/\S+$/, 'must start with smtp:// or smtps://')
      .optional(),
    /**
     * Sender of order e-mails when the store has no company e-mail: `Name <address>` or an address; unset →
     * `Resham <orders@localhost>`.
     */
    MAIL_FROM: z
      .string()
      .regex(
        /^(?:[^<>\r\n]*<[^\s<>@]+@[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+)$/,
        'must be an e-mail address, optionally as Name <address>',
      )
      .optional(),
    /**
     * Minutes an order waiting for payment keeps its stock reserved; when they pass unpaid the order is
     * cancelled ('payment not received in time') and its stock returns. Whole minutes 1–10080 (7 days).
     */
    PAYMENT_WINDOW_MINUTES: z.coerce
      .number()
      .int('must be a whole number of minutes')
      .min(1)
      .max(10_080)
      .default(30),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
        message: 'must be one of fatal, error, warn, info, debug, trace, silent',
      })
      .default('info'),
    /**
     * Folder of the daily backup (docs/operations.md "Back up"): set, the running store writes one
     * `resham-backup-<time>.tar.gz` a day into it and keeps the newest BACKUP_KEEP; `npm run backup` writes
     * there too. Unset → no daily backup.
     */
    BACKUP_DIR: z.string().min(1).optional(),
    /** How many daily backups BACKUP_DIR keeps (older ones are deleted), 1–1000. */
    BACKUP_KEEP: z.coerce.number().int('must be a whole number of backups').min(1).max(1000).default(14),
    /**
     * Where uploaded images are kept (docs/operations.md "Shared media (S3)"): `local` (default) the folder
     * `DATA_DIR/media`; `s3` a bucket of an S3-compatible object storage (AWS S3, Cloudflare R2, MinIO), so
     * several servers share them. `s3` needs S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY.
     */
    MEDIA_STORAGE: z.enum(['local', 's3'], { message: 'must be local or s3' }).default('local'),
    /**
     * The S3 API address of a storage that is not AWS (`https://<account>.r2.cloudflarestorage.com`,
     * `http://minio.internal:9000`; addressed path-style); unset → AWS S3 in S3_REGION.
     */
    S3_ENDPOINT: z
      .string()
      .regex(
        /^https?:\/\/[^\s/?#]+\/?$/,
        'must be an http(s) address without a path, such as https://s3.example.com',
      )
      .transform((value) => value.replace(/\/+$/, ''))
      .optional(),
    /** The bucket holding the images (with MEDIA_STORAGE=s3). */
    S3_BUCKET: z
      .string()
      .regex(
        /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
        'must be a bucket name: 3 to 63 lower-case letters, digits, . or -',
      )
      .optional(),
    /** The bucket's region (`ap-south-1`; `auto` on Cloudflare R2; MinIO takes `us-east-1`). */
    S3_REGION: z
      .string()
      .regex(/^[a-z0-9-]{2,32}$/, 'must be a region such as ap-south-1 or auto')
      .optional(),
    /** The access key's ID and secret (an access key allowed to put, get and delete objects in the bucket). */
    S3_ACCESS_KEY_ID: z
      .string()
      .regex(/^\S{1,256}$/, 'must be an access key ID (no spaces)')
      .optional(),
    S3_SECRET_ACCESS_KEY: z
      .string()
      .regex(/^\S{1,256}$/, 'must be a secret access key (no spaces)')
      .optional(),
    /**
     * The public address of the bucket's files (a CDN or the bucket's public URL, `https://media.example.com`),
     * with MEDIA_STORAGE=s3: `/media/store/…` then redirects there and the page's img-src allows its origin;
     * unset → the server reads each image from the bucket and sends it itself.
     */
    MEDIA_PUBLIC_URL: z
      .string()
      .regex(/^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/, 'must be an http(s) URL without query or fragment')
      .transform((value) => value.replace(/\/+$/, ''))
      .optional(),
    /** `production` turns the payment sandbox and the demo UPI ID off unless PAYMENTS_SANDBOX=on (docs/payments.md). */
    NODE_ENV: z.string().optional(),
    /**
     * The shop's public address (`https://shop.example.com`), used for the gateway's return URLs (surl/furl);
     * unset → the address of each request (its Host header and protocol).
     */
    PUBLIC_URL: z
      .string()
      .regex(/^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/, 'must be an http(s) URL without query or fragment')
      .transform((value) => value.replace(/\/+$/, ''))
      .optional(),
    /** The UPI ID (VPA) customers pay to; the default is a clearly marked demo ID (test mode only). */
    UPI_VPA: z
      .string()
      .regex(/^[A-Za-z0-9._-]{2,256}@[A-Za-z][A-Za-z0-9.-]{1,63}$/, 'must be a UPI ID such as shop@okaxis')
      .default(DEMO_UPI_VPA),
    /** The payee name shown by UPI apps (`pn`). */
    UPI_PAYEE_NAME: z
      .string()
      .trim()
      .min(1)
      // eslint-disable-next-line no-control-regex -- refusing control characters is the point.
      .regex(/^[^\u0000-\u001f\u007f]{1,99}$/, 'must be 1 to 99 characters without control characters')
      .default(DEMO_UPI_PAYEE_NAME),
    /** Shared secret of the UPI provider's confirmation webhook (HMAC-SHA256); unset → the webhook is off. */
    UPI_WEBHOOK_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
    /**
     * Shiprocket's API (docs/shipping.md): https://apiv2.shiprocket.in; tests point it at a local stand-in. The
     * account itself (API user, pickup location, webhook token) is the owner's Shiprocket settings in the admin.
     */
    SHIPROCKET_API_URL: z
      .string()
      .regex(/^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/, 'must be an http(s) URL without query or fragment')
      .transform((value) => value.replace(/\/+$/, ''))
      .default('https://apiv2.shiprocket.in'),
    /** The card / net-banking gateways, PayU and Razorpay (./gateway-settings.ts, docs/payments.md). */
    ...gatewaySettingsShape,
    /** WhatsApp Cloud API and MSG91 (./message-settings.ts, docs/messages.md). */
    ...messageSettingsShape,
  })
  .superRefine((config, context) => {
    for (const issue of [...gatewaySettingsIssues(config), ...messageSettingsIssues(config)]) {
      context.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
    }
    if (config.MEDIA_STORAGE === 's3') {
      for (const key of S3_REQUIRED) {
        if (!config[key]) {
          context.addIssue({ code: 'custom', path: [key], message: 'must be set when MEDIA_STORAGE is s3' });
        }
      }
    } else if (config.MEDIA_PUBLIC_URL) {
      context.addIssue({
        code: 'custom',
        path: ['MEDIA_PUBLIC_URL'],
        message: 'is used only with MEDIA_STORAGE=s3 (local images are served by the store itself)',
      });
    }
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
      parsed.error.issues.map((issue) => {
        const value = env[String(issue.path[0])];
        return `${issue.path.join('.')}: ${issue.message} ${value === undefined ? '(unset)' : `(got "${value}")`}`;
      }),
    );
  }
  return parsed.data;
}
