/**
 * The owner's returns routes under `/api/v1/admin` (docs/admin.md "Returns", docs/returns.md), behind the admin
 * role hook (owner and staff): the queue by tab with its counts, one return, an order's returns, the steps on a
 * return (approve, reject, receive, ship the replacement, close) and RTO of a shipped order. Thin handlers:
 * validate → service → reply; each step wakes the mail sender for the shopper's mail it queued.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminOrderDetailSchema, adminOrderParamsSchema } from '@shared/admin/admin-order-schemas';
import { errorBodySchema } from '@shared/errors/error-body';
import {
  adminOrderReturnsSchema,
  adminReturnListQuerySchema,
  adminReturnListSchema,
  adminReturnParamsSchema,
  adminReturnSchema,
  adminRtoBodySchema,
  approveReturnBodySchema,
  closeReturnBodySchema,
  receiveReturnBodySchema,
  rejectReturnBodySchema,
  shipReplacementBodySchema,
} from '@shared/returns/return-schemas';
import { actorOf, requireMember } from '../auth/role-hook';
import { runAdminOrderStep } from '../orders/admin-order-step';
import { adminReturn, adminReturnsOfOrder, listAdminReturns } from './admin-returns';
import { markReturnedToOrigin } from './order-rto';
import {
  approveReturn,
  closeReturn,
  receiveReturn,
  rejectReturn,
  shipReplacement,
  type ReturnStepContext,
} from './return-steps';

/**
 * Runs `step` on return `id` as the signed-in member, wakes the mail sender, and answers the return as the admin
 * shows it now.
 */
async function runReturnStep(
  app: FastifyInstance,
  request: FastifyRequest,
  id: string,
  step: (context: ReturnStepContext) => Promise<void>,
) {
  await step({
    storeId: request.storeId,
    actor: actorOf(await requireMember(request)),
    mailFrom: app.config.MAIL_FROM,
  });
  app.mailSender.wake();
  return adminReturn(app.db, request.storeId, id);
}

export const returnAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const answers = { 200: adminReturnSchema, '4xx': errorBodySchema };

  /** 200 one page of a tab (`?status=requested|approved|received|closed`) with every tab's count. */
  app.get(
    '/returns',
    {
      schema: {
        querystring: adminReturnListQuerySchema,
        response: { 200: adminReturnListSchema, '4xx': errorBodySchema },
      },
    },
    async (request, reply) => reply.send(await listAdminReturns(app.db, request.storeId, request.query)),
  );

  /** 200 the return; 404 for another store's. */
  app.get(
    '/returns/:id',
    { schema: { params: adminReturnParamsSchema, response: answers } },
    async (request, reply) => reply.send(await adminReturn(app.db, request.storeId, request.params.id)),
  );

  /** Requested → approved (exchange sizes held); 409 otherwise or when an exchange size is sold out. */
  app.post(
    '/returns/:id/approve',
    { schema: { params: adminReturnParamsSchema, body: approveReturnBodySchema, response: answers } },
    async (request, reply) =>
      reply.send(
        await runReturnStep(app, request, request.params.id, (context) =>
          approveReturn(app.db, context, request.params.id, request.body),
        ),
      ),
  );

  /** Requested → rejected with the reason the shopper reads; 409 otherwise. */
  app.post(
    '/returns/:id/reject',
    { schema: { params: adminReturnParamsSchema, body: rejectReturnBodySchema, response: answers } },
    async (request, reply) =>
      reply.send(
        await runReturnStep(app, request, request.params.id, (context) =>
          rejectReturn(app.db, context, request.params.id, request.body),
        ),
      ),
  );

  /** Approved → received, each line restocked or written off; 409 otherwise, 400 for lines not the return's. */
  app.post(
    '/returns/:id/receive',
    { schema: { params: adminReturnParamsSchema, body: receiveReturnBodySchema, response: answers } },
    async (request, reply) =>
      reply.send(
        await runReturnStep(app, request, request.params.id, (context) =>
          receiveReturn(app.db, context, request.params.id, request.body),
        ),
      ),
  );

  /** The replacement of a received exchange ships (courier, tracking number); 409 otherwise. */
  app.post(
    '/returns/:id/ship-replacement',
    { schema: { params: adminReturnParamsSchema, body: shipReplacementBodySchema, response: answers } },
    async (request, reply) =>
      reply.send(
        await runReturnStep(app, request, request.params.id, (context) =>
          shipReplacement(app.db, context, request.params.id, request.body),
        ),
      ),
  );

  /** Received → closed (an exchange once its replacement shipped); 409 otherwise. */
  app.post(
    '/returns/:id/close',
    { schema: { params: adminReturnParamsSchema, body: closeReturnBodySchema, response: answers } },
    async (request, reply) =>
      reply.send(
        await runReturnStep(app, request, request.params.id, (context) =>
          closeReturn(app.db, context, request.params.id),
        ),
      ),
  );

  /** 200 the order's returns, oldest first; 404 for another store's order. */
  app.get(
    '/orders/:orderId/returns',
    {
      schema: {
        params: adminOrderParamsSchema,
        response: { 200: adminOrderReturnsSchema, '4xx': errorBodySchema },
      },
    },
    async (request, reply) =>
      reply.send({ data: await adminReturnsOfOrder(app.db, request.storeId, request.params.orderId) }),
  );

  /** Shipped → Cancelled 'returned to origin' (stock back, credit note, refund due when paid); 409 otherwise. */
  app.post(
    '/orders/:orderId/rto',
    {
      schema: {
        params: adminOrderParamsSchema,
        body: adminRtoBodySchema,
        response: { 200: adminOrderDetailSchema, '4xx': errorBodySchema },
      },
    },
    async (request, reply) => {
      const { orderId } = request.params;
      return reply.send(
        await runAdminOrderStep(app, request, orderId, (context) =>
          markReturnedToOrigin(app.db, context, orderId),
        ),
      );
    },
  );
};
