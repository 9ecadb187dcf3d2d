/**
 * The admin's Shiprocket routes under `/api/v1/admin` (docs/shipping.md, docs/admin.md "Orders"), behind the
 * admin role hook: the owner's Shiprocket settings (`GET/PUT /settings/shiprocket`, owner only, secrets
 * masked, audited), 'Ship with Shiprocket' for one order (`POST /orders/:orderId/shiprocket`, answers the order
 * as the order page shows it) or many (`POST /orders/shiprocket`), an order's booked parcel
 * (`GET /orders/:orderId/shipment`) and its label PDF (`GET /orders/:orderId/shipping-label`). Thin handlers:
 * validate → service → reply.
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  orderShipmentSchema,
  shiprocketBulkBodySchema,
  shiprocketBulkResultSchema,
  shiprocketSettingsResponseSchema,
  shiprocketSettingsSchema,
} from '@shared/couriers/shiprocket-schemas';
import { adminOrderDetailSchema, adminOrderParamsSchema } from '@shared/admin/admin-order-schemas';
import { errorBodySchema } from '@shared/errors/error-body';
import { pdfFileSchema } from '@shared/gst/gst-schemas';
import { courierShipments } from '../../db/schema/courier-tables';
import { NotFoundError } from '../../errors';
import { recordAudit } from '../audit/audit-log';
import { actorOf, requireMember } from '../auth/role-hook';
import { runAdminOrderStep } from '../orders/admin-order-step';
import { findAdminOrder } from '../orders/admin-orders';
import { shipManyWithShiprocket, shipWithShiprocket } from './shiprocket-booking';
import {
  readShiprocketAccount,
  saveShiprocketSettings,
  shiprocketMode,
  shiprocketSettingsView,
} from './shiprocket-settings';

/** 404 for an order without a kept label. */
export const NO_SHIPPING_LABEL = 'This order has no shipping label';

export const courierAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const settingsAnswers = { 200: shiprocketSettingsResponseSchema, '4xx': errorBodySchema };

  /** 200 the settings, secrets masked; 403 for staff. */
  app.get(
    '/settings/shiprocket',
    { config: { ownerOnly: true }, schema: { response: settingsAnswers } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return reply.send(
        shiprocketSettingsView(await readShiprocketAccount(app.db, request.storeId), app.config),
      );
    },
  );

  /** 200 the saved settings (masked); 400 `{ error, fields }`; 403 for staff. Audited without secrets. */
  app.put(
    '/settings/shiprocket',
    { config: { ownerOnly: true }, schema: { body: shiprocketSettingsSchema, response: settingsAnswers } },
    async (request, reply) => {
      const admin = await requireMember(request);
      const saved = await app.db.transaction(async (tx) => {
        const before = shiprocketSettingsView(await readShiprocketAccount(tx, request.storeId), app.config);
        const row = await saveShiprocketSettings(tx, request.storeId, request.body);
        const after = shiprocketSettingsView(row, app.config);
        const audited = ({ testMode: _t, available: _a, webhookPath: _w, ...kept }: typeof after) => kept;
        await recordAudit(tx, {
          storeId: request.storeId,
          actor: actorOf(admin),
          entity: 'settings',
          entityId: 'shiprocket',
          action: 'update',
          before: audited(before),
          after: audited(after),
        });
        return after;
      });
      reply.header('cache-control', 'no-store');
      return reply.send(saved);
    },
  );

  /** 200 the order shipped (its detail); 404 another store's; 409 not Processing, not set up, or Shiprocket's refusal. */
  app.post(
    '/orders/:orderId/shiprocket',
    {
      schema: {
        params: adminOrderParamsSchema,
        response: { 200: adminOrderDetailSchema, '4xx': errorBodySchema },
      },
    },
    async (request, reply) => {
      const { orderId } = request.params;
      return reply.send(
        await runAdminOrderStep(app, request, orderId, (context) =>
          shipWithShiprocket(app.db, app.config, context, orderId),
        ),
      );
    },
  );

  /** 200 each order's outcome (shipped with its AWB, or Shiprocket's or the shop's refusal); 400 bad body. */
  app.post(
    '/orders/shiprocket',
    {
      schema: {
        body: shiprocketBulkBodySchema,
        response: { 200: shiprocketBulkResultSchema, '4xx': errorBodySchema },
      },
    },
    async (request, reply) => {
      const admin = await requireMember(request);
      const result = await shipManyWithShiprocket(
        app.db,
        app.config,
        { storeId: request.storeId, actor: actorOf(admin), mailFrom: app.config.MAIL_FROM },
        request.body.orderNumbers,
      );
      app.mailSender.wake();
      return reply.send(result);
    },
  );

  /** 200 `{ shiprocketAvailable, shipment }` (null before a booking); 404 another store's order. */
  app.get(
    '/orders/:orderId/shipment',
    {
      schema: {
        params: adminOrderParamsSchema,
        response: { 200: orderShipmentSchema, '4xx': errorBodySchema },
      },
    },
    async (request, reply) => {
      const order = await findAdminOrder(app.db, request.storeId, request.params.orderId);
      const account = await readShiprocketAccount(app.db, request.storeId);
      const [row] = await app.db
        .select()
        .from(courierShipments)
        .where(and(eq(courierShipments.storeId, request.storeId), eq(courierShipments.orderId, order.id)));
      return reply.send({
        shiprocketAvailable: shiprocketMode(account, app.config) !== 'off',
        shipment: row
          ? {
              provider: row.provider,
              testMode: row.provider.endsWith('-sandbox'),
              shipmentId: row.shipmentId,
              awb: row.awb,
              courierName: row.courierName,
              trackingStatus: row.trackingStatus,
              labelAvailable: row.labelPdf !== null,
            }
          : null,
      });
    },
  );

  /** 200 the label PDF (`Label-RS-….pdf`); 404 for another store's order or an order without a label. */
  app.get(
    '/orders/:orderId/shipping-label',
    { schema: { params: adminOrderParamsSchema, response: { 200: pdfFileSchema, '4xx': errorBodySchema } } },
    async (request, reply) => {
      const order = await findAdminOrder(app.db, request.storeId, request.params.orderId);
      const [row] = await app.db
        .select({ labelPdf: courierShipments.labelPdf })
        .from(courierShipments)
        .where(and(eq(courierShipments.storeId, request.storeId), eq(courierShipments.orderId, order.id)));
      if (!row?.labelPdf) throw new NotFoundError(NO_SHIPPING_LABEL);
      reply.header('cache-control', 'no-store');
      reply.header('content-type', 'application/pdf');
      reply.header('content-disposition', `attachment; filename="Label-${order.orderNumber}.pdf"`);
      return reply.send(row.labelPdf);
    },
  );
};
