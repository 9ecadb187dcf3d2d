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
import { runAdminOrderStep } from '../orders/admin-order-step';
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
      const { orderId } = request.params;
      return reply.send(
        await runAdminOrderStep(app, request, orderId, (context) =>
          markOrderPaid(app.db, context, orderId, request.body.utr),
        ),
      );
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
      const { orderId } = request.params;
      return reply.send(
        await runAdminOrderStep(app, request, orderId, (context) =>
          rejectPaymentReport(app.db, context, orderId, request.body),
        ),
      );
    },
  );
};
