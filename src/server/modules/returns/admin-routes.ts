/**
 * The owner's returns routes under `/api/v1/admin` (docs/admin.md "Returns", docs/returns.md), behind the admin
 * role hook (owner and staff): the queue by tab with its counts, one return, an order's returns, the steps on a
 * return (approve, reject, receive, ship the replacement, close) and RTO of a shipped order. Thin handlers:
 * validate → service → reply; each step wakes the mail sender for the shopper's mail it queued.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { adminOrderDetailSchema, adminOrderParamsSchema } from '@shared/admin/admin-order-schemas';
import { errorBodySchema } from '@shared/errors/error-body';
import {
  adminOrderReturnsSchema,
  adminReturnListQuerySchema,
  adminReturnListSchema,
  adminReturnParamsSchema,
  adminReturnSchema,
  adminRtoBodySchema,
  type AdminReturnStep,
  approveReturnBodySchema,
  closeReturnBodySchema,
  receiveReturnBodySchema,
  rejectReturnBodySchema,
  shipReplacementBodySchema,
} from '@shared/returns/return-schemas';
import type { Db } from '../../db/database';
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
    '/returns/:returnId',
    { schema: { params: adminReturnParamsSchema, response: answers } },
    async (request, reply) => reply.send(await adminReturn(app.db, request.storeId, request.params.returnId)),
  );

  /**
   * `POST /returns/:returnId/<name>`: the body checked by `body`, `step` run on the return as the signed-in member
   * (runReturnStep), 200 the return as the admin shows it now; 404 for another store's return.
   */
  function stepRoute<Body extends z.ZodType>(
    name: AdminReturnStep,
    body: Body,
    step: (db: Db, context: ReturnStepContext, returnId: string, body: z.output<Body>) => Promise<void>,
  ) {
    app.post(
      `/returns/:returnId/${name}`,
      { schema: { params: adminReturnParamsSchema, body, response: answers } },
      async (request, reply) =>
        reply.send(
          await runReturnStep(app, request, request.params.returnId, (context) =>
            // The type provider cannot narrow a generic schema's output; `body` validated it.
            step(app.db, context, request.params.returnId, request.body as z.output<Body>),
          ),
        ),
    );
  }

  /** Requested → approved (exchange sizes held); 409 otherwise or when an exchange size is sold out. */
  stepRoute('approve', approveReturnBodySchema, approveReturn);
  /** Requested → rejected with the reason the shopper reads; 409 otherwise. */
  stepRoute('reject', rejectReturnBodySchema, rejectReturn);
  /** Approved → received, each line restocked or written off; 409 otherwise, 400 for lines not the return's. */
  stepRoute('receive', receiveReturnBodySchema, receiveReturn);
  /** The replacement of a received exchange ships (courier, tracking number); 409 otherwise. */
  stepRoute('ship-replacement', shipReplacementBodySchema, shipReplacement);
  /** Received → closed (an exchange once its replacement shipped); 409 otherwise. */
  stepRoute('close', closeReturnBodySchema, closeReturn);

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
