/**
 * The shopper's delivery check (docs/delivery.md): `GET /delivery/check?postalCode=302001[&state=…&subtotal=…]`,
 * open to anyone, for the product page's PIN check and the checkout's shipping line: whether the store
 * delivers there, the shipping charge (rupees) for the subtotal given, the estimate in days and, where cash
 * on delivery is offered for that PIN code, its fee. The order computes the charge again itself.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { indiaDatePlusDays, type CodAvailability } from '@shared/delivery/delivery-dates';
import { codRefusal, deliveryQuote } from '@shared/delivery/delivery-rules';
import { deliveryCheckQuerySchema, deliveryCheckSchema } from '@shared/delivery/delivery-schemas';
import { errorBodySchema } from '@shared/errors/error-body';
import { findIndianState } from '@shared/gst/indian-states';
import { paiseToRupees, rupeesToPaise } from '@shared/money';
import { readDeliverySettings } from './delivery-settings-store';

export const deliveryRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * 200 the check; 400 `{ error, fields }` for a PIN code that is not 6 digits ('Please enter a 6-digit PIN
   * code') or whose first three digits belong to no state ('Enter a valid PIN code').
   */
  app.get(
    '/delivery/check',
    {
      schema: {
        querystring: deliveryCheckQuerySchema,
        response: { 200: deliveryCheckSchema, '4xx': errorBodySchema },
      },
    },
    async (request, reply) => {
      const { postalCode, state, subtotal } = request.query;
      const settings = await readDeliverySettings(app.db, request.storeId);
      const subtotalPaise = rupeesToPaise(subtotal ?? 0);
      const quote = deliveryQuote(
        settings,
        { postalCode, state: state ? (findIndianState(state)?.name ?? null) : null },
        subtotalPaise,
      );
      reply.header('cache-control', 'no-store');
      if (!quote.served) {
        return reply.send({
          postalCode,
          served: false,
          shipping: null,
          minDays: null,
          maxDays: null,
          earliestDate: null,
          latestDate: null,
          codFee: null,
          cod: null,
          codMaxOrderValue: null,
        });
      }
      // The same COD rule as the payment step: the shop's switch, its PIN prefixes, its cap on goods + shipping.
      const refusal = codRefusal(settings.cod, postalCode, subtotalPaise + quote.chargePaise);
      const cod: CodAvailability =
        refusal === null ? 'available' : refusal === 'disabled' ? 'not-offered' : refusal;
      const now = new Date();
      return reply.send({
        postalCode,
        served: true,
        shipping: paiseToRupees(quote.chargePaise),
        minDays: quote.minDays,
        maxDays: quote.maxDays,
        earliestDate: indiaDatePlusDays(now, quote.minDays),
        latestDate: indiaDatePlusDays(now, quote.maxDays),
        codFee: refusal === null ? paiseToRupees(settings.cod.feePaise) : null,
        cod,
        codMaxOrderValue: settings.cod.enabled ? paiseToRupees(settings.cod.maxOrderValuePaise) : null,
      });
    },
  );
};
