/**
 * The shopper's payment routes (docs/product.md §7; docs/payments.md "The flow"), signed in with a Bearer token:
 * `GET /payments/fields` (the payment form's field definitions), `POST /payments {fields, orderId}` (the
 * browser's next step: `qr`, `deeplink` or `redirect_post`) and `POST /payments/report {orderId, utr?}` (the
 * shopper's 'I have paid', ./payment-report.ts). Requests and answers are the shared schemas of
 * src/shared/payments; errors are thrown and written by the one error handler as `{ error, fields? }`.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@shared/errors/error-body';
import { paiseToRupees } from '@shared/money';
import { orderSchema } from '@shared/orders/order-schemas';
import { paymentFieldsQuerySchema, paymentFieldsResponseSchema } from '@shared/payments/payment-field-schema';
import {
  paymentResponseSchema,
  paymentSubmissionSchema,
  type PaymentResponse,
} from '@shared/payments/payment-response';
import { paymentReportBodySchema } from '@shared/payments/payment-report-schema';
import { UnavailableError, ValidationError } from '../../errors';
import { shopOrigin } from '../../shop-origin';
import { authenticate, requireAccount } from '../auth/authenticate';
import { cashOnDeliveryOffered, payByCashOnDelivery } from './cash-on-delivery';
import { offeredMethods, paymentFieldDefinitions, validatePaymentSubmission } from './fields';
import { providerFor } from './providers/provider-registry';
import { reportPayment } from './payment-report';
import { UPI_PROVIDER } from './providers/upi-provider';
import type { PaymentSettings } from './settings';
import { startPayment } from './start-payment';

/** The 503 answer of a shop that offers no payment method. */
export const NO_PAYMENT_METHODS = 'This shop does not take online payments yet';
/** `Retry-After` of that answer: the owner has to configure a method first (seconds). */
const NO_PAYMENT_METHODS_RETRY_AFTER = 3600;

export const shopperPaymentRoutes: FastifyPluginAsyncZod<{ settings: PaymentSettings }> = async (
  app,
  { settings },
) => {
  /**
   * 200 the field definitions (an array, docs/product.md §7), with 'Cash on delivery' when `?orderId=` names the user's
   * Pending order and the store offers COD for it — its option's `amount` is the order's total with the COD
   * fee, rupees; 401 without a session.
   */
  app.get(
    '/payments/fields',
    {
      onRequest: authenticate,
      schema: {
        querystring: paymentFieldsQuerySchema,
        response: { 200: paymentFieldsResponseSchema, 401: errorBodySchema, 503: errorBodySchema },
      },
    },
    async (request, reply) => {
      const account = await requireAccount(request);
      reply.header('cache-control', 'no-store');
      const orderId = request.query.orderId;
      const cod = orderId
        ? await cashOnDeliveryOffered(app.db, request.storeId, account.accountId, orderId)
        : null;
      return reply.send(
        paymentFieldDefinitions(
          settings,
          { name: `${account.firstName} ${account.lastName}`.trim(), email: account.email ?? undefined },
          cod,
        ),
      );
    },
  );

  /**
   * 200 `{ success: true, action, amount, orderId, upiId?, testMode? }` (`upiId`: the shop's UPI ID, for a UPI
   * method), or for cash on delivery `{ success: true,
   * redirectUrl: '/order-success?orderId=…', amount, orderId }` (the order is confirmed, ./cash-on-delivery.ts);
   * 400 `{ error, fields }` for bad fields, an unknown method or COD refused for this order (`fields.method`);
   * 401 without a session; 404 for a missing order or someone else's; 409 for a paid or cancelled order or a
   * third open COD order; 503 when the shop offers no payment method.
   */
  app.post(
    '/payments',
    {
      onRequest: authenticate,
      schema: {
        body: paymentSubmissionSchema,
        response: {
          200: paymentResponseSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          404: errorBodySchema,
          409: errorBodySchema,
          503: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const account = await requireAccount(request);
      const cashOnDelivery = request.body.fields.method === 'cod';
      if (offeredMethods(settings).length === 0 && !cashOnDelivery) {
        throw new UnavailableError(NO_PAYMENT_METHODS, NO_PAYMENT_METHODS_RETRY_AFTER);
      }
      // 'cod' passes the form's rules here; whether this order may use it is ./cash-on-delivery.ts's to say.
      const submission = validatePaymentSubmission(
        paymentFieldDefinitions(settings, {}, cashOnDelivery ? { feePaise: 0 } : null),
        request.body.fields,
      );
      if (!submission.ok) throw new ValidationError(submission.fields);
      if (submission.method === 'cod') {
        const paid = await payByCashOnDelivery(app.db, {
          storeId: request.storeId,
          userId: account.accountId,
          orderId: request.body.orderId,
          payer: submission.payer,
          mailFrom: app.config.MAIL_FROM,
          shopOrigin: shopOrigin(request, settings.publicUrl),
          now: app.clock(),
        });
        return reply.send({
          success: true,
          redirectUrl: `/order-success?orderId=${encodeURIComponent(paid.orderNumber)}`,
          amount: paiseToRupees(paid.totalPaise),
          orderId: paid.orderNumber,
        });
      }
      const provider = providerFor(settings, submission.method);
      if (!provider) throw new ValidationError({ method: 'Unknown payment method' });
      const { order, attempt, action } = await startPayment(app.db, {
        storeId: request.storeId,
        userId: account.accountId,
        orderId: request.body.orderId,
        provider,
        method: submission.method,
        payer: submission.payer,
        context: { settings, baseUrl: shopOrigin(request, settings.publicUrl) },
      });
      const answer: PaymentResponse = {
        success: true,
        action,
        amount: paiseToRupees(order.totalPaise),
        orderId: order.orderNumber,
      };
      if (attempt.provider === UPI_PROVIDER && settings.upi) answer.upiId = settings.upi.vpa;
      if (attempt.testMode) answer.testMode = true;
      return reply.send(answer);
    },
  );

  /**
   * The shopper's 'I have paid' for their own Pending order, with the 12-digit UTR or none. 200 the order as
   * `GET /orders/{id}` shows it (still Pending, `paymentReported` set; a repeat replaces the earlier report);
   * 400 `{ error, fields: { utr } }` for a UTR that is not 12 digits; 401 without a session; 404 for a missing
   * order or someone else's; 409 for a paid or cancelled order.
   */
  app.post(
    '/payments/report',
    {
      onRequest: authenticate,
      schema: {
        body: paymentReportBodySchema,
        response: {
          200: orderSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          404: errorBodySchema,
          409: errorBodySchema,
          503: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const account = await requireAccount(request);
      const order = await reportPayment(app.db, {
        storeId: request.storeId,
        userId: account.accountId,
        orderId: request.body.orderId,
        utr: request.body.utr || null,
      });
      return reply.send(order);
    },
  );
};
