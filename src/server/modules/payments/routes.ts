/**
 * Payment routes (docs/product.md §3, §4, §7; docs/payments.md), under `/api/v1`, in one plugin that accepts form posts
 * (kept as raw text) for its routes only:
 *
 * - the shopper's routes (./shopper-routes.ts): `GET /payments/fields`, `POST /payments`;
 * - the gateway flow (./gateway-routes.ts): the redirect bridge page, its script, the PayU callback;
 * - the UPI provider's signed webhook (./upi-webhook-routes.ts).
 */
import type { FastifyPluginAsync } from 'fastify';
import { acceptFormBodies } from './form-body';
import { gatewayPaymentRoutes } from './gateway-routes';
import type { PaymentSettings } from './settings';
import { shopperPaymentRoutes } from './shopper-routes';
import { upiWebhookRoute } from './upi-webhook-routes';

export type PaymentRoutesOptions = { settings: PaymentSettings };

export const paymentRoutes: FastifyPluginAsync<PaymentRoutesOptions> = async (app, { settings }) => {
  acceptFormBodies(app);
  await app.register(shopperPaymentRoutes, { settings });
  await app.register(gatewayPaymentRoutes, { settings });
  await app.register(upiWebhookRoute(settings));
};
