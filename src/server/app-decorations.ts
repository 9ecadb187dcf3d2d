/**
 * What the app adds to Fastify's types (docs/architecture.md "Server"): the services `buildApp` (./app.ts)
 * decorates the app with, and the request's store. Types only: nothing here runs.
 */
import type { AppConfig } from './config';
import type { Database, Db } from './db/database';
import type { CartReminderTimer } from './modules/carts/cart-reminder';
import type { ResponseCache } from './modules/catalog/response-cache';
import type { Mailer } from './modules/mail/mailer';
import type { OutboxSender } from './modules/mail/outbox-sender';
import type { MediaStorage } from './modules/media/media-storage';
import type { MessageSender } from './modules/notifications/message-sender';
import type { OrderStoreCache } from './modules/orders/order-store-cache';
import type { PaymentWindowTimer } from './modules/orders/payment-window';
import type { QuoteCache } from './modules/orders/quote-cache';
import type { ReconciliationTimer } from './modules/payments/reconciliation-timer';
import type { PromotionSchedule } from './modules/promotions/promotion-schedule';
import type { ReviewRequestTimer } from './modules/reviews/review-request-pass';
import type { WebhookSender } from './modules/webhooks/webhook-sender';

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
    /**
     * Sends the message outbox (WhatsApp, SMS, message e-mails; docs/messages.md), or keeps the messages as
     * files without provider keys; started and stopped with the app.
     */
    messageSender: MessageSender;
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
    /**
     * The checkout quote's store contexts and products (docs/decisions/036-quote-cache.md), following the
     * response cache and the announced quote changes.
     */
    quoteCache: QuoteCache;
    /**
     * What placing an order reads of its store for its messages and webhook events
     * (docs/decisions/037-order-store-cache.md), following the response cache and the announced changes.
     */
    orderStoreCache: OrderStoreCache;
    /** Reloads the store directory and drops cached catalogue responses (after a catalogue write). */
    catalogChanged(): Promise<void>;
    /** Where uploaded images are kept: `DATA_DIR/media`, or a bucket with MEDIA_STORAGE=s3. */
    mediaStorage: MediaStorage;
    /**
     * The instant prices are computed for (promotions start and end by it): the system clock, or the test's
     * clock (`BuildAppOptions.clock`).
     */
    clock(): Date;
    /** Queues the forgotten-cart reminders (docs/messages.md): a pass when ready, then every 5 minutes. */
    cartReminders: CartReminderTimer;
    /** The next promotion boundary and the cache turnover at it (docs/decisions/028-promotion-prices.md). */
    promotionSchedule: PromotionSchedule;
    /** Mails the review request of orders delivered 7 days ago (docs/reviews.md); stopped when the app closes. */
    reviewRequests: ReviewRequestTimer;
  }
  interface FastifyRequest {
    /** The store of this request: `X-Store-Host`, else `Host` (docs/decisions/003-store-from-host.md). */
    storeId: number;
  }
}
