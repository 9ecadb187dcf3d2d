/**
 * The admin's Webhooks screen under `/api/v1/admin/webhooks` (docs/webhooks.md, docs/admin.md "Webhooks"),
 * behind the admin role hook and owner only (staff get 403). Thin handlers: validate with the shared schemas →
 * ./webhook-endpoints.ts → reply. The signing secret is in the creation's answer only.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { errorBodySchema } from '@shared/errors/error-body';
import {
  webhookDeliveryListSchema,
  webhookEndpointCreateSchema,
  webhookEndpointCreatedSchema,
  webhookEndpointListSchema,
  webhookEndpointParamsSchema,
  webhookEndpointSchema,
  webhookEndpointUpdateSchema,
  webhookPingSchema,
} from '@shared/webhooks/webhook-schemas';
import { actorOf, requireMember } from '../auth/role-hook';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookEndpoints,
  pingWebhookEndpoint,
  updateWebhookEndpoint,
  type WebhookAdminContext,
} from './webhook-endpoints';

/** The routes; the address rule (public only in production) is the app's webhook sender's. */
export const webhookAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const ownerOnly = { ownerOnly: true };
  const context = async (request: FastifyRequest): Promise<WebhookAdminContext> => ({
    storeId: request.storeId,
    actor: actorOf(await requireMember(request)),
    publicOnly: app.webhookSender.publicOnly,
    resolveAll: app.webhookSender.resolveAll,
  });

  /** 200 the endpoints, oldest first, without secrets; 403 for staff. */
  app.get(
    '/webhooks',
    { config: ownerOnly, schema: { response: { 200: webhookEndpointListSchema, '4xx': errorBodySchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return reply.send({ endpoints: await listWebhookEndpoints(app.db, request.storeId) });
    },
  );

  /** 201 the endpoint and its secret (this once); 400 `{ error, fields }` for a bad URL or events; 409 past the limit. */
  app.post(
    '/webhooks',
    {
      config: ownerOnly,
      schema: {
        body: webhookEndpointCreateSchema,
        response: { 201: webhookEndpointCreatedSchema, '4xx': errorBodySchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return reply.code(201).send(await createWebhookEndpoint(app.db, await context(request), request.body));
    },
  );

  /** 200 the endpoint with its new events or state; 400 for a bad body; 404 for another store's. */
  app.patch(
    '/webhooks/:endpointId',
    {
      config: ownerOnly,
      schema: {
        params: webhookEndpointParamsSchema,
        body: webhookEndpointUpdateSchema,
        response: { 200: webhookEndpointSchema, '4xx': errorBodySchema },
      },
    },
    async (request, reply) =>
      reply.send(
        await updateWebhookEndpoint(app.db, await context(request), request.params.endpointId, request.body),
      ),
  );

  /** 200 the endpoints left (the deleted one's deliveries go with it); 404 for another store's. */
  app.delete(
    '/webhooks/:endpointId',
    {
      config: ownerOnly,
      schema: {
        params: webhookEndpointParamsSchema,
        response: { 200: webhookEndpointListSchema, '4xx': errorBodySchema },
      },
    },
    async (request, reply) => {
      await deleteWebhookEndpoint(app.db, await context(request), request.params.endpointId);
      return reply.send({ endpoints: await listWebhookEndpoints(app.db, request.storeId) });
    },
  );

  /** 202 the test ping's delivery id (sent at once, retried like any delivery); 404 for another store's. */
  app.post(
    '/webhooks/:endpointId/ping',
    {
      config: ownerOnly,
      schema: {
        params: webhookEndpointParamsSchema,
        response: { 202: webhookPingSchema, '4xx': errorBodySchema },
      },
    },
    async (request, reply) =>
      reply.code(202).send({
        deliveryId: await pingWebhookEndpoint(app.db, await context(request), request.params.endpointId),
      }),
  );

  /** 200 the latest deliveries with each attempt's answer; 404 for another store's endpoint. */
  app.get(
    '/webhooks/:endpointId/deliveries',
    {
      config: ownerOnly,
      schema: {
        params: webhookEndpointParamsSchema,
        response: { 200: webhookDeliveryListSchema, '4xx': errorBodySchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return reply.send({
        deliveries: await listWebhookDeliveries(app.db, request.storeId, request.params.endpointId),
      });
    },
  );
};
