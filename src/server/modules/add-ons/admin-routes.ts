/**
 * The shop's add-on routes under `/api/v1/admin` (docs/add-ons.md "The shop's add-ons"), behind the admin role
 * hook: `GET/PUT /add-ons` (the store's add-ons, replaced as a whole, audited) and
 * `POST /orders/{orderId}/add-ons/{addOnId}/done` ('Stitching done', audited). Thin handlers.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { addOnDoneParamsSchema, adminAddOnsSchema, noContentSchema } from '@shared/add-ons/add-on-schemas';
import { errorBodySchema } from '@shared/errors/error-body';
import { recordAudit } from '../audit/audit-log';
import { actorOf, requireMember } from '../auth/role-hook';
import { markAddOnDone } from './order-add-ons';
import { addOnInRupees, listStoreAddOns, replaceStoreAddOns } from './store-add-ons';

export const addOnAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const errors = { '4xx': errorBodySchema };

  /** 200 the store's add-ons (rupees). */
  app.get(
    '/add-ons',
    { schema: { response: { 200: adminAddOnsSchema, ...errors } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return reply.send({ addOns: (await listStoreAddOns(app.db, request.storeId)).map(addOnInRupees) });
    },
  );

  /** 200 the add-ons as saved; 400 `{ error, fields }` naming each bad field (`addOns.0.price`). */
  app.put(
    '/add-ons',
    { schema: { body: adminAddOnsSchema, response: { 200: adminAddOnsSchema, ...errors } } },
    async (request, reply) => {
      const actor = actorOf(await requireMember(request));
      const storeId = request.storeId;
      await app.db.transaction(async (tx) => {
        const before = (await listStoreAddOns(tx, storeId)).map(addOnInRupees);
        if (await replaceStoreAddOns(tx, storeId, request.body.addOns)) {
          await recordAudit(tx, {
            storeId,
            actor,
            entity: 'store',
            entityId: 'add-ons',
            action: 'update-add-ons',
            before: { addOns: before },
            after: { addOns: request.body.addOns },
          });
        }
      });
      return reply.send({ addOns: (await listStoreAddOns(app.db, storeId)).map(addOnInRupees) });
    },
  );

  /** 204; 404 'Add-on not found'; 409 'This add-on is already marked done'. */
  app.post(
    '/orders/:orderId/add-ons/:addOnId/done',
    { schema: { params: addOnDoneParamsSchema, response: { 204: noContentSchema, ...errors } } },
    async (request, reply) => {
      const actor = actorOf(await requireMember(request));
      await markAddOnDone(app.db, {
        storeId: request.storeId,
        orderNumber: request.params.orderId.toUpperCase(),
        addOnId: request.params.addOnId,
        actor,
      });
      return reply.code(204).send(null);
    },
  );
};
