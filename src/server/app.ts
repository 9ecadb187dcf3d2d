/**
 * The Fastify application factory (docs/architecture.md). `buildApp(config)` returns a ready-to-listen app;
 * tests call `app.inject()` on it without a port.
 */
import { join } from 'node:path';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppConfig } from './config';
import { openDatabase, type Database } from './db/database';
import { registerErrorHandling, type ErrorBody } from './errors';
import { loggerOptions, type LogDestination } from './logger';
import { registerApiRoutes } from './api-routes';
import { attachBackgroundPasses } from './background-passes';
import { registerApiHooks, registerPriceTurnover } from './request-hooks';
import { registerRequestLog, requestLogOptions } from './request-log';
import { registerSecurityHeaders } from './security-headers';
import { listenForCatalogChanges, ResponseCache } from './modules/catalog/response-cache';
import { PromotionSchedule } from './modules/promotions/promotion-schedule';
import { createMailer, type Mailer } from './modules/mail/mailer';
import { OutboxSender } from './modules/mail/outbox-sender';
import { enqueueMessageMail } from './modules/mail/message-mail';
import { messageChannels } from './modules/notifications/message-channels';
import { MessageSender } from './modules/notifications/message-sender';
import type { ResolveAll } from './modules/webhooks/webhook-address';
import { WebhookSender } from './modules/webhooks/webhook-sender';
import { QuoteCache } from './modules/orders/quote-cache';
import { OrderStoreCache } from './modules/orders/order-store-cache';
import { sandboxPayuRoutes } from './modules/payments/providers/sandbox-payu';
import { sandboxRazorpayRoutes } from './modules/payments/providers/sandbox-razorpay';
import { shopOrigin } from './shop-origin';
import { formActionSources, isPayuGateway, paymentSettings } from './modules/payments/settings';
import { openMediaStorage } from './modules/media/media-storage';
import { builtFileReader, loadServerRenderer, pageHtmlRenderer } from './modules/seo/page-html';
import { pageStylesheet } from './modules/seo/page-styles';
import { registerSeoRoutes } from './modules/seo/seo-routes';
import { paymentsAreSimulated } from './modules/store-settings/store-info';
import { openRateLimitStores } from './rate-limit-redis';
import { loadStoreDirectory } from './modules/stores/service';
import { StoreLookup } from './modules/stores/store-lookup';
import { attachBackups } from './modules/backups/backup-lifecycle';
import { clientDistDir, serverRendererFile } from './paths';
import { registerStaticFiles } from './static-files';

/** The 400 answer for a path that is not valid percent-encoded UTF-8 (e.g. `%ED%A0%80`, a lone surrogate). */
export const BAD_URL_MESSAGE = 'Invalid URL: the path is not valid percent-encoded UTF-8';

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
  /** Between the payment window's passes, in ms (default 15 s: `EXPIRY_INTERVAL_MS`). */
  paymentWindowIntervalMs?: number;
  /** Between reconciliation passes, in ms (default 60 s: `RECONCILE_INTERVAL_MS`). */
  reconciliationIntervalMs?: number;
  /**
   * How long the payment window waits for the gateway about an order before cancelling it, in ms (default 5 s:
   * `BEFORE_CANCEL_WAIT_MS`); tests shorten it.
   */
  beforeCancelWaitMs?: number;
  /**
   * The webhook sender: `autoStart: false` leaves ticking to the caller (tests call `tick(now)`); a shorter
   * attempt time limit; `publicOnly` (default: NODE_ENV is production); the resolver of that rule.
   */
  webhooks?: { autoStart?: boolean; timeoutMs?: number; publicOnly?: boolean; resolveAll?: ResolveAll };
  /** The instant promotions are checked against (default: the system clock); tests move it. */
  clock?: () => Date;
  /** The message sender: `autoStart: false` leaves ticking to the caller (tests call `tick(now)`). */
  messages?: { autoStart?: boolean };
  /** Whether the review request pass starts with the app (default true; tests call `runOnce`). */
  reviewRequestsAutoStart?: boolean;
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

  const logger = options.logger === false ? false : loggerOptions(config, options.logDestination);
  const app = Fastify({
    logger,
    ...(logger && requestLogOptions()),
    bodyLimit: 256 * 1024,
    trustProxy:
      typeof config.TRUST_PROXY === 'number'
        ? (_address: string, hop: number) => hop < (config.TRUST_PROXY as number)
        : config.TRUST_PROXY,
    return503OnClosing: true,
    // The only framework error before routing here is a path that is not valid percent-encoded UTF-8
    // (FST_ERR_BAD_URL): answer it with the API's error body, not Fastify's default one.
    frameworkErrors: (_error, _request, reply) => {
      (reply as FastifyReply).code(400).send({ error: BAD_URL_MESSAGE } satisfies ErrorBody);
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const stores = new StoreLookup(await loadStoreDirectory(database.db));
  const responseCache = new ResponseCache();
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.decorate('responseCache', responseCache);
  app.decorate('quoteCache', new QuoteCache(responseCache));
  app.decorate('orderStoreCache', new OrderStoreCache(responseCache));
  const mediaStorage = await openMediaStorage(config);
  app.decorate('mediaStorage', mediaStorage);
  const ownsMailer = !options.mailer;
  const mailer = options.mailer ?? createMailer(config);
  app.decorate('mailer', mailer);
  const mailSender = new OutboxSender({ db: database.db, mailer, log: app.log });
  app.decorate('mailSender', mailSender);
  app.addHook('onReady', async () => mailSender.start());
  const messageSender = new MessageSender({
    db: database.db,
    channels: messageChannels(
      config,
      (db, storeId, mail) => enqueueMessageMail(db, storeId, mail, config.MAIL_FROM),
      () => mailSender.wake(),
    ),
    dataDir: config.DATA_DIR,
    log: app.log,
  });
  app.decorate('messageSender', messageSender);
  if (options.messages?.autoStart !== false) app.addHook('onReady', async () => messageSender.start());
  const payments = paymentSettings(config);
  const webhookSender = new WebhookSender({
    db: database.db,
    log: app.log,
    publicOnly: options.webhooks?.publicOnly ?? config.NODE_ENV === 'production',
    ...(options.webhooks?.timeoutMs ? { timeoutMs: options.webhooks.timeoutMs } : {}),
    ...(options.webhooks?.resolveAll ? { resolveAll: options.webhooks.resolveAll } : {}),
  });
  app.decorate('webhookSender', webhookSender);
  if (options.webhooks?.autoStart !== false) app.addHook('onReady', async () => webhookSender.start());
  const clock = options.clock ?? (() => new Date());
  app.decorate('clock', clock);
  // Cached prices turn over at each promotion's first second and after its last (every server on its own).
  const promotionSchedule = new PromotionSchedule(database.db, () => responseCache.clear());
  app.decorate('promotionSchedule', promotionSchedule);
  registerPriceTurnover(app, promotionSchedule, clock);
  // Payment window, reconciliation, COD confirmation, cart reminders and review requests (./background-passes.ts).
  const stopBackgroundPasses = attachBackgroundPasses(app, {
    db: database.db,
    payments,
    mailFrom: config.MAIL_FROM,
    clock,
    wakeMail: () => mailSender.wake(),
    options,
  });
  app.decorate('catalogChanged', async () => {
    responseCache.clear();
    stores.use(await loadStoreDirectory(database.db, stores.directory.defaultStoreId));
    await promotionSchedule.reload(clock());
  });
  app.decorateRequest('storeId', 0);
  const storeIdOf = (request: FastifyRequest) => stores.storeIdOf(request);

  let stopListening: (() => Promise<void>) | undefined;
  if (database.pool) {
    const onChange = () => {
      app
        .catalogChanged()
        .catch((error: unknown) => app.log.error({ err: error }, 'store directory reload failed'));
    };
    stopListening = await listenForCatalogChanges(database.pool, responseCache, onChange, app.log);
  }
  // Rate limits count in this process, or in Redis shared by every server when REDIS_URL is set.
  const rateLimits = await openRateLimitStores({
    redisUrl: config.REDIS_URL,
    keyPrefix: config.REDIS_KEY_PREFIX,
    onError: (error) => app.log.warn({ err: error }, 'Redis does not answer: rate limits count per server'),
  });
  // The daily backup and the key of the local backup route; stopped before the database closes.
  const backups = attachBackups(app);
  app.addHook('onClose', async () => {
    await stopBackgroundPasses();
    await messageSender.stop();
    await mailSender.stop();
    await webhookSender.stop();
    await stopListening?.();
    await rateLimits.close();
    await mediaStorage.close();
    if (ownsMailer) mailer.close?.();
    if (ownsDatabase) await database.close();
  });

  // The same headers on every answer, computed once (./security-headers.ts); one log line per request.
  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        // Forms post to ourselves and, with a real gateway, to its checkout (docs/payments.md).
        // (Razorpay's Checkout opens on a page of our own with its own policy: ./modules/payments/razorpay-routes.ts.)
        'form-action': [
          "'self'",
          ...(isPayuGateway(payments.gateway) && payments.gateway.url
            ? formActionSources(payments.gateway.url)
            : []),
        ],
        // Images: our own, data: URIs (QR codes), https product images from a shop's own catalogue and, with
        // MEDIA_PUBLIC_URL, the origin uploaded images are redirected to (it may be plain http on a LAN).
        'img-src': [
          "'self'",
          'data:',
          'https:',
          ...(config.MEDIA_PUBLIC_URL ? [new URL(config.MEDIA_PUBLIC_URL).origin] : []),
        ],
        // A shop may be served over plain http on a LAN address: never rewrite its own URLs to https.
        'upgrade-insecure-requests': null,
      },
    },
  });
  registerRequestLog(app, logger ? config.LOG_LEVEL : false);
  registerErrorHandling(app);

  await app.register(
    async (api) => {
      registerApiHooks(api, storeIdOf);
      await registerApiRoutes(api, {
        rateLimits,
        payments,
        backups,
        outboxDir: ownsMailer && !config.SMTP_URL ? join(config.DATA_DIR, 'outbox') : null,
      });
    },
    { prefix: '/api/v1' },
  );
  // The TEST MODE gateway at /sandbox/payu (docs/payments.md "Sandbox"): only while the sandbox is on.
  // …and the Razorpay sandbox at /sandbox/razorpay when PAYMENT_GATEWAY=razorpay.
  if (payments.sandboxEnabled) {
    await app.register(
      payments.gateway?.provider === 'razorpay-sandbox' ? sandboxRazorpayRoutes : sandboxPayuRoutes,
    );
  }
  // Pages, robots.txt, sitemaps and preview images are per store host, like the API (docs/seo.md).
  const originOf = (request: FastifyRequest) => shopOrigin(request, payments.publicUrl);
  await registerSeoRoutes(app, { storeIdOf, originOf, mediaStorage });
  await registerStaticFiles(app, (indexHtml) =>
    pageHtmlRenderer(app, {
      indexHtml,
      stylesheet: pageStylesheet(indexHtml, builtFileReader(clientDistDir)),
      storeIdOf,
      originOf,
      testMode: paymentsAreSimulated(payments),
      renderer: loadServerRenderer(serverRendererFile),
    }),
  );
  return app;
}
