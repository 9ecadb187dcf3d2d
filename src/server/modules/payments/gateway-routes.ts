/**
 * The routes of the gateway flow (docs/product.md §4; docs/payments.md "The flow", "PayU request and callback"), called
 * by the browser's form posts and the gateway rather than by the storefront's code:
 *
 * - `POST /payments/redirect`: the bridge page the Payment page posts `type`, `url`, `data[…]` to; it
 *   auto-submits `data` to the gateway (`GET /payments/auto-submit.js` is its script);
 * - `POST /payments/payu/callback`: the gateway's post-back, verified, then 303 to the storefront.
 *
 * Their bodies are form posts, kept as raw text by the payments plugin's form parser and read with
 * URLSearchParams; their answers are declared with the shared schemas of src/shared/payments/gateway-schemas.ts.
 */
import type { FastifyPluginAsync } from 'fastify';
import { errorBodySchema } from '@shared/errors/error-body';
import { htmlPageSchema, scriptFileSchema, seeOtherSchema } from '@shared/payments/gateway-schemas';
import { BadRequestError } from '../../errors';
import { escapeHtml } from '../../html-escape';
import { shopOrigin } from '../../shop-origin';
import { formFields } from './form-body';
import { AUTO_SUBMIT_SCRIPT, hiddenInputs, linkNotValidPage, renderPage, sendPage } from './html';
import { applyPayuCallback } from './payu-callback';
import {
  AUTO_SUBMIT_SCRIPT_PATH,
  formActionSources,
  gatewayUrl,
  isPayuGateway,
  type PaymentSettings,
} from './settings';

const BRIDGE_INVALID =
  'This payment link is not valid. Please return to the shop and start the payment again.';
const DATA_FIELD = /^data\[([A-Za-z0-9_]{1,64})\]$/;
/** At most this many `data[…]` fields on the bridge page. */
const MAX_BRIDGE_FIELDS = 60;

export const gatewayPaymentRoutes: FastifyPluginAsync<{ settings: PaymentSettings }> = async (
  app,
  { settings },
) => {
  /**
   * The redirect_post bridge (docs/product.md §4): turns `type`, `url` and `data[key]` into a form that posts `data` to
   * `url` as soon as the page loads (or on its button without JavaScript). Only the configured gateway's URL
   * is accepted; anything else gets a 400 page.
   */
  app.post(
    '/payments/redirect',
    { schema: { response: { 200: htmlPageSchema, 400: htmlPageSchema } } },
    async (request, reply) => {
      const invalid = () => sendPage(reply, 400, linkNotValidPage(BRIDGE_INVALID));
      if (typeof request.body !== 'string') return invalid();
      const params = new URLSearchParams(request.body);
      const url = params.get('url') ?? '';
      const type = (params.get('type') ?? 'POST').trim().toUpperCase();
      const gateway = settings.gateway;
      if (
        !isPayuGateway(gateway) ||
        type !== 'POST' ||
        url !== gatewayUrl(gateway, shopOrigin(request, settings.publicUrl))
      ) {
        return invalid();
      }
      const data = Object.create(null) as Record<string, string>;
      let count = 0;
      for (const [name, value] of params) {
        const match = DATA_FIELD.exec(name);
        if (!match || Object.hasOwn(data, match[1]!)) continue;
        if (++count > MAX_BRIDGE_FIELDS) return invalid();
        data[match[1]!] = value;
      }
      if (count === 0) return invalid();
      const html = renderPage({
        title: 'Taking you to the payment page…',
        script: AUTO_SUBMIT_SCRIPT_PATH,
        body: `<main>
<form method="post" action="${escapeHtml(url)}" data-auto-submit>
${hiddenInputs(data)}
<h1>Taking you to the payment page…</h1>
<p class="note">${gateway.testMode ? 'TEST MODE: the sandbox gateway opens next. ' : ''}If nothing happens, press the button.</p>
<div class="actions"><button type="submit">Continue to payment</button></div>
</form>
</main>`,
      });
      return sendPage(reply, 200, html, formActionSources(url));
    },
  );

  app.get(
    '/payments/auto-submit.js',
    { schema: { response: { 200: scriptFileSchema } } },
    async (_request, reply) =>
      reply
        .type('text/javascript; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(AUTO_SUBMIT_SCRIPT),
  );

  /** The gateway's post-back: 303 to /order-success or /payment?orderId=…&status=failed; 400 when forged. */
  app.post(
    '/payments/payu/callback',
    { schema: { response: { 303: seeOtherSchema, 400: errorBodySchema, 503: errorBodySchema } } },
    async (request, reply) => {
      const gateway = settings.gateway;
      if (!isPayuGateway(gateway)) throw new BadRequestError('No payment gateway is configured');
      const outcome = await applyPayuCallback(app.db, {
        storeId: request.storeId,
        gateway,
        params: formFields(request.body),
        mailFrom: app.config.MAIL_FROM,
        log: request.log,
      });
      request.log.info(
        { orderNumber: outcome.orderNumber, result: outcome.result },
        'payment gateway callback',
      );
      if (['paid', 'reinstated', 'refund-due'].includes(outcome.result)) app.mailSender.wake();
      return reply.code(303).header('location', outcome.redirect).header('cache-control', 'no-store').send();
    },
  );
};
