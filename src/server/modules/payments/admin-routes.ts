/**
 * The admin's payment routes under `/api/v1/admin` (docs/admin.md "Orders"), behind the admin role hook
 * (../auth/role-hook.ts): mark an order paid with the UTR of a UPI payment the owner saw in the bank app, or
 * reject the shopper's 'I have paid' (./payment-report-rejection.ts). Thin handlers: validate → service →
 * reply with the order as the admin's order routes show it.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@shared/errors/error-body';
import {
  adminMarkPaidBodySchema,
  adminOrderDetailSchema,
  adminOrderParamsSchema,
  adminRejectReportBodySchema,
} from '@shared/admin/admin-order-schemas';
import { actorOf, requireMember } from '../auth/role-hook';
import { adminOrderDetail } from '../orders/admin-orders';
import { markOrderPaid } from './admin-mark-paid';
import { rejectPaymentReport } from './payment-report-rejection';

export const paymentAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  /** Pending → Processing with the UTR; 409 with the reason from any other status. Answers the order. */
  app.post(
    '/orders/:orderId/mark-paid',
    {
      schema: {
        params: adminOrderParamsSchema,
        body: adminMarkPaidBodySchema,
        response: { 200: adminOrderDetailSchema, '4xx': errorBodySchema },
      },
    },
    async (request, reply) => {
      const context = { storeId: request.storeId, actor: actorOf(await requireMember(request)) };
      await markOrderPaid(app.db, context, request.params.orderId, request.body.utr);
      app.mailSender.wake();
      return reply.send(await adminOrderDetail(app.db, request.storeId, request.params.orderId));
    },
  );

  /**
   * Rejects the shopper's 'I have paid' of a Pending order: the report is cleared, the payment window restarts
   * (24 hours), the shopper is mailed. 409 `Order RS-… has no payment report to reject` without a report
   * waiting (or once the order is no longer Pending). Answers the order.
   */
  app.post(
    '/orders/:orderId/reject-report',
    {
      schema: {
        params: adminOrderParamsSchema,
        body: adminRejectReportBodySchema,
        response: { 200: adminOrderDetailSchema, '4xx': errorBodySchema },
      },
    },
    async (request, reply) => {
      const context = {
        storeId: request.storeId,
        actor: actorOf(await requireMember(request)),
        mailFrom: app.config.MAIL_FROM,
      };
      await rejectPaymentReport(app.db, context, request.params.orderId, request.body);
      app.mailSender.wake();
      return reply.send(await adminOrderDetail(app.db, request.storeId, request.params.orderId));
    },
  );
};
