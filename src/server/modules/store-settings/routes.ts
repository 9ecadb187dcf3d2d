/**
 * The store settings' public route (docs/product.md §7): `GET /storeInfo`, the store info, answered from the response cache as ready JSON in the
 * shape of the shared `storeInfoSchema`.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@shared/errors/error-body';
import { storeInfoSchema } from '@shared/store-settings/store-info-schema';
import { sendCachedJson } from '../catalog/send-cached-json';
import { getStoreInfo } from './store-info';

export type StoreInfoRoutesOptions = {
  /** Payments are simulated (see `paymentsAreSimulated`): sent as `testMode`. */
  testMode: boolean;
};

export const storeInfoRoutes: FastifyPluginAsyncZod<StoreInfoRoutesOptions> = async (app, { testMode }) => {
  /** 200 the store information of the request's store (also the storefront's connectivity test). */
  app.get(
    '/storeInfo',
    { schema: { response: { 200: storeInfoSchema, '4xx': errorBodySchema } } },
    async (request, reply) => {
      const storeId = request.storeId;
      const json = await app.responseCache.getOrLoad(`${storeId}:storeInfo`, () =>
        getStoreInfo(app.db, storeId, testMode),
      );
      return sendCachedJson(reply, json);
    },
  );
};
