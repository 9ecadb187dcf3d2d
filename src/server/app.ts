/**
 * The Fastify application factory (docs/architecture.md). `buildApp(config)` returns a ready-to-listen app;
 * tests call `app.inject()` on it without a port.
 */
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppConfig } from './config';
import { openDatabase, type Database, type Db } from './db/database';
import { registerErrorHandling } from './errors';
import { loggerOptions, type LogDestination } from './logger';
import { catalogRoutes } from './modules/catalog/routes';
import { listenForCatalogChanges, ResponseCache } from './modules/catalog/response-cache';
import { healthRoutes } from './modules/health/routes';
import { createMailer, type Mailer } from './modules/orders/mailer';
import { orderRoutes } from './modules/orders/routes';
import { sandboxPayuRoutes } from './modules/payments/providers/sandbox-payu';
import { paymentRoutes } from './modules/payments/routes';
import { formActionSources, paymentSettings } from './modules/payments/settings';
import { userRoutes } from './modules/users/routes';
import {
  loadStoreDirectory,
  normalizeHost,
  resolveStoreId,
  type StoreDirectory,
} from './modules/stores/service';
import { registerStaticFiles } from './static-files';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    database: Database;
    db: Db;
    responseCache: ResponseCache;
    /** Sends order e-mails (SMTP_URL, else the DATA_DIR/outbox folder; tests inject a nodemailer transport). */
    mailer: Mailer;
    /** Reloads the store directory and drops cached catalogue responses (after a catalogue write). */
    catalogChanged(): Promise<void>;
  }
  interface FastifyRequest {
    /** The store this request belongs to, from `X-Store-Host`, else `Host` (docs/decisions/003-store-from-host.md). */
    storeId: number;
  }
}

export type BuildAppOptions = {
  /** An open, migrated database. Without one, the app opens the configured database and migrates it. */
  database?: Database;
  /** Pino logging (default: on, at `config.LOG_LEVEL`). */
  logger?: boolean;
  /** Where log lines go (default: standard output, see src/server/logger.ts). */
  logDestination?: LogDestination;
  /**
   * Sends order e-mails (any nodemailer transporter). Without one, the app sends through `SMTP_URL`, else
   * writes `.eml` files to `DATA_DIR/outbox`.
   */
  mailer?: Mailer;
};

/**
 * Builds the app: security headers, the single error handler, `/api/v1` routes scoped to the request's
 * store, and the storefront's static files.
 * @throws when the database cannot be opened or migrated.
 */
export async function buildApp(config: AppConfig, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const ownsDatabase = !options.database;
  const database =
    options.database ?? (await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR }));
  if (ownsDatabase) await database.migrate();

  const app = Fastify({
    logger: options.logger === false ? false : loggerOptions(config, options.logDestination),
    bodyLimit: 256 * 1024,
    trustProxy:
      typeof config.TRUST_PROXY === 'number'
        ? (_address: string, hop: number) => hop < (config.TRUST_PROXY as number)
        : config.TRUST_PROXY,
    return503OnClosing: true,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  let directory: StoreDirectory = await loadStoreDirectory(database.db);
  const responseCache = new ResponseCache();
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.decorate('responseCache', responseCache);
  const ownsMailer = !options.mailer;
  const mailer = options.mailer ?? createMailer(config);
  app.decorate('mailer', mailer);
  app.decorate('catalogChanged', async () => {
    responseCache.clear();
    directory = await loadStoreDirectory(database.db);
  });
  app.decorateRequest('storeId', 0);

  let stopListening: (() => Promise<void>) | undefined;
  if (database.pool) {
    stopListening = await listenForCatalogChanges(database.pool, () => {
      app
        .catalogChanged()
        .catch((error: unknown) => app.log.error({ err: error }, 'store directory reload failed'));
    });
  }
  app.addHook('onClose', async () => {
    await stopListening?.();
    if (ownsMailer) mailer.close?.();
    if (ownsDatabase) await database.close();
  });

  const payments = paymentSettings(config);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        // Forms post to ourselves and, with a real gateway, to its checkout (docs/payments.md).
        'form-action': ["'self'", ...(payments.gateway?.url ? formActionSources(payments.gateway.url) : [])],
        // Images: our own, data: URIs (QR codes) and https product images from a shop's own catalogue.
        'img-src': ["'self'", 'data:', 'https:'],
        // A shop may be served over plain http on a LAN address: never rewrite its own URLs to https.
        'upgrade-insecure-requests': null,
      },
    },
  });
  registerErrorHandling(app);

  await app.register(
    async (api) => {
      api.addHook('onRequest', async (request, reply) => {
        const host = normalizeHost(
          (request.headers['x-store-host'] as string | undefined) || request.headers.host,
        );
        request.storeId = resolveStoreId(directory, host);
        reply.header('cache-control', 'no-cache');
      });
      await api.register(healthRoutes, {
        outboxDir: ownsMailer && !config.SMTP_URL ? join(config.DATA_DIR, 'outbox') : null,
      });
      await api.register(catalogRoutes);
      await api.register(userRoutes);
      await api.register(orderRoutes, { mailer });
      await api.register(paymentRoutes, { settings: payments });
    },
    { prefix: '/api/v1' },
  );
  // The TEST MODE gateway at /sandbox/payu (docs/payments.md "Sandbox"): only while the sandbox is on.
  if (payments.sandboxEnabled) await app.register(sandboxPayuRoutes);
  await registerStaticFiles(app);
  return app;
}
