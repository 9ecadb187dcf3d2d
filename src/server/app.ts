/**
 * The Fastify application factory (docs/architecture.md). `buildApp(config)` returns a ready-to-listen app;
 * tests call `app.inject()` on it without a port.
 */
import { join } from 'node:path';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import helmet from '@fastify/helmet';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppConfig } from './config';
import { openDatabase, type Database, type Db } from './db/database';
import { registerErrorHandling, type ErrorBody } from './errors';
import { loggerOptions, type LogDestination } from './logger';
import { refuseNulCharacters } from './refuse-nul';
import { adminApi } from './modules/admin/admin-api';
import { catalogRoutes } from './modules/catalog/routes';
import { listenForCatalogChanges, ResponseCache } from './modules/catalog/response-cache';
import { PromotionSchedule } from './modules/promotions/promotion-schedule';
import { searchRoutes } from './modules/search/routes';
import { deliveryRoutes } from './modules/delivery/routes';
import { gstRoutes } from './modules/gst/routes';
import { healthRoutes } from './modules/health/routes';
import { createMailer, type Mailer } from './modules/mail/mailer';
import { OutboxSender } from './modules/mail/outbox-sender';
import type { ResolveAll } from './modules/webhooks/webhook-address';
import { WebhookSender } from './modules/webhooks/webhook-sender';
import { PaymentWindowTimer } from './modules/orders/payment-window';
import { orderDocumentRoutes } from './modules/orders/document-routes';
import { orderRoutes } from './modules/orders/routes';
import { returnRoutes } from './modules/returns/routes';
import { courierRoutes } from './modules/couriers/routes';
import { applyGatewayRefundEvent } from './modules/refunds/gateway-refund-event';
import { sandboxPayuRoutes } from './modules/payments/providers/sandbox-payu';
import { sandboxRazorpayRoutes } from './modules/payments/providers/sandbox-razorpay';
import { paymentRoutes } from './modules/payments/routes';
import { beforeCancelHook } from './modules/payments/reconciliation';
import { ReconciliationTimer } from './modules/payments/reconciliation-timer';
import { shopOrigin } from './shop-origin';
import { formActionSources, isPayuGateway, paymentSettings } from './modules/payments/settings';
import { openMediaStorage, type MediaStorage } from './modules/media/media-storage';
import { builtFileReader, loadServerRenderer, pageHtmlRenderer } from './modules/seo/page-html';
import { pageStylesheet } from './modules/seo/page-styles';
import { registerSeoRoutes } from './modules/seo/seo-routes';
import { storeInfoRoutes } from './modules/store-settings/routes';
import { paymentsAreSimulated } from './modules/store-settings/store-info';
import { StoreTrackingRateLimiter } from './modules/orders/tracking-rate-limit';
import {
  AddressRateLimiter,
  MAX_CONTACT_MESSAGES_PER_ADDRESS,
  MAX_NEWSLETTER_SIGNUPS_PER_ADDRESS,
} from './modules/messages/message-rate-limits';
import { messageRoutes } from './modules/messages/routes';
import { PasswordResetRateLimiter } from './modules/accounts/password-reset-rate-limit';
import { RegistrationRateLimiter } from './modules/accounts/registration-rate-limit';
import { accountRoutes } from './modules/accounts/routes';
import { wishlistRoutes } from './modules/wishlist/routes';
import { addressBookRoutes } from './modules/address-book/routes';
import { StoreSignInRateLimiter } from './modules/accounts/sign-in-rate-limit';
import { openRateLimitStores } from './rate-limit-redis';
import {
  loadStoreDirectory,
  normalizeHost,
  resolveStoreId,
  type StoreDirectory,
} from './modules/stores/service';
import { attachBackups } from './modules/backups/backup-lifecycle';
import { backupRoutes } from './modules/backups/routes';
import { clientDistDir, serverRendererFile } from './paths';
import { registerStaticFiles } from './static-files';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    database: Database;
    db: Db;
    responseCache: ResponseCache;
    /** Sends order e-mails (SMTP_URL, else the DATA_DIR/outbox folder; tests inject a nodemailer transport). */
    mailer: Mailer;
    /** Sends the mail outbox (started and stopped with the app); `wake()` after writing a mail. */
    mailSender: OutboxSender;
    /** Sends the webhook outbox (docs/webhooks.md); started and stopped with the app. */
    webhookSender: WebhookSender;
    /**
     * Cancels orders whose payment window closed unpaid: a catch-up pass when the app is ready, then one on a
     * timer; stopped when the app closes.
     */
    paymentWindow: PaymentWindowTimer;
    /**
     * Asks the gateway about payment attempts whose callback never came (docs/payments.md "Reconciliation"):
     * a pass when the app is ready, then one on a timer; stopped when the app closes.
     */
    reconciliation: ReconciliationTimer;
    /** Reloads the store directory and drops cached catalogue responses (after a catalogue write). */
    catalogChanged(): Promise<void>;
    /** Where uploaded images are kept: `DATA_DIR/media`, or a bucket with MEDIA_STORAGE=s3. */
    mediaStorage: MediaStorage;
    /**
     * The instant prices are computed for (promotions start and end by it): the system clock, or the test's
     * clock (`BuildAppOptions.clock`).
     */
    clock(): Date;
    /** The next promotion boundary and the cache turnover at it (docs/decisions/028-promotion-prices.md). */
    promotionSchedule: PromotionSchedule;
  }
  interface FastifyRequest {
    /** The store of this request: `X-Store-Host`, else `Host` (docs/decisions/003-store-from-host.md). */
    storeId: number;
  }
}

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
   * The webhook sender: `autoStart: false` leaves ticking to the caller (tests call `tick(now)`); a shorter
   * attempt time limit; `publicOnly` (default: NODE_ENV is production); the resolver of that rule.
   */
  webhooks?: { autoStart?: boolean; timeoutMs?: number; publicOnly?: boolean; resolveAll?: ResolveAll };
  /** The instant promotions are checked against (default: the system clock); tests move it. */
  clock?: () => Date;
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
    // The only framework error before routing here is a path that is not valid percent-encoded UTF-8
    // (FST_ERR_BAD_URL): answer it with the API's error body, not Fastify's default one.
    frameworkErrors: (_error, _request, reply) => {
      (reply as FastifyReply).code(400).send({ error: BAD_URL_MESSAGE } satisfies ErrorBody);
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  let directory: StoreDirectory = await loadStoreDirectory(database.db);
  const responseCache = new ResponseCache();
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.decorate('responseCache', responseCache);
  const mediaStorage = await openMediaStorage(config);
  app.decorate('mediaStorage', mediaStorage);
  const ownsMailer = !options.mailer;
  const mailer = options.mailer ?? createMailer(config);
  app.decorate('mailer', mailer);
  const mailSender = new OutboxSender({ db: database.db, mailer, log: app.log });
  app.decorate('mailSender', mailSender);
  app.addHook('onReady', async () => mailSender.start());
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
  const paymentWindow = new PaymentWindowTimer({
    db: database.db,
    log: app.log,
    mailFrom: config.MAIL_FROM,
    intervalMs: options.paymentWindowIntervalMs,
    onExpired: () => mailSender.wake(),
    // Before an order is cancelled unpaid, the gateway is asked whether it was paid after all.
    beforeCancel: beforeCancelHook(database.db, {
      settings: payments,
      mailFrom: config.MAIL_FROM,
      log: app.log,
    }),
  });
  app.decorate('paymentWindow', paymentWindow);
  // Catches up on orders that expired while the store was down, then keeps watching.
  app.addHook('onReady', async () => paymentWindow.start());
  const reconciliation = new ReconciliationTimer({
    db: database.db,
    settings: payments,
    log: app.log,
    mailFrom: config.MAIL_FROM,
    intervalMs: options.reconciliationIntervalMs,
    onPaid: () => mailSender.wake(),
  });
  app.decorate('reconciliation', reconciliation);
  app.addHook('onReady', async () => reconciliation.start());
  const clock = options.clock ?? (() => new Date());
  app.decorate('clock', clock);
  // Cached prices turn over at each promotion's first second and after its last (every server on its own).
  const promotionSchedule = new PromotionSchedule(database.db, () => responseCache.clear());
  app.decorate('promotionSchedule', promotionSchedule);
  app.addHook('onRequest', async (request) => {
    // A failed look-up is tried again on the next request; the answer itself does not depend on it.
    await promotionSchedule
      .turnOverIfDue(clock())
      .catch((error: unknown) => request.log.warn({ err: error }, 'promotion schedule look-up failed'));
  });
  app.decorate('catalogChanged', async () => {
    responseCache.clear();
    directory = await loadStoreDirectory(database.db, directory.defaultStoreId);
    await promotionSchedule.reload(clock());
  });
  app.decorateRequest('storeId', 0);

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
    await reconciliation.stop();
    await paymentWindow.stop();
    await mailSender.stop();
    await webhookSender.stop();
    await stopListening?.();
    await rateLimits.close();
    await mediaStorage.close();
    if (ownsMailer) mailer.close?.();
    if (ownsDatabase) await database.close();
  });

  await app.register(helmet, {
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
      api.addHook('preValidation', refuseNulCharacters);
      await api.register(healthRoutes, {
        outboxDir: ownsMailer && !config.SMTP_URL ? join(config.DATA_DIR, 'outbox') : null,
      });
      await api.register(storeInfoRoutes, { testMode: paymentsAreSimulated(payments) });
      await api.register(searchRoutes);
      await api.register(catalogRoutes);
      await api.register(accountRoutes, {
        signInRateLimiter: new StoreSignInRateLimiter(rateLimits.store('sign-in')),
        registrationRateLimiter: new RegistrationRateLimiter(rateLimits.store('registration')),
        passwordResetRateLimiter: new PasswordResetRateLimiter(rateLimits.store('password-reset')),
      });
      await api.register(orderRoutes, {
        trackingRateLimiter: new StoreTrackingRateLimiter(rateLimits.store('tracking')),
      });
      await api.register(paymentRoutes, { settings: payments, refundEvents: applyGatewayRefundEvent });
      await api.register(returnRoutes);
      await api.register(courierRoutes);
      // The admin panel's API (docs/admin.md): one role hook in front of every feature's admin routes.
      await api.register(adminApi, {
        prefix: '/admin',
        signInRateLimiter: new StoreSignInRateLimiter(rateLimits.store('sign-in')),
      });
      await api.register(orderDocumentRoutes);
      await api.register(gstRoutes);
      await api.register(deliveryRoutes);
      await api.register(wishlistRoutes);
      await api.register(addressBookRoutes);
      await api.register(backupRoutes, backups);
      await api.register(messageRoutes, {
        contactRateLimiter: new AddressRateLimiter(
          MAX_CONTACT_MESSAGES_PER_ADDRESS,
          rateLimits.store('contact-messages'),
        ),
        newsletterRateLimiter: new AddressRateLimiter(
          MAX_NEWSLETTER_SIGNUPS_PER_ADDRESS,
          rateLimits.store('newsletter'),
        ),
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
  const storeIdOf = (request: FastifyRequest) =>
    resolveStoreId(
      directory,
      normalizeHost((request.headers['x-store-host'] as string | undefined) || request.headers.host),
    );
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
