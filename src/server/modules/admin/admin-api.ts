/**
 * Mounts the admin API at `/api/v1/admin` (docs/admin.md): sign-in and set-up open, then every feature
 * module's `admin-routes.ts` behind the ONE role hook (../auth/role-hook.ts). A new admin screen adds its module's
 * plugin to {@link ADMIN_FEATURE_ROUTES}; it is then checked like every other admin route.
 */
import type { FastifyPluginAsync } from 'fastify';
import { productAdminRoutes } from '../catalog/admin-routes';
import { productImageAdminRoutes } from '../catalog/product-image-routes';
import { gstAdminRoutes } from '../gst/admin-routes';
import { couponAdminRoutes } from '../coupons/admin-routes';
import { addOnAdminRoutes } from '../add-ons/admin-routes';
import { orderDocumentAdminRoutes } from '../orders/document-routes';
import { deliveryAdminRoutes } from '../delivery/admin-routes';
import { orderAdminRoutes } from '../orders/admin-routes';
import { paymentAdminRoutes } from '../payments/admin-routes';
import { refundAdminRoutes } from '../refunds/admin-routes';
import type { SignInRateLimiter } from '../accounts/sign-in-rate-limit';
import { storeLogoAdminRoutes } from '../store-settings/logo-routes';
import { catalogFileAdminRoutes } from '../catalog-file/catalog-file-routes';
import { storeSettingsAdminRoutes } from '../store-settings/admin-routes';
import { customerAdminRoutes } from '../customers/admin-routes';
import { dashboardAdminRoutes } from '../dashboard/admin-routes';
import { messageAdminRoutes } from '../messages/admin-routes';
import { notificationAdminRoutes } from '../notifications/admin-routes';
import { returnAdminRoutes } from '../returns/admin-routes';
import { reviewAdminRoutes } from '../reviews/admin-routes';
import { courierAdminRoutes } from '../couriers/admin-routes';
import { promotionAdminRoutes } from '../promotions/admin-routes';
import { requireMemberRole } from '../auth/role-hook';
import { webhookAdminRoutes } from '../webhook-settings/admin-routes';
import { adminSessionRoutes, memberAdminRoutes } from '../members/admin-routes';
import { stockAlertAdminRoutes } from '../stock-alerts/admin-routes';
import { cartAdminRoutes } from '../carts/admin-routes';
import { orderMessageSettingsRoutes } from '../orders/order-message-settings-routes';

/** The feature modules' admin routes, all behind the role hook. */
const ADMIN_FEATURE_ROUTES: FastifyPluginAsync[] = [
  memberAdminRoutes,
  orderAdminRoutes,
  paymentAdminRoutes,
  refundAdminRoutes,
  productAdminRoutes,
  dashboardAdminRoutes,
  customerAdminRoutes,
  productImageAdminRoutes,
  storeLogoAdminRoutes,
  orderDocumentAdminRoutes,
  gstAdminRoutes,
  storeSettingsAdminRoutes,
  catalogFileAdminRoutes,
  deliveryAdminRoutes,
  messageAdminRoutes,
  notificationAdminRoutes,
  returnAdminRoutes,
  reviewAdminRoutes,
  webhookAdminRoutes,
  courierAdminRoutes,
  promotionAdminRoutes,
  couponAdminRoutes,
  stockAlertAdminRoutes,
  cartAdminRoutes,
  orderMessageSettingsRoutes,
  addOnAdminRoutes,
];

export type AdminApiOptions = { signInRateLimiter?: SignInRateLimiter };

export const adminApi: FastifyPluginAsync<AdminApiOptions> = async (admin, options) => {
  await admin.register(adminSessionRoutes, { signInRateLimiter: options.signInRateLimiter });
  await admin.register(async (guarded) => {
    guarded.addHook('onRequest', requireMemberRole);
    for (const routes of ADMIN_FEATURE_ROUTES) await guarded.register(routes);
  });
};
