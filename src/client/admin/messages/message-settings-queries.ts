/**
 * The owner's message settings (docs/messages.md "Order updates", "Forgotten carts"): TanStack query options
 * over `GET /admin/settings/order-messages` and `GET /admin/settings/cart-reminder`, and their saves, which
 * answer the settings as stored.
 */
import { queryOptions } from '@tanstack/react-query';
import { cartReminderSettingSchema, type CartReminderSetting } from '@shared/carts/cart-schemas';
import {
  orderMessageSettingsSchema,
  type OrderMessageSettings,
} from '@shared/notifications/order-message-settings';
import { apiRequest } from '@client/lib/api-client';
import { ADMIN_QUERY_KEY } from '../lib/admin-session';

/** `GET /admin/settings/order-messages`: SMS on or off, the owner's WhatsApp, the COD window and its action. */
export const orderMessageSettingsQuery = () =>
  queryOptions({
    queryKey: [...ADMIN_QUERY_KEY, 'settings', 'order-messages'],
    queryFn: () => apiRequest('/admin/settings/order-messages', { schema: orderMessageSettingsSchema }),
  });

/** `GET /admin/settings/cart-reminder`: hours after a cart's last change its reminder goes, or null (off). */
export const cartReminderSettingQuery = () =>
  queryOptions({
    queryKey: [...ADMIN_QUERY_KEY, 'settings', 'cart-reminder'],
    queryFn: () => apiRequest('/admin/settings/cart-reminder', { schema: cartReminderSettingSchema }),
  });

/** `PUT /admin/settings/order-messages`: answers the settings as stored (the owner's number as `+91…`). */
export const saveOrderMessageSettings = (body: OrderMessageSettings) =>
  apiRequest('/admin/settings/order-messages', { method: 'PUT', body, schema: orderMessageSettingsSchema });

/** `PUT /admin/settings/cart-reminder`: answers the setting as stored. */
export const saveCartReminderSetting = (body: CartReminderSetting) =>
  apiRequest('/admin/settings/cart-reminder', { method: 'PUT', body, schema: cartReminderSettingSchema });
