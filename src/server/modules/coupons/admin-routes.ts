/**
 * The admin's coupon routes (docs/discounts.md "Owner"), behind the admin role hook: `GET/POST
 * /coupons`, `GET/PUT /coupons/{couponId}`, `POST /coupons/{couponId}/pause|resume|duplicate`, `GET
 * /coupons/{couponId}/uses`. Owner and staff alike (coupons are part of running orders). Thin handlers: the shared
 * schemas (src/shared/discounts/coupon-schemas.ts) validate and serialise; changes are audited.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@shared/errors/error-body';
import {
  couponActionParamsSchema,
  couponInputSchema,
  couponListSchema,
  couponParamsSchema,
  couponSchema,
  couponUsesSchema,
} from '@shared/discounts/coupon-schemas';
import { actorOf, requireMember } from '../auth/role-hook';
import {
  couponUses,
  duplicateCoupon,
  listCoupons,
  readCoupon,
  saveCoupon,
  setCouponPaused,
} from './coupon-admin';

export const couponAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const errors = { '4xx': errorBodySchema };
  const actor = async (request: Parameters<typeof requireMember>[0]) => actorOf(await requireMember(request));

  /** 200 the store's coupons, newest first. */
  app.get(
    '/coupons',
    { schema: { response: { 200: couponListSchema, ...errors } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return reply.send(await listCoupons(app.db, request.storeId));
    },
  );

  /** 201 the new coupon; 400 naming each bad field; 409 `fields.code` for a code taken in any letter case. */
  app.post(
    '/coupons',
    { schema: { body: couponInputSchema, response: { 201: couponSchema, ...errors } } },
    async (request, reply) =>
      reply
        .code(201)
        .send(await saveCoupon(app.db, request.storeId, await actor(request), null, request.body)),
  );

  /** 200 one coupon; 404 'Coupon not found'. */
  app.get(
    '/coupons/:couponId',
    { schema: { params: couponParamsSchema, response: { 200: couponSchema, ...errors } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return reply.send(await readCoupon(app.db, request.storeId, request.params.couponId));
    },
  );

  /** 200 the edited coupon; 400, 404, 409 as for creating. Its uses so far are kept. */
  app.put(
    '/coupons/:couponId',
    {
      schema: {
        params: couponParamsSchema,
        body: couponInputSchema,
        response: { 200: couponSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.send(
        await saveCoupon(
          app.db,
          request.storeId,
          await actor(request),
          request.params.couponId,
          request.body,
        ),
      ),
  );

  /** 200 the paused or resumed coupon; 201 the duplicate (paused, code `<CODE>-COPY`); 404. */
  app.post(
    '/coupons/:couponId/:action',
    {
      schema: {
        params: couponActionParamsSchema,
        response: { 200: couponSchema, 201: couponSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { couponId, action } = request.params;
      const who = await actor(request);
      if (action === 'duplicate') {
        return reply.code(201).send(await duplicateCoupon(app.db, request.storeId, who, couponId));
      }
      return reply.send(await setCouponPaused(app.db, request.storeId, who, couponId, action === 'pause'));
    },
  );

  /** 200 the orders placed with the coupon and the total discount given; 404. */
  app.get(
    '/coupons/:couponId/uses',
    { schema: { params: couponParamsSchema, response: { 200: couponUsesSchema, ...errors } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return reply.send(await couponUses(app.db, request.storeId, request.params.couponId));
    },
  );
};
