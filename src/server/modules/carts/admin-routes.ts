/**
 * The owner's forgotten-cart setting (docs/messages.md "Forgotten carts"), behind the admin role hook and for
 * the owner only: `GET` / `PUT /admin/settings/cart-reminder` `{ reminderAfterHours }` (1 to 168 hours, or null:
 * off).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cartReminderSettingSchema } from '@shared/carts/cart-schemas';
import { errorBodySchema } from '@shared/errors/error-body';
import { actorOf, requireMember } from '../auth/role-hook';
import { readCartReminderSetting, saveCartReminderSetting } from './cart-reminder-setting';

const ownerOnly = { ownerOnly: true };
const answers = { 200: cartReminderSettingSchema, '4xx': errorBodySchema };

export const cartAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  /** 200 the setting (the default, 1 hour, until the owner sets one); 403 for staff. */
  app.get('/settings/cart-reminder', { config: ownerOnly, schema: { response: answers } }, async (request) =>
    readCartReminderSetting(app.db, request.storeId),
  );

  /** Saves the setting and audits it. 200 the setting; 400 for hours outside 1–168; 403 for staff. */
  app.put(
    '/settings/cart-reminder',
    { config: ownerOnly, schema: { body: cartReminderSettingSchema, response: answers } },
    async (request) =>
      saveCartReminderSetting(app.db, request.storeId, actorOf(await requireMember(request)), request.body),
  );
};
