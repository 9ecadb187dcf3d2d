/**
 * The admin's Shiprocket reads and steps (docs/shipping.md): an order's booked parcel, 'Ship with Shiprocket'
 * for one order or many, and the owner's Shiprocket settings, over the admin API.
 */
import { queryOptions } from '@tanstack/react-query';
import { adminOrderDetailSchema } from '@shared/admin/admin-order-schemas';
import {
  orderShipmentSchema,
  shiprocketBulkResultSchema,
  shiprocketSettingsResponseSchema,
  type ShiprocketSettingsInput,
} from '@shared/couriers/shiprocket-schemas';
import { apiRequest } from '@client/lib/api-client';
import { ADMIN_QUERY_KEY } from '../lib/admin-session';

/** `GET /admin/orders/:orderId/shipment`: the parcel booked for the order, and whether Shiprocket is offered. */
export const orderShipmentQuery = (orderNumber: string) =>
  queryOptions({
    queryKey: [...ADMIN_QUERY_KEY, 'order', orderNumber, 'shipment'],
    queryFn: () =>
      apiRequest(`/admin/orders/${encodeURIComponent(orderNumber)}/shipment`, {
        schema: orderShipmentSchema,
      }),
  });

/** Books the order with Shiprocket and ships it; answers the order as it is afterwards. */
export const shipWithShiprocket = (orderNumber: string) =>
  apiRequest(`/admin/orders/${encodeURIComponent(orderNumber)}/shiprocket`, {
    method: 'POST',
    body: {},
    schema: adminOrderDetailSchema,
  });

/** Books many orders; answers each order's outcome. */
export const shipManyWithShiprocket = (orderNumbers: string[]) =>
  apiRequest('/admin/orders/shiprocket', {
    method: 'POST',
    body: { orderNumbers },
    schema: shiprocketBulkResultSchema,
  });

/** `GET /admin/settings/shiprocket` (owner only): secrets masked. */
export const shiprocketSettingsQuery = () =>
  queryOptions({
    queryKey: [...ADMIN_QUERY_KEY, 'settings', 'shiprocket'],
    queryFn: () => apiRequest('/admin/settings/shiprocket', { schema: shiprocketSettingsResponseSchema }),
  });

export const saveShiprocketSettings = (body: ShiprocketSettingsInput) =>
  apiRequest('/admin/settings/shiprocket', { method: 'PUT', body, schema: shiprocketSettingsResponseSchema });
