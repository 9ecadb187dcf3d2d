/**
 * The owner's order-message settings (docs/messages.md "Order updates"), behind the admin role hook and for
 * the owner only: `GET` / `PUT /admin/settings/order-messages` `{ transactionalSms, ownerWhatsapp,
 * codConfirmHours, codUnanswered }`.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@shared/errors/error-body';
import { orderMessageSettingsSchema } from '@shared/notifications/order-message-settings';
import { actorOf, requireMember } from '../auth/role-hook';
import { readOrderMessageSettings, saveOrderMessageSettings } from './order-message-settings-store';

const ownerOnly = { ownerOnly: true };
const answers = { 200: orderMessageSettingsSchema, '4xx': errorBodySchema };

export const orderMessageSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  /** 200 the settings (defaults until the owner sets them); 403 for staff. */
  app.get('/settings/order-messages', { config: ownerOnly, schema: { response: answers } }, async (request) =>
    readOrderMessageSettings(app.db, request.storeId),
  );

  /**
   * Saves the settings and audits them. 200 the settings as stored (the owner's number as E.164); 400
   * `{ error, fields }` for a number that is not an Indian mobile, hours outside 1–168, an unknown action or
   * field; 403 for staff.
   */
  app.put(
    '/settings/order-messages',
    { config: ownerOnly, schema: { body: orderMessageSettingsSchema, response: answers } },
    async (request) =>
      saveOrderMessageSettings(app.db, request.storeId, actorOf(await requireMember(request)), request.body),
  );
};
