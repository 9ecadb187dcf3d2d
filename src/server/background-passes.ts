/**
 * The store's timed passes over orders and messages, made with the app and stopped before its database closes
 * (docs/architecture.md): each runs a pass when the app is ready (catching up on what came due while the store
 * was down), then one on its own timer.
 * - the payment window: cancels orders left unpaid past their window (docs/payments.md), asking the gateway
 *   first whether they were paid after all;
 * - reconciliation: asks the gateway about attempts whose callback never came (docs/payments.md
 *   "Reconciliation");
 * - COD confirmation: flags for a call, or cancels, the cash-on-delivery orders nobody confirmed in their
 *   window (docs/messages.md);
 * - forgotten-cart reminders (docs/messages.md), by the app's clock;
 * - review requests, 7 days after delivery (docs/reviews.md).
 */
import type { FastifyInstance } from 'fastify';
import type { BuildAppOptions } from './app';
import type { AppConfig } from './config';
import type { Db } from './db/database';
import { CartReminderTimer } from './modules/carts/cart-reminder';
import { CodConfirmationTimer } from './modules/orders/cod-confirmation-expiry';
import { PaymentWindowTimer } from './modules/orders/payment-window';
import { beforeCancelHook } from './modules/payments/reconciliation';
import { ReconciliationTimer } from './modules/payments/reconciliation-timer';
import type { PaymentSettings } from './modules/payments/settings';
import { ReviewRequestTimer } from './modules/reviews/review-request-pass';

/** What the passes need from the app being built. */
export type BackgroundPassDeps = {
  db: Db;
  payments: PaymentSettings;
  /** The shop's sender address of the mails the passes write (MAIL_FROM). */
  mailFrom: AppConfig['MAIL_FROM'];
  /** The app's clock (promotions, cart reminders and review requests go by it). */
  clock: () => Date;
  /** Called after a pass wrote mail, so the mail outbox sends it at once. */
  wakeMail: () => void;
  options: Pick<
    BuildAppOptions,
    'paymentWindowIntervalMs' | 'reconciliationIntervalMs' | 'beforeCancelWaitMs' | 'reviewRequestsAutoStart'
  >;
};

/**
 * Makes the passes, decorates `app` with those tests drive (`paymentWindow`, `reconciliation`, `cartReminders`,
 * `reviewRequests`) and starts each when the app is ready.
 * @returns `stop()`, which stops every pass and waits for a running one to finish; call it before the database
 *   closes.
 */
export function attachBackgroundPasses(app: FastifyInstance, deps: BackgroundPassDeps): () => Promise<void> {
  const { db, payments, mailFrom, clock, wakeMail, options } = deps;
  const paymentWindow = new PaymentWindowTimer({
    db,
    log: app.log,
    mailFrom,
    intervalMs: options.paymentWindowIntervalMs,
    onExpired: wakeMail,
    // Before an order is cancelled unpaid, the gateway is asked whether it was paid after all.
    beforeCancel: beforeCancelHook(db, {
      settings: payments,
      mailFrom,
      log: app.log,
      waitMs: options.beforeCancelWaitMs,
    }),
  });
  const reconciliation = new ReconciliationTimer({
    db,
    settings: payments,
    log: app.log,
    mailFrom,
    intervalMs: options.reconciliationIntervalMs,
    onPaid: wakeMail,
  });
  const codConfirmations = new CodConfirmationTimer({ db, log: app.log, mailFrom, onChanged: wakeMail });
  const cartReminders = new CartReminderTimer({ db, log: app.log, clock });
  const reviewRequests = new ReviewRequestTimer({
    db,
    log: app.log,
    publicUrl: payments.publicUrl,
    mailFrom,
    clock,
    onSent: wakeMail,
  });
  app.decorate('paymentWindow', paymentWindow);
  app.decorate('reconciliation', reconciliation);
  app.decorate('cartReminders', cartReminders);
  app.decorate('reviewRequests', reviewRequests);
  app.addHook('onReady', async () => {
    paymentWindow.start();
    reconciliation.start();
    codConfirmations.start();
    cartReminders.start();
    if (options.reviewRequestsAutoStart !== false) reviewRequests.start();
  });
  return async () => {
    await reconciliation.stop();
    await codConfirmations.stop();
    await cartReminders.stop();
    await reviewRequests.stop();
    await paymentWindow.stop();
  };
}
