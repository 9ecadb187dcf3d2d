/**
 * Order routes (docs/product.md §7): `POST /orders` and `GET /orders` for the signed-in customer, and
 * `GET /orders/{orderId}?contactInfo=…` (track order) for anyone with the order number and its e-mail or
 * phone; `POST /orders/{orderId}/cancel` for the customer's own Pending order (My Orders). Thin handlers: the shared schemas (src/shared/orders/order-schemas.ts) validate every request and
 * serialise every answer, errors are thrown and written by the one error handler. The order's confirmation
 * e-mail is written to the outbox with the order; the outbox sender is woken to send it at once.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@shared/errors/error-body';
import {
  createdOrderSchema,
  createOrderBodySchema,
  createOrderHeadersSchema,
  orderListSchema,
  orderSchema,
} from '@shared/orders/order-schemas';
import { trackOrderParamsSchema, trackOrderQuerySchema } from '@shared/orders/order-tracking-schemas';
import { checkoutQuoteBodySchema, checkoutQuoteSchema } from '@shared/discounts/coupon-schemas';
import { ORDER_NEEDS_EMAIL_MESSAGE } from '@shared/accounts/otp-schemas';
import { BadRequestError } from '../../errors';
import { shopOrigin } from '../../shop-origin';
import { authenticate, requireAccount } from '../auth/authenticate';
import { createOrder } from './create-order';
import { quoteCheckout } from './checkout-quote';
import { cancelOwnOrder } from './customer-cancel';
import { optionalAccount } from '../auth/optional-account';
import { listOrders } from './order-queries';
import { trackOrder } from './order-tracking';
import { MemoryTrackingRateLimiter, type TrackingRateLimiter } from './tracking-rate-limit';

export type OrderRoutesOptions = {
  /** Counts failed track-order look-ups; defaults to a fresh in-memory limiter per app. */
  trackingRateLimiter?: TrackingRateLimiter;
};

export const orderRoutes: FastifyPluginAsyncZod<OrderRoutesOptions> = async (app, options) => {
  const limiter = options.trackingRateLimiter ?? new MemoryTrackingRateLimiter();

  /**
   * 201 `{ id }` (the order number); an `Idempotency-Key` retry answers 201 with the same id (and
   * `Idempotent-Replayed: true`). 400 for bad input, and for an account that has no e-mail yet (made by
   * signing in with a phone code: ORDER_NEEDS_EMAIL_MESSAGE, the order's mails need an address), 401 without a
   * session, 409 for short stock or a reused key.
   */
  app.post(
    '/orders',
    {
      onRequest: authenticate,
      schema: {
        headers: createOrderHeadersSchema,
        body: createOrderBodySchema,
        response: {
          201: createdOrderSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          409: errorBodySchema,
          503: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const account = await requireAccount(request);
      if (account.email === null) throw new BadRequestError(ORDER_NEEDS_EMAIL_MESSAGE);
      const created = await createOrder(app.db, {
        storeId: request.storeId,
        userId: account.accountId,
        email: account.email,
        body: request.body,
        idempotencyKey: request.headers['idempotency-key'],
        mailFrom: app.config.MAIL_FROM,
        paymentWindowMinutes: app.config.PAYMENT_WINDOW_MINUTES,
        shopOrigin: shopOrigin(request, app.config.PUBLIC_URL ?? null),
        now: app.clock(),
        caches: { quote: app.quoteCache, store: app.orderStoreCache },
      });
      reply.header('cache-control', 'no-store');
      if (created.replayed) reply.header('idempotent-replayed', 'true');
      else app.mailSender.wake();
      return reply.code(201).send({ id: created.orderNumber });
    },
  );

  /**
   * The whole bill before the order (docs/discounts.md): 200 the quote in rupees, with `couponError` when the
   * code cannot be used (the per-customer and first-order rules only for a signed-in shopper); 400 for a
   * malformed body. Reads only.
   */
  app.post(
    '/checkout/quote',
    {
      schema: {
        body: checkoutQuoteBodySchema,
        response: { 200: checkoutQuoteSchema, 400: errorBodySchema, 503: errorBodySchema },
      },
    },
    async (request, reply) => {
      // The account matters for a coupon's per-customer rules and for a saved measurement profile.
      const profiles = request.body.lines.some((line) =>
        line.addOns?.some((addOn) => addOn.measurementProfileId !== undefined),
      );
      const account = request.body.couponCode || profiles ? await optionalAccount(request) : null;
      reply.header('cache-control', 'no-store');
      return reply.send(
        await quoteCheckout(
          app.db,
          request.storeId,
          request.body,
          account?.accountId ?? null,
          app.clock(),
          app.quoteCache,
        ),
      );
    },
  );

  /** 200 the signed-in user's orders, newest first (docs/product.md §3 server shape); 401 without a session. */
  app.get(
    '/orders',
    {
      onRequest: authenticate,
      schema: { response: { 200: orderListSchema, 401: errorBodySchema, 503: errorBodySchema } },
    },
    async (request, reply) => {
      const account = await requireAccount(request);
      reply.header('cache-control', 'no-store');
      return reply.send(await listOrders(app.db, request.storeId, account.accountId));
    },
  );

  /**
   * Track order. 200 the order when `contactInfo` is its e-mail or phone, or, without `contactInfo`, when the
   * bearer token is its owner's; the same 404 `{ error: 'Order not found or access denied' }` for an unknown
   * order and a wrong contact (the owner's included); 429 with `Retry-After` past 10 failed look-ups per order
   * number or 30 per client address in 15 minutes.
   */
  app.get(
    '/orders/:orderId',
    {
      schema: {
        params: trackOrderParamsSchema,
        querystring: trackOrderQuerySchema,
        response: {
          200: orderSchema,
          400: errorBodySchema,
          404: errorBodySchema,
          429: errorBodySchema,
          503: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const order = await trackOrder(app.db, {
        storeId: request.storeId,
        orderId: request.params.orderId,
        contactInfo: request.query.contactInfo,
        viewer: () => optionalAccount(request),
        clientAddress: request.ip,
        limiter,
      });
      return reply.send(order);
    },
  );

  /**
   * Cancels the signed-in customer's own Pending order ('cancelled by the customer'; its stock returns and the
   * 'Cancelled' mail is sent). 200 the order as it is now; 401 without a session; 404 `Order not found or
   * access denied` for an unknown number or someone else's order; 409 `Cannot move order RS-… from
   * Processing to Cancelled` once it is no longer Pending.
   */
  app.post(
    '/orders/:orderId/cancel',
    {
      onRequest: authenticate,
      schema: {
        params: trackOrderParamsSchema,
        response: {
          200: orderSchema,
          '4xx': errorBodySchema,
          503: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const account = await requireAccount(request);
      const order = await cancelOwnOrder(app.db, {
        storeId: request.storeId,
        userId: account.accountId,
        orderId: request.params.orderId,
        mailFrom: app.config.MAIL_FROM,
      });
      app.mailSender.wake();
      reply.header('cache-control', 'no-store');
      return reply.send(order);
    },
  );
};
