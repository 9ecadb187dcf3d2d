/**
 * The path and query of one order's routes, shared by the order, document and return routes of the API: the
 * order number in the path, and the contact detail that lets a shopper who is not signed in track an order.
 */
import { z } from 'zod';

/**
 * `GET /orders/{orderId}` and `POST /orders/{orderId}/cancel` path: the order number as the customer typed it
 * (normalised by the server). Cancelling answers the cancelled order (`orderSchema`); only the signed-in owner
 * may cancel, and only while it is Pending (409 otherwise).
 */
export const trackOrderParamsSchema = z.object({ orderId: z.string() });

/**
 * `GET /orders/{orderId}?contactInfo=…` query: the order's e-mail or phone (docs/product.md §7 track order). When given
 * it must match, for everyone, the signed-in owner included; without it only the owner sees the order.
 */
export const trackOrderQuerySchema = z.object({
  contactInfo: z.string().trim().max(200).optional(),
});
