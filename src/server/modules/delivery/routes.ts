/**
 * The shopper's delivery check (docs/delivery.md): `GET /delivery/check?postalCode=302001[&state=…&subtotal=…]`,
 * open to anyone, for the product page's PIN check and the checkout's shipping line: whether the store
 * delivers there, the shipping charge (rupees) for the subtotal given, the estimate in days (with the longest
 * lead time of the add-ons named in `addOns`) and, where cash on delivery is offered for that PIN code, its fee.
 * The order computes the charge again itself.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { indiaDatePlusDays, type CodAvailability } from '@shared/delivery/delivery-dates';
import { codRefusal, deliveryQuote } from '@shared/delivery/delivery-rules';
import { deliveryCheckQuerySchema, deliveryCheckSchema } from '@shared/delivery/delivery-schemas';
import { errorBodySchema } from '@shared/errors/error-body';
import { findIndianState } from '@shared/gst/indian-states';
import { paiseToRupees, rupeesToPaise } from '@shared/money';
import { longestAddOnLeadDays } from './add-on-lead-days';
import { readDeliverySettings } from './delivery-settings-store';

export const deliveryRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * 200 the check; 400 `{ error, fields }` for a PIN code that is not 6 digits ('Please enter a 6-digit PIN
   * code') or whose first three digits belong to no state ('Enter a valid PIN code'), or `addOns` that are not
   * codes separated by commas.
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
      const { postalCode, state, subtotal, addOns } = request.query;
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
      // Add-ons are worked on side by side: the longest lead time is added (docs/add-ons.md "At checkout").
      const leadDays = addOns ? await longestAddOnLeadDays(app.db, request.storeId, addOns.split(',')) : 0;
      const minDays = quote.minDays + leadDays;
      const maxDays = quote.maxDays + leadDays;
      return reply.send({
        postalCode,
        served: true,
        shipping: paiseToRupees(quote.chargePaise),
        minDays,
        maxDays,
        earliestDate: indiaDatePlusDays(now, minDays),
        latestDate: indiaDatePlusDays(now, maxDays),
        codFee: refusal === null ? paiseToRupees(settings.cod.feePaise) : null,
        cod,
        codMaxOrderValue: settings.cod.enabled ? paiseToRupees(settings.cod.maxOrderValuePaise) : null,
        ...(addOns ? { leadDays } : {}),
      });
    },
  );
};
