/** The admin's customer routes (owner and staff), behind the admin role hook: list and detail. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  customerDetailSchema,
  customerListQuerySchema,
  customerListSchema,
  customerParamsSchema,
} from '@shared/admin/customer-schemas';
import { errorBodySchema } from '@shared/errors/error-body';
import { customerDetail, listCustomers } from './customer-list';

export const customerAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  /** 200 one page of customers; 400 `{ error, fields }` for a bad query. */
  app.get(
    '/customers',
    {
      schema: {
        querystring: customerListQuerySchema,
        response: { 200: customerListSchema, '4xx': errorBodySchema },
      },
    },
    async (request, reply) => {
      const page = await listCustomers(app.db, request.storeId, request.query);
      return reply.send({ ...page, page: request.query.page, limit: request.query.limit });
    },
  );

  /** 200 the customer with their orders; 404 for another store's id. */
  app.get(
    '/customers/:customerId',
    {
      schema: {
        params: customerParamsSchema,
        response: { 200: customerDetailSchema, '4xx': errorBodySchema },
      },
    },
    async (request, reply) =>
      reply.send(await customerDetail(app.db, request.storeId, request.params.customerId)),
  );
};
