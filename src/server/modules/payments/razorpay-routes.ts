/**
 * Razorpay's routes (docs/payments.md "Razorpay"), called by the browser's form posts and by Razorpay rather than
 * by the storefront's code:
 *
 * - `POST /payments/razorpay/checkout`: our page that opens Razorpay's Checkout for an open attempt (the
 *   Payment page's `redirect_post` lands here; real Razorpay only — the sandbox has its own stand-in);
 * - `GET /payments/razorpay/checkout.js`: that page's script;
 * - `POST /payments/razorpay/callback`: the browser's return, verified by the adapter, settled once, then 303;
 * - `POST /payments/razorpay/webhook`: Razorpay's signed events (./razorpay-webhook-routes.ts).
 */
import type { FastifyPluginAsync } from 'fastify';
import { errorBodySchema } from '@shared/errors/error-body';
import { htmlPageSchema, scriptFileSchema, seeOtherSchema } from '@shared/payments/gateway-schemas';
import { BadRequestError } from '../../errors';
import { formFields } from './form-body';
import { settleGatewayPayment, paymentFailedPath, UNKNOWN_TRANSACTION } from './gateway-settlement';
import { linkNotValidPage, RAZORPAY_CHECKOUT_CSP, sendPage } from './html';
import { razorpayProvider } from './providers/razorpay-provider';
import { failedReturnOrderId, findRazorpayAttempt } from './razorpay-attempts';
import { RAZORPAY_CHECKOUT_SCRIPT, razorpayCheckoutPage } from './razorpay-checkout-page';
import { isRazorpayGateway, type PaymentSettings } from './settings';

const CHECKOUT_INVALID =
  'This payment link is not valid or the order is no longer waiting for payment. Please return to the shop.';
const NOT_RAZORPAY = 'Razorpay is not this shop’s payment gateway';

export const razorpayPaymentRoutes: FastifyPluginAsync<{ settings: PaymentSettings }> = async (
  app,
  { settings },
) => {
  /**
   * 200 the Checkout page for the open attempt named by `data[order_id]` (the redirect_post form), under
   * Razorpay's CSP; 400 a page for anything else (unknown, another store's, paid, or not real Razorpay).
   */
  app.post(
    '/payments/razorpay/checkout',
    { schema: { response: { 200: htmlPageSchema, 400: htmlPageSchema } } },
    async (request, reply) => {
      const invalid = () => sendPage(reply, 400, linkNotValidPage(CHECKOUT_INVALID));
      const gateway = settings.gateway;
      if (gateway?.provider !== 'razorpay' || typeof request.body !== 'string') return invalid();
      const orderId = new URLSearchParams(request.body).get('data[order_id]') ?? '';
      if (!/^order_[A-Za-z0-9]{1,40}$/.test(orderId)) return invalid();
      const attempt = await findRazorpayAttempt(app.db, request.storeId, gateway.provider, orderId);
      if (!attempt?.payable) return invalid();
      return sendPage(reply, 200, razorpayCheckoutPage({ keyId: gateway.keyId, orderId, attempt }), {
        csp: RAZORPAY_CHECKOUT_CSP,
      });
    },
  );

  app.get(
    '/payments/razorpay/checkout.js',
    { schema: { response: { 200: scriptFileSchema } } },
    async (_request, reply) =>
      reply
        .type('text/javascript; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(RAZORPAY_CHECKOUT_SCRIPT),
  );

  /**
   * The browser's return: a signed payment → settled → 303 to /order-success (or the Payment page when the
   * order could not take it); Checkout's failure fields (`error[…]`, unsigned) → 303 to the Payment page with
   * `status=failed`, nothing changed; 400 for a forged or unknown return.
   */
  app.post(
    '/payments/razorpay/callback',
    { schema: { response: { 303: seeOtherSchema, 400: errorBodySchema, 503: errorBodySchema } } },
    async (request, reply) => {
      const gateway = settings.gateway;
      if (!isRazorpayGateway(gateway)) throw new BadRequestError(NOT_RAZORPAY);
      const params = formFields(request.body);
      const seeOther = (location: string) =>
        reply.code(303).header('location', location).header('cache-control', 'no-store').send();
      if (!params.razorpay_signature && params['error[code]'] !== undefined) {
        const orderId = failedReturnOrderId(params);
        const attempt = orderId
          ? await findRazorpayAttempt(app.db, request.storeId, gateway.provider, orderId)
          : null;
        if (!attempt) throw new BadRequestError(UNKNOWN_TRANSACTION);
        request.log.info({ orderNumber: attempt.orderNumber }, 'Razorpay return: payment failed');
        return seeOther(paymentFailedPath(attempt.orderNumber));
      }
      let outcome;
      try {
        outcome = await settleGatewayPayment(app.db, {
          storeId: request.storeId,
          provider: gateway.provider,
          payment: razorpayProvider.verifyReturn!(params, gateway),
          mailFrom: app.config.MAIL_FROM,
          log: request.log,
          keepOpenOnFailure: true,
        });
      } catch (error) {
        if (error instanceof BadRequestError) {
          request.log.warn({ reason: error.message }, 'Razorpay return refused');
        }
        throw error;
      }
      request.log.info({ orderNumber: outcome.orderNumber, result: outcome.result }, 'Razorpay return');
      if (['paid', 'reinstated', 'refund-due'].includes(outcome.result)) app.mailSender.wake();
      return seeOther(outcome.redirect);
    },
  );
};
