/**
 * The admin's promotion routes (owner and staff, as product editing), behind the admin role hook
 * (docs/discounts.md "Automatic promotions", "Owner"): list, create, edit, pause, resume, duplicate. Thin handlers:
 * validate → service → reply. A write clears this server's catalogue caches after its commit (other servers
 * hear the NOTIFY), so prices change at once.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminPromotionListSchema,
  adminPromotionSchema,
  promotionInputSchema,
  promotionParamsSchema,
} from '@shared/discounts/promotion-schemas';
import { errorBodySchema } from '@shared/errors/error-body';
import { actorOf, requireMember } from '../auth/role-hook';
import {
  createPromotion,
  duplicatePromotion,
  getPromotion,
  listPromotions,
  setPromotionPaused,
  updatePromotion,
} from './promotion-admin';

export const promotionAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const answers = { 200: adminPromotionSchema, '4xx': errorBodySchema };
  const contextOf = async (request: Parameters<typeof requireMember>[0]) => ({
    storeId: request.storeId,
    actor: actorOf(await requireMember(request)),
  });

  /** 200 the store's promotions with their status now. */
  app.get(
    '/promotions',
    { schema: { response: { 200: adminPromotionListSchema, '4xx': errorBodySchema } } },
    async (request, reply) =>
      reply.send({ promotions: await listPromotions(app.db, request.storeId, app.clock()) }),
  );

  /** 200 one promotion; 404 another store's or unknown. */
  app.get(
    '/promotions/:promotionId',
    { schema: { params: promotionParamsSchema, response: answers } },
    async (request, reply) =>
      reply.send(await getPromotion(app.db, request.storeId, request.params.promotionId, app.clock())),
  );

  /** 201 the new promotion; 400 `{ error, fields }` for a bad body or an unknown category or SKU. */
  app.post(
    '/promotions',
    {
      schema: {
        body: promotionInputSchema,
        response: { 201: adminPromotionSchema, '4xx': errorBodySchema },
      },
    },
    async (request, reply) => {
      const id = await createPromotion(app.db, await contextOf(request), request.body);
      await app.catalogChanged();
      return reply.code(201).send(await getPromotion(app.db, request.storeId, id, app.clock()));
    },
  );

  /** 200 the saved promotion; 400 bad body; 404 not this store's. */
  app.put(
    '/promotions/:promotionId',
    { schema: { params: promotionParamsSchema, body: promotionInputSchema, response: answers } },
    async (request, reply) => {
      const { promotionId } = request.params;
      await updatePromotion(app.db, await contextOf(request), promotionId, request.body);
      await app.catalogChanged();
      return reply.send(await getPromotion(app.db, request.storeId, promotionId, app.clock()));
    },
  );

  for (const [action, paused] of [
    ['pause', true],
    ['resume', false],
  ] as const) {
    /** 200 the promotion, paused (no price changes) or running again on its times; 404 not this store's. */
    app.post(
      `/promotions/:promotionId/${action}`,
      { schema: { params: promotionParamsSchema, response: answers } },
      async (request, reply) => {
        const { promotionId } = request.params;
        await setPromotionPaused(app.db, await contextOf(request), promotionId, paused);
        await app.catalogChanged();
        return reply.send(await getPromotion(app.db, request.storeId, promotionId, app.clock()));
      },
    );
  }

  /** 201 a paused copy named '<name> (copy)'; 404 not this store's. */
  app.post(
    '/promotions/:promotionId/duplicate',
    {
      schema: {
        params: promotionParamsSchema,
        response: { 201: adminPromotionSchema, '4xx': errorBodySchema },
      },
    },
    async (request, reply) => {
      const id = await duplicatePromotion(app.db, await contextOf(request), request.params.promotionId);
      await app.catalogChanged();
      return reply.code(201).send(await getPromotion(app.db, request.storeId, id, app.clock()));
    },
  );
};
