/**
 * Catalogue routes (spec §7): `GET /products`, `GET /products/{id}`, `GET /storeInfo`.
 * Thin handlers: validate → service (through the response cache) → reply.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { productListQuerySchema } from '@shared/catalog/product-schema';
import { AppError } from '../../errors';
import { getStoreInfo } from '../stores/service';
import { getProduct, isProductId, listProducts } from './service';

export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/storeInfo', async (request, reply) => {
    const storeId = request.storeId;
    const json = await app.responseCache.getOrLoad(`${storeId}:storeInfo`, () =>
      getStoreInfo(app.db, storeId),
    );
    return reply.type('application/json; charset=utf-8').send(json);
  });

  app.get('/products', { schema: { querystring: productListQuerySchema } }, async (request, reply) => {
    const storeId = request.storeId;
    const query = request.query;
    const key = `${storeId}:products:${JSON.stringify([
      query.page,
      query.limit,
      query.category?.toLowerCase(),
      query.parentCategory?.toLowerCase(),
      query.gender?.toLowerCase(),
      query.filter?.map((value) => value.toLowerCase()),
      query.featured,
    ])}`;
    const json = await app.responseCache.getOrLoad(key, () => listProducts(app.db, storeId, query));
    return reply.type('application/json; charset=utf-8').send(json);
  });

  app.get('/products/:id', { schema: { params: z.object({ id: z.string() }) } }, async (request, reply) => {
    const storeId = request.storeId;
    const id = request.params.id.toLowerCase();
    if (!isProductId(id)) throw new AppError('not_found', 'Product not found');
    const json = await app.responseCache.getOrLoad(`${storeId}:product:${id}`, () =>
      getProduct(app.db, storeId, id),
    );
    if (json.length === 4 && json.toString() === 'null') throw new AppError('not_found', 'Product not found');
    return reply.type('application/json; charset=utf-8').send(json);
  });
};
