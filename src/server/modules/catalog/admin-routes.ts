/** The admin's product routes (owner and staff), behind the admin role hook: the product list. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminProductListQuerySchema, adminProductListSchema } from '@shared/admin/admin-product-schemas';
import { errorBodySchema } from '@shared/errors/error-body';
import { listAdminProducts } from './admin-products';

export const productAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  /** 200 one page of products with the store's categories; 400 `{ error, fields }` for a bad query. */
  app.get(
    '/products',
    {
      schema: {
        querystring: adminProductListQuerySchema,
        response: { 200: adminProductListSchema, '4xx': errorBodySchema },
      },
    },
    async (request, reply) => {
      const found = await listAdminProducts(app.db, request.storeId, request.query);
      return reply.send({ ...found, page: request.query.page, limit: request.query.limit });
    },
  );
};
