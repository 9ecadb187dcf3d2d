/**
 * Every route family of `/api/v1` (docs/architecture.md), registered into the API's scope with the rate
 * limiters they count against (in this process, or in Redis shared by every server: ./rate-limit-redis.ts).
 * The scope's hooks (the request's store, `Cache-Control`, the NUL check) are added by the caller.
 */
import type { FastifyInstance } from 'fastify';
import { addOnRoutes } from './modules/add-ons/routes';
import { addressBookRoutes } from './modules/address-book/routes';
import { OtpRateLimiter } from './modules/accounts/otp-rate-limit';
import { PasswordResetRateLimiter } from './modules/accounts/password-reset-rate-limit';
import { RegistrationRateLimiter } from './modules/accounts/registration-rate-limit';
import { accountRoutes } from './modules/accounts/routes';
import { StoreSignInRateLimiter } from './modules/accounts/sign-in-rate-limit';
import { adminApi } from './modules/admin/admin-api';
import type { attachBackups } from './modules/backups/backup-lifecycle';
import { backupRoutes } from './modules/backups/routes';
import { cartRoutes } from './modules/carts/routes';
import { catalogRoutes } from './modules/catalog/routes';
import { courierRoutes } from './modules/couriers/routes';
import { deliveryRoutes } from './modules/delivery/routes';
import { gstRoutes } from './modules/gst/routes';
import { healthRoutes } from './modules/health/routes';
import {
  AddressRateLimiter,
  MAX_CONTACT_MESSAGES_PER_ADDRESS,
  MAX_NEWSLETTER_SIGNUPS_PER_ADDRESS,
} from './modules/messages/message-rate-limits';
import { messageRoutes } from './modules/messages/routes';
import { codConfirmationRoutes } from './modules/orders/cod-confirmation-routes';
import { orderDocumentRoutes } from './modules/orders/document-routes';
import { orderRoutes } from './modules/orders/routes';
import { StoreTrackingRateLimiter } from './modules/orders/tracking-rate-limit';
import { paymentRoutes } from './modules/payments/routes';
import type { PaymentSettings } from './modules/payments/settings';
import { applyGatewayRefundEvent } from './modules/refunds/gateway-refund-event';
import { returnRoutes } from './modules/returns/routes';
import { ReviewRateLimiter } from './modules/reviews/review-rate-limit';
import { reviewRoutes } from './modules/reviews/routes';
import { searchRoutes } from './modules/search/routes';
import { StockAlertRateLimiter } from './modules/stock-alerts/stock-alert-rate-limit';
import { stockAlertRoutes } from './modules/stock-alerts/routes';
import { storeInfoRoutes } from './modules/store-settings/routes';
import { paymentsAreSimulated } from './modules/store-settings/store-info';
import { whatsappWebhookRoutes } from './modules/whatsapp/webhook-routes';
import { wishlistRoutes } from './modules/wishlist/routes';
import type { openRateLimitStores } from './rate-limit-redis';

/** What the API's routes need from the app being built. */
export type ApiRouteDeps = {
  rateLimits: Awaited<ReturnType<typeof openRateLimitStores>>;
  payments: PaymentSettings;
  /** The daily backup and the key of the local backup route (modules/backups/backup-lifecycle.ts). */
  backups: ReturnType<typeof attachBackups>;
  /** The folder order e-mails are written to when there is no SMTP server (health reports it), else null. */
  outboxDir: string | null;
};

/** Registers every `/api/v1` route family into `api` (the API's scope). */
export async function registerApiRoutes(api: FastifyInstance, deps: ApiRouteDeps): Promise<void> {
  const { rateLimits, payments, backups, outboxDir } = deps;
  await api.register(healthRoutes, { outboxDir });
  await api.register(storeInfoRoutes, { testMode: paymentsAreSimulated(payments) });
  await api.register(searchRoutes);
  await api.register(catalogRoutes);
  await api.register(accountRoutes, {
    signInRateLimiter: new StoreSignInRateLimiter(rateLimits.store('sign-in')),
    registrationRateLimiter: new RegistrationRateLimiter(rateLimits.store('registration')),
    passwordResetRateLimiter: new PasswordResetRateLimiter(rateLimits.store('password-reset')),
    otpRateLimiter: new OtpRateLimiter(rateLimits.store('otp')),
  });
  await api.register(orderRoutes, {
    trackingRateLimiter: new StoreTrackingRateLimiter(rateLimits.store('tracking')),
  });
  await api.register(codConfirmationRoutes);
  await api.register(paymentRoutes, { settings: payments, refundEvents: applyGatewayRefundEvent });
  await api.register(returnRoutes);
  await api.register(reviewRoutes, { rateLimiter: new ReviewRateLimiter(rateLimits.store('reviews')) });
  await api.register(courierRoutes);
  await api.register(whatsappWebhookRoutes);
  // The admin panel's API (docs/admin.md): one role hook in front of every feature's admin routes.
  await api.register(adminApi, {
    prefix: '/admin',
    signInRateLimiter: new StoreSignInRateLimiter(rateLimits.store('sign-in')),
  });
  await api.register(orderDocumentRoutes);
  await api.register(gstRoutes);
  await api.register(deliveryRoutes);
  await api.register(wishlistRoutes);
  await api.register(stockAlertRoutes, {
    rateLimiter: new StockAlertRateLimiter(rateLimits.store('stock-alerts')),
  });
  await api.register(cartRoutes);
  await api.register(addressBookRoutes);
  await api.register(addOnRoutes);
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
}
