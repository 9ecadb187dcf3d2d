/**
 * The shopper's add-on routes (docs/add-ons.md): `GET /products/{id}/add-ons` (the add-ons a product offers,
 * public) and the signed-in shopper's measurement profiles, `GET/POST /account/measurements`,
 * `PUT/DELETE /account/measurements/{profileId}` (scoped to the account). Thin handlers: the shared schemas
 * validate and serialise, the services do the work.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  noContentSchema,
  productAddOnsParamsSchema,
  productAddOnsSchema,
} from '@shared/add-ons/add-on-schemas';
import {
  measurementProfileBodySchema,
  measurementProfileListSchema,
  measurementProfileParamsSchema,
  measurementProfileSchema,
} from '@shared/add-ons/measurement-profile-schemas';
import { errorBodySchema } from '@shared/errors/error-body';
import { paiseToRupees } from '@shared/money';
import { authenticate, requireAccount } from '../auth/authenticate';
import { createProfile, deleteProfile, listProfiles, updateProfile } from './measurement-profiles';
import { listStoreAddOns, offeredFor, productFacts } from './store-add-ons';

const errors = { '4xx': errorBodySchema, 503: errorBodySchema };

export const addOnRoutes: FastifyPluginAsyncZod = async (app) => {
  const ownerOf = async (request: Parameters<typeof requireAccount>[0]) => ({
    storeId: request.storeId,
    userId: (await requireAccount(request)).accountId,
  });

  /** 200 the product's add-ons (empty for an unknown or archived product, or one without add-ons). */
  app.get(
    '/products/:id/add-ons',
    { schema: { params: productAddOnsParamsSchema, response: { 200: productAddOnsSchema, ...errors } } },
    async (request, reply) => {
      const id = request.params.id.toLowerCase();
      const valid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(id);
      const facts = valid ? (await productFacts(app.db, request.storeId, [id])).get(id) : undefined;
      const offered = facts ? offeredFor(await listStoreAddOns(app.db, request.storeId), facts) : [];
      reply.header('cache-control', 'no-cache');
      return reply.send({
        addOns: offered.map((addOn) => ({
          code: addOn.code,
          title: addOn.title,
          price: paiseToRupees(addOn.pricePaise),
          leadDays: addOn.leadDays,
          measurementSet: addOn.measurementSet,
        })),
      });
    },
  );

  /** 200 the account's profiles; 401 without a session. */
  app.get(
    '/account/measurements',
    { onRequest: authenticate, schema: { response: { 200: measurementProfileListSchema, ...errors } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return reply.send({ profiles: await listProfiles(app.db, await ownerOf(request)) });
    },
  );

  /** 201 the new profile; 400 for measurements out of range; 409 when the account keeps 10 already. */
  app.post(
    '/account/measurements',
    {
      onRequest: authenticate,
      schema: { body: measurementProfileBodySchema, response: { 201: measurementProfileSchema, ...errors } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return reply.code(201).send(await createProfile(app.db, await ownerOf(request), request.body));
    },
  );

  /** 200 the profile as saved; 404 'Measurement profile not found' (another account's too). */
  app.put(
    '/account/measurements/:profileId',
    {
      onRequest: authenticate,
      schema: {
        params: measurementProfileParamsSchema,
        body: measurementProfileBodySchema,
        response: { 200: measurementProfileSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const owner = await ownerOf(request);
      return reply.send(await updateProfile(app.db, owner, request.params.profileId, request.body));
    },
  );

  /** 204; 404 'Measurement profile not found'. */
  app.delete(
    '/account/measurements/:profileId',
    {
      onRequest: authenticate,
      schema: { params: measurementProfileParamsSchema, response: { 204: noContentSchema, ...errors } },
    },
    async (request, reply) => {
      await deleteProfile(app.db, await ownerOf(request), request.params.profileId);
      return reply.code(204).send(null);
    },
  );
};
