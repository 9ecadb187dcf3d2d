/**
 * The owner's order routes under `/api/v1/admin` (docs/admin.md "Orders"), behind the admin role hook
 * (../auth/role-hook.ts): the list (filtered, sorted, paginated on the server), its CSV export, one order's
 * detail, and the order steps through the state machine (marking an order paid is a payment:
 * ../payments/admin-routes.ts). Thin handlers: validate → service → reply.
 */
import { stringify } from 'csv-stringify/sync';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@shared/errors/error-body';
import {
  adminCancelBodySchema,
  adminDeliverBodySchema,
  adminOrderCsvSchema,
  adminOrderDetailSchema,
  adminOrderFiltersSchema,
  adminOrderListQuerySchema,
  adminOrderListSchema,
  adminOrderParamsSchema,
  adminShipBodySchema,
} from '@shared/admin/admin-order-schemas';
import { orderStatusLabel } from '@shared/orders/order-status';
import { paymentLabel } from '@shared/payments/payment-labels';
import { cancelOrder, deliverOrder, shipOrder } from './admin-order-actions';
import { adminOrderDetail, exportAdminOrders, listAdminOrders } from './admin-orders';
import { confirmCodOrderByOwner } from './cod-confirmation';
import { runAdminOrderStep } from './admin-order-step';

/**
 * The columns of the CSV export, in order. Amounts in rupees with 2 decimals (what a spreadsheet sums); the
 * payment in words ('Card / net banking (test)', src/shared/payments/payment-labels.ts).
 */
export const ORDER_CSV_COLUMNS = [
  'Order number',
  'Date',
  'Status',
  'Name',
  'E-mail',
  'Phone',
  'Total (INR)',
  'Payment',
  'Test payment',
  'Coupon code',
  'Discount (INR)',
];

export const orderAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const answers = { 200: adminOrderDetailSchema, '4xx': errorBodySchema };

  /** 200 one page of orders; 400 `{ error, fields }` for a bad filter. */
  app.get(
    '/orders',
    {
      schema: {
        querystring: adminOrderListQuerySchema,
        response: { 200: adminOrderListSchema, '4xx': errorBodySchema },
      },
    },
    async (request, reply) => {
      const { orders, hasMore } = await listAdminOrders(app.db, request.storeId, request.query);
      return reply.send({ orders, hasMore, page: request.query.page, limit: request.query.limit });
    },
  );

  /** 200 `text/csv` of every order the filters match (up to 50,000), as an attachment. */
  app.get(
    '/orders.csv',
    {
      schema: {
        querystring: adminOrderFiltersSchema,
        response: { 200: adminOrderCsvSchema, '4xx': errorBodySchema },
      },
    },
    async (request, reply) => {
      const rows = await exportAdminOrders(app.db, request.storeId, request.query);
      const csv = stringify(
        rows.map((row) => [
          row.orderNumber,
          row.createdAt,
          orderStatusLabel(row.status),
          row.fullName,
          row.email,
          row.phone,
          (row.totalPaise / 100).toFixed(2),
          row.payment === null ? '' : paymentLabel(row.payment),
          row.testPayment ? 'yes' : 'no',
          row.couponCode ?? '',
          ((row.discountPaise ?? 0) / 100).toFixed(2),
        ]),
        // Formula injection: a cell starting with = + - @ is prefixed so a spreadsheet shows it as text.
        { header: true, columns: ORDER_CSV_COLUMNS, escape_formulas: true },
      );
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="orders.csv"')
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );

  /** 200 the order; 404 for an order number that is not this store's. */
  app.get(
    '/orders/:orderId',
    { schema: { params: adminOrderParamsSchema, response: answers } },
    async (request, reply) =>
      reply.send(await adminOrderDetail(app.db, request.storeId, request.params.orderId)),
  );

  /** Processing → Shipped with courier and tracking number; the shopper is mailed. 409 otherwise. */
  app.post(
    '/orders/:orderId/ship',
    { schema: { params: adminOrderParamsSchema, body: adminShipBodySchema, response: answers } },
    async (request, reply) => {
      const { orderId } = request.params;
      return reply.send(
        await runAdminOrderStep(app, request, orderId, (context) =>
          shipOrder(app.db, context, orderId, request.body),
        ),
      );
    },
  );

  /** Shipped → Delivered; 409 otherwise. */
  app.post(
    '/orders/:orderId/deliver',
    { schema: { params: adminOrderParamsSchema, body: adminDeliverBodySchema, response: answers } },
    async (request, reply) => {
      const { orderId } = request.params;
      return reply.send(
        await runAdminOrderStep(app, request, orderId, (context) => deliverOrder(app.db, context, orderId)),
      );
    },
  );

  /** Pending, Processing or Shipped → Cancelled (stock returns); 409 from Delivered or Cancelled. */
  app.post(
    '/orders/:orderId/cancel',
    { schema: { params: adminOrderParamsSchema, body: adminCancelBodySchema, response: answers } },
    async (request, reply) => {
      const { orderId } = request.params;
      return reply.send(
        await runAdminOrderStep(app, request, orderId, (context) =>
          cancelOrder(app.db, context, orderId, request.body),
        ),
      );
    },
  );

  /** COD awaiting confirmation → Processing, after the owner's call (audited); 409 from any other status. */
  app.post(
    '/orders/:orderId/cod-confirm',
    { schema: { params: adminOrderParamsSchema, response: answers } },
    async (request, reply) => {
      const { orderId } = request.params;
      return reply.send(
        await runAdminOrderStep(app, request, orderId, (context) =>
          confirmCodOrderByOwner(app.db, context, orderId),
        ),
      );
    },
  );
};
