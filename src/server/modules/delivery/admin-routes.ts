/**
 * The owner's delivery settings under `/api/v1/admin` (docs/delivery.md, docs/admin.md), behind the admin role
 * hook and owner-only (staff get 403): `GET /settings/delivery` answers them in rupees, `PUT` replaces them
 * whole (validated with the shared schema, field by field) and writes the change to the audit log in the same
 * transaction. Thin handlers: validate → service → reply.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  deliverySettingsResponseSchema,
  deliverySettingsSchema,
  deliverySettingsToPaise,
  deliverySettingsToRupees,
} from '@shared/delivery/delivery-schemas';
import { errorBodySchema } from '@shared/errors/error-body';
import { recordAudit } from '../audit/audit-log';
import { actorOf, requireMember } from '../auth/role-hook';
import { readDeliverySettings, saveDeliverySettings } from './delivery-settings-store';

export const deliveryAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const answers = { 200: deliverySettingsResponseSchema, '4xx': errorBodySchema };

  /** 200 the settings (rupees); 403 for staff. */
  app.get(
    '/settings/delivery',
    { config: { ownerOnly: true }, schema: { response: answers } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return reply.send(deliverySettingsToRupees(await readDeliverySettings(app.db, request.storeId)));
    },
  );

  /** 200 the saved settings; 400 `{ error, fields }` naming each bad field; 403 for staff. */
  app.put(
    '/settings/delivery',
    { config: { ownerOnly: true }, schema: { body: deliverySettingsSchema, response: answers } },
    async (request, reply) => {
      const admin = await requireMember(request);
      const next = deliverySettingsToPaise(request.body);
      await app.db.transaction(async (tx) => {
        const before = await readDeliverySettings(tx, request.storeId);
        await saveDeliverySettings(tx, request.storeId, next);
        await recordAudit(tx, {
          storeId: request.storeId,
          actor: actorOf(admin),
          entity: 'settings',
          entityId: 'delivery',
          action: 'update',
          before: deliverySettingsToRupees(before),
          after: deliverySettingsToRupees(next),
        });
      });
      return reply.send(deliverySettingsToRupees(next));
    },
  );
};
