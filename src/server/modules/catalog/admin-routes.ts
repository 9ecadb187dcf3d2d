/**
 * The admin's product routes (owner and staff), behind the admin role hook (docs/admin.md "Products",
 * "Product"): the product list, one product for the editor, create, update, archive and unarchive. Thin
 * handlers: validate → service → reply. A save clears this server's catalogue caches after its commit (other
 * servers hear the NOTIFY), so the storefront shows it at once.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminProductDetailSchema,
  adminProductInputSchema,
  adminProductParamsSchema,
} from '@shared/admin/admin-product-editor-schemas';
import { adminProductListQuerySchema, adminProductListSchema } from '@shared/admin/admin-product-schemas';
import { errorBodySchema } from '@shared/errors/error-body';
import { actorOf, requireMember } from '../auth/role-hook';
import { adminProductDetail } from './admin-product-read';
import { createAdminProduct, setProductArchived, updateAdminProduct } from './admin-product-save';
import { listAdminProducts } from './admin-products';

export const productAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const answers = { 200: adminProductDetailSchema, '4xx': errorBodySchema };
  const contextOf = async (request: Parameters<typeof requireMember>[0]) => ({
    storeId: request.storeId,
    actor: actorOf(await requireMember(request)),
  });

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

  /** 200 the product with its history; 404 for another store's product or an unknown id. */
  app.get(
    '/products/:productId',
    { schema: { params: adminProductParamsSchema, response: answers } },
    async (request, reply) =>
      reply.send(await adminProductDetail(app.db, request.storeId, request.params.productId)),
  );

  /** 201 the new product; 400 `{ error, fields }` for a bad body; 409 with `fields` for a SKU in use. */
  app.post(
    '/products',
    {
      schema: {
        body: adminProductInputSchema,
        response: { 201: adminProductDetailSchema, '4xx': errorBodySchema },
      },
    },
    async (request, reply) => {
      const id = await createAdminProduct(app.db, await contextOf(request), request.body);
      await app.catalogChanged();
      return reply.code(201).send(await adminProductDetail(app.db, request.storeId, id));
    },
  );

  /** 200 the saved product; 400 bad body; 404 not this store's; 409 a SKU in use. */
  app.put(
    '/products/:productId',
    { schema: { params: adminProductParamsSchema, body: adminProductInputSchema, response: answers } },
    async (request, reply) => {
      await updateAdminProduct(app.db, await contextOf(request), request.params.productId, request.body);
      await app.catalogChanged();
      return reply.send(await adminProductDetail(app.db, request.storeId, request.params.productId));
    },
  );

  for (const [action, archived] of [
    ['archive', true],
    ['unarchive', false],
  ] as const) {
    /** 200 the product, archived (hidden from the storefront) or back on sale; 404 not this store's. */
    app.post(
      `/products/:productId/${action}`,
      { schema: { params: adminProductParamsSchema, response: answers } },
      async (request, reply) => {
        await setProductArchived(app.db, await contextOf(request), request.params.productId, archived);
        await app.catalogChanged();
        return reply.send(await adminProductDetail(app.db, request.storeId, request.params.productId));
      },
    );
  }
};
