/**
 * Payment routes (docs/product.md §3, §4, §7; docs/payments.md), under `/api/v1`, in one plugin that accepts form posts
 * (kept as raw text) for its routes only:
 *
 * - the shopper's routes (./shopper-routes.ts): `GET /payments/fields`, `POST /payments`;
 * - the gateway flow (./gateway-routes.ts): the redirect bridge page, its script, the PayU callback;
 * - Razorpay's Checkout page, return and signed webhook (./razorpay-routes.ts, ./razorpay-webhook-routes.ts);
 * - the UPI provider's signed webhook (./upi-webhook-routes.ts).
 */
import type { FastifyPluginAsync } from 'fastify';
import { acceptFormBodies } from './form-body';
import { gatewayPaymentRoutes } from './gateway-routes';
import { razorpayPaymentRoutes } from './razorpay-routes';
import { razorpayWebhookRoute, type GatewayRefundEventHandler } from './razorpay-webhook-routes';
import type { PaymentSettings } from './settings';
import { shopperPaymentRoutes } from './shopper-routes';
import { upiWebhookRoute } from './upi-webhook-routes';

export type PaymentRoutesOptions = {
  settings: PaymentSettings;
  /** Applies a gateway's refund event (the refunds module's, handed in by the app). */
  refundEvents?: GatewayRefundEventHandler;
};

export const paymentRoutes: FastifyPluginAsync<PaymentRoutesOptions> = async (
  app,
  { settings, refundEvents },
) => {
  acceptFormBodies(app);
  await app.register(shopperPaymentRoutes, { settings });
  await app.register(gatewayPaymentRoutes, { settings });
  await app.register(razorpayPaymentRoutes, { settings });
  await app.register(razorpayWebhookRoute, { settings, refundEvents });
  await app.register(upiWebhookRoute(settings));
};
