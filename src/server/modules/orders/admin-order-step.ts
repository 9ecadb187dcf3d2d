/**
 * How the admin's order routes run an owner's step on one order (docs/admin.md "Orders"): ship, deliver and
 * cancel (./admin-routes.ts), mark paid and reject a payment report (../payments/admin-routes.ts). Shared so
 * that every step answers the same way.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AdminOrderDetail } from '@shared/admin/admin-order-schemas';
import { actorOf, requireMember } from '../auth/role-hook';
import type { AdminStepContext } from './admin-order-actions';
import { adminOrderDetail } from './admin-orders';

/**
 * Runs `step` with the store, the signed-in member as the audit actor and `MAIL_FROM`, wakes the mail sender
 * for the shopper's mail it queued, then reads the order again.
 * @param orderNumber the order number as typed (the route's `:orderId`).
 * @returns the order as the admin's order page shows it (amounts in paise).
 * @throws whatever `step` throws (409 `ConflictError` for a step the order's status does not allow), 401/403
 *   from {@link requireMember}, 404 `NotFoundError` for another store's order.
 */
export async function runAdminOrderStep(
  app: FastifyInstance,
  request: FastifyRequest,
  orderNumber: string,
  step: (context: AdminStepContext) => Promise<unknown>,
): Promise<AdminOrderDetail> {
  await step({
    storeId: request.storeId,
    actor: actorOf(await requireMember(request)),
    mailFrom: app.config.MAIL_FROM,
  });
  app.mailSender.wake();
  return adminOrderDetail(app.db, request.storeId, orderNumber);
}
