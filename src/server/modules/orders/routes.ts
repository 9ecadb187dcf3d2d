/**
 * Order routes (spec §7, issue #3): `POST /orders` and `GET /orders` for the signed-in customer, and
 * `GET /orders/{orderId}?contactInfo=…` (track order) for anyone with the order number and its e-mail or
 * phone. Thin handlers: validate → service → reply; the confirmation e-mail goes out after the order is
 * committed, without holding up the answer.
 */
import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createOrderBodySchema, orderSchema, trackOrderQuerySchema } from '@shared/orders/order-schemas';
import { AppError, type ErrorBody } from '../../errors';
import { requireUser } from '../users/auth-hook';
import type { SessionUser } from '../users/service';
import type { Mailer } from './mailer';
import { sendOrderConfirmation } from './order-mail';
import { normalizeOrderNumber } from './order-number';
import {
  contactMatches,
  createOrder,
  findOrderByNumber,
  listOrders,
  ORDER_NOT_FOUND,
  type TrackedOrder,
} from './service';
import {
  MemoryTrackingRateLimiter,
  TOO_MANY_TRACKING_ATTEMPTS,
  type TrackingAttemptKey,
  type TrackingRateLimiter,
} from './tracking-rate-limit';

export type OrderRoutesOptions = {
  /** Sends the order confirmations. */
  mailer: Mailer;
  /** Counts failed track-order look-ups; defaults to a fresh in-memory limiter per app (issue #3). */
  trackingRateLimiter?: TrackingRateLimiter;
};

/** `Idempotency-Key`: 1–255 visible ASCII characters (e.g. a UUID the client made for this checkout). */
const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
const IDEMPOTENCY_KEY_MESSAGE = 'must be 1 to 255 visible ASCII characters';
/** Control characters other than tab and line breaks: refused in addresses (PostgreSQL text cannot hold NUL). */
// eslint-disable-next-line no-control-regex -- matching control characters is the point.
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** The shared body schema, plus the server's refusal of control characters in the address. */
const orderBodySchema = createOrderBodySchema.superRefine((body, context) => {
  for (const [name, value] of Object.entries(body.shippingAddress)) {
    if (CONTROL_CHARACTERS.test(value)) {
      context.addIssue({
        code: 'custom',
        path: ['shippingAddress', name],
        message: 'must not contain control characters',
      });
    }
  }
});

const errorBodySchema = z.object({ error: z.string() });

/** Answers 401 before the body is read unless the request carries a live session of its store. */
const authenticate: onRequestAsyncHookHandler = async (request) => {
  await requireUser(request);
};

/** The signed-in user when the request has a valid bearer token; null otherwise (never a 401). */
async function optionalUser(request: FastifyRequest): Promise<SessionUser | null> {
  if (!request.headers.authorization) return null;
  try {
    return await requireUser(request);
  } catch (error) {
    if (error instanceof AppError && error.code === 'unauthorized') return null;
    throw error;
  }
}

export const orderRoutes: FastifyPluginAsyncZod<OrderRoutesOptions> = async (app, options) => {
  const limiter = options.trackingRateLimiter ?? new MemoryTrackingRateLimiter();
  const mailer = options.mailer;
  // Confirmation e-mails still being sent; closing the app waits for them.
  const mailTasks = new Set<Promise<unknown>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled([...mailTasks]);
  });

  /**
   * 201 `{ id }` (the order number); an `Idempotency-Key` retry answers 201 with the same id (and
   * `Idempotent-Replayed: true`). 400 `{ error, fields }` for bad input, 401 without a session, 409 for short
   * stock or a reused key.
   */
  app.post(
    '/orders',
    {
      onRequest: authenticate,
      schema: { body: orderBodySchema, response: { 201: z.object({ id: z.string() }) } },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const rawKey = request.headers['idempotency-key'];
      let idempotencyKey: string | undefined;
      if (rawKey !== undefined) {
        if (typeof rawKey !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(rawKey)) {
          throw new AppError('bad_request', 'Invalid header: idempotency-key', {
            'idempotency-key': IDEMPOTENCY_KEY_MESSAGE,
          });
        }
        idempotencyKey = rawKey;
      }
      const created = await createOrder(app.db, {
        storeId: request.storeId,
        userId: user.userId,
        email: user.email,
        body: request.body,
        idempotencyKey,
      });
      reply.header('cache-control', 'no-store');
      if (created.replayed) {
        reply.header('idempotent-replayed', 'true');
      } else {
        const task = sendOrderConfirmation(
          { mailer, log: request.log, mailFrom: app.config.MAIL_FROM },
          created.confirmation,
        );
        mailTasks.add(task);
        void task.finally(() => mailTasks.delete(task));
      }
      return reply.code(201).send({ id: created.orderNumber });
    },
  );

  /** 200 the signed-in user's orders, newest first (spec §3 server shape); 401 without a session. */
  app.get(
    '/orders',
    { onRequest: authenticate, schema: { response: { 200: z.array(orderSchema) } } },
    async (request, reply) => {
      const user = await requireUser(request);
      reply.header('cache-control', 'no-store');
      return reply.send(await listOrders(app.db, request.storeId, user.userId));
    },
  );

  /**
   * Track order. 200 the order when `contactInfo` is its e-mail or phone, or when the bearer token is its
   * owner's; the same 404 `{ error: 'Order not found or access denied' }` for an unknown order and a wrong
   * contact; 429 with `Retry-After` past 10 failed look-ups per order number or 30 per client address in
   * 15 minutes.
   */
  app.get(
    '/orders/:orderId',
    {
      schema: {
        params: z.object({ orderId: z.string() }),
        querystring: trackOrderQuerySchema,
        response: { 200: orderSchema, 429: errorBodySchema },
      },
    },
    async (request, reply) => {
      const storeId = request.storeId;
      reply.header('cache-control', 'no-store');
      const orderNumber = normalizeOrderNumber(request.params.orderId);
      const contactInfo = request.query.contactInfo?.trim() || undefined;

      // The signed-in owner sees the order without a contact and without touching the limits.
      const viewer = await optionalUser(request);
      let found: TrackedOrder | null | undefined;
      if (viewer && orderNumber) {
        found = await findOrderByNumber(app.db, storeId, orderNumber);
        if (found && found.userId === viewer.userId) return reply.send(found.order);
      }

      const key: TrackingAttemptKey = {
        storeId,
        orderNumber: orderNumber ?? request.params.orderId.trim().toUpperCase().slice(0, 64),
        address: request.ip,
      };
      const verdict = await limiter.begin(key);
      if (!verdict.allowed) {
        return reply
          .code(429)
          .header('retry-after', String(verdict.retryAfterSeconds))
          .send({ error: TOO_MANY_TRACKING_ATTEMPTS } satisfies ErrorBody);
      }
      let failed = false;
      try {
        if (found === undefined && orderNumber && contactInfo) {
          found = await findOrderByNumber(app.db, storeId, orderNumber);
        }
        if (!found || !contactInfo || !contactMatches(contactInfo, found)) {
          failed = true;
          throw new AppError('not_found', ORDER_NOT_FOUND);
        }
        return reply.send(found.order);
      } finally {
        // Only a failed look-up counts; a success (or a server fault) does not.
        if (!failed) await limiter.forgive(key, verdict.attemptId);
      }
    },
  );
};
