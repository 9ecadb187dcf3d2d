/**
 * The admin's refund routes under `/api/v1/admin` (docs/returns.md "Refunds"), behind the admin role hook:
 * the order's refunds panel for owner and staff; refunding and retrying a refund for the **owner only** (money
 * leaves the shop, as with its settings). Thin handlers: the shared schemas validate every request and
 * serialise every answer.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@shared/errors/error-body';
import { adminOrderParamsSchema } from '@shared/admin/admin-order-schemas';
import {
  adminRefundParamsSchema,
  adminRefundsSchema,
  createRefundHeadersSchema,
} from '@shared/returns/admin-refund-schemas';
import { createRefundBodySchema, refundSchema } from '@shared/returns/return-schemas';
import { actorOf, requireMember } from '../auth/role-hook';
import { paymentSettings } from '../payments/settings';
import { createRefund, retryRefund, type RefundContext } from './create-refund';
import { adminRefunds } from './refund-list';

export const refundAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const settings = paymentSettings(app.config);
  const contextOf = async (request: Parameters<typeof requireMember>[0]): Promise<RefundContext> => ({
    storeId: request.storeId,
    actor: actorOf(await requireMember(request)),
    settings,
    mailFrom: app.config.MAIL_FROM,
  });

  /** 200 the order's refunds panel (amounts in rupees); 404 for another store's order. */
  app.get(
    '/orders/:orderId/refunds',
    {
      schema: {
        params: adminOrderParamsSchema,
        response: { 200: adminRefundsSchema, '4xx': errorBodySchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return reply.send(await adminRefunds(app.db, request.storeId, request.params.orderId, settings));
    },
  );

  /**
   * 201 the refund (processed, pending, or failed with the gateway's reason); an `Idempotency-Key` replay
   * answers 201 with the same refund (and `Idempotent-Replayed: true`). 400 bad input or a gateway refund of
   * a UPI or cash payment; 404 another store's order or a return not of this order; 409 'Only ₹… is left to
   * refund', nothing paid, a key reused with another body. Owner only.
   */
  app.post(
    '/orders/:orderId/refunds',
    {
      config: { ownerOnly: true },
      schema: {
        params: adminOrderParamsSchema,
        headers: createRefundHeadersSchema,
        body: createRefundBodySchema,
        response: { 201: refundSchema, '4xx': errorBodySchema },
      },
    },
    async (request, reply) => {
      const { refund, replayed } = await createRefund(
        app.db,
        await contextOf(request),
        request.params.orderId,
        request.body,
        request.headers['idempotency-key'],
      );
      if (replayed) reply.header('idempotent-replayed', 'true');
      else app.mailSender.wake();
      return reply.code(201).send(refund);
    },
  );

  /**
   * 200 the refund asked of the gateway again (processed, pending or failed); 404 not a refund of this order;
   * 409 a processed refund, not a gateway refund, or more than is left. Owner only.
   */
  app.post(
    '/orders/:orderId/refunds/:refundId/retry',
    {
      config: { ownerOnly: true },
      schema: {
        params: adminRefundParamsSchema,
        response: { 200: refundSchema, '4xx': errorBodySchema },
      },
    },
    async (request, reply) => {
      const refund = await retryRefund(
        app.db,
        await contextOf(request),
        request.params.orderId,
        request.params.refundId,
      );
      app.mailSender.wake();
      return reply.send(refund);
    },
  );
};
