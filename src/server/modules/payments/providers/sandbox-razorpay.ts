/**
 * The built-in Razorpay sandbox (docs/payments.md "Test mode and the sandbox"): TEST MODE pages and an API at
 * `/sandbox/razorpay` that play Razorpay, so the demo shop and the tests run the whole Razorpay flow offline,
 * with no outside script:
 *
 * - `POST /sandbox/razorpay/checkout` stands in for Checkout: it takes the Payment page's `redirect_post` form
 *   (`data[key]`, `data[order_id]`, `data[callback_url]`, …), shows the order and the amount with 'Success' and
 *   'Failure';
 * - `POST /sandbox/razorpay/checkout/pay` makes the payment (captured or failed), sends the shop the webhooks
 *   Razorpay would (`payment.captured` + `order.paid`, or `payment.failed`, signed with the sandbox's webhook
 *   secret), then posts the browser back to `callback_url` as Checkout does: the signed
 *   `razorpay_payment_id`/`razorpay_order_id`/`razorpay_signature`, or `error[code]`, `error[description]`, …,
 *   `error[metadata]`;
 * - `/sandbox/razorpay/v1/…` answers the API over HTTP (./sandbox-razorpay-api.ts; the shop itself asks it in
 *   process).
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest, InjectOptions } from 'fastify';
import { formatRupees, paiseToRupees } from '@shared/money';
import { htmlPageSchema } from '@shared/payments/gateway-schemas';
import { escapeHtml } from '../../../html-escape';
import { acceptFormBodies, formFields } from '../form-body';
import { hiddenInputs, httpUrl, renderPage, sandboxErrorPage, sendPage, testModeBanner } from '../html';
import {
  AUTO_SUBMIT_SCRIPT_PATH,
  RAZORPAY_WEBHOOK_PATH,
  SANDBOX_RAZORPAY_CHECKOUT_PATH,
  SANDBOX_RAZORPAY_KEY_ID,
  SANDBOX_RAZORPAY_KEY_SECRET,
  SANDBOX_RAZORPAY_PATH,
  SANDBOX_RAZORPAY_WEBHOOK_SECRET,
} from '../settings';
import {
  RAZORPAY_EVENT_ID_HEADER,
  RAZORPAY_SIGNATURE_HEADER,
  razorpayReturnSignature,
  razorpayWebhookSignature,
} from './razorpay-signature';
import {
  handleSandboxRazorpayRequest,
  payInSandbox,
  sandboxId,
  sandboxRazorpayOrder,
} from './sandbox-razorpay-api';

const TEST_MODE_BANNER = testModeBanner('Razorpay sandbox');

const errorPage = (message: string) => sandboxErrorPage(TEST_MODE_BANNER, message);

/** The Checkout options of the redirect_post form (`data[name]`), or of a plain form. */
function checkoutOptions(fields: Record<string, string>): Record<string, string> {
  const options: Record<string, string> = {};
  for (const [name, value] of Object.entries(fields)) {
    const match = /^data\[(.+)\]$/.exec(name);
    options[match ? match[1]! : name] = value;
  }
  return options;
}

/** Sends the shop the webhook events, signed as Razorpay signs them, on the request's own store host. */
async function sendWebhooks(
  request: FastifyRequest,
  events: readonly object[],
  inject: (options: InjectOptions) => Promise<{ statusCode: number }>,
): Promise<void> {
  for (const event of events) {
    const body = JSON.stringify(event);
    const answer = await inject({
      method: 'POST',
      url: RAZORPAY_WEBHOOK_PATH,
      headers: {
        host: request.headers.host ?? 'localhost',
        ...(request.headers['x-store-host'] ? { 'x-store-host': request.headers['x-store-host'] } : {}),
        'content-type': 'application/json',
        [RAZORPAY_SIGNATURE_HEADER]: razorpayWebhookSignature(body, SANDBOX_RAZORPAY_WEBHOOK_SECRET),
        [RAZORPAY_EVENT_ID_HEADER]: sandboxId('evt'),
      },
      payload: body,
    });
    if (answer.statusCode !== 200) {
      request.log.warn({ statusCode: answer.statusCode }, 'the shop refused a Razorpay sandbox webhook');
    }
  }
}

/** The sandbox routes (registered only while the Razorpay sandbox is on). */
export const sandboxRazorpayRoutes: FastifyPluginAsync = async (app) => {
  acceptFormBodies(app);
  const inject = (options: InjectOptions) => app.inject(options);

  app.get(SANDBOX_RAZORPAY_PATH, { schema: { response: { 200: htmlPageSchema } } }, async (_request, reply) =>
    sendPage(
      reply,
      200,
      renderPage({
        title: 'Razorpay sandbox (TEST MODE)',
        body: `${TEST_MODE_BANNER}<main><h1>Razorpay sandbox</h1>
<p>This is the shop's built-in stand-in for Razorpay. It opens when you pay for an order with “Cards, net
banking and wallets” while the shop is in test mode.</p></main>`,
      }),
    ),
  );

  app.post(
    SANDBOX_RAZORPAY_CHECKOUT_PATH,
    { schema: { response: { 200: htmlPageSchema, 400: htmlPageSchema } } },
    async (request, reply) => {
      let options: Record<string, string>;
      try {
        options = checkoutOptions(formFields(request.body));
      } catch {
        return sendPage(reply, 400, errorPage('Expected a form post'));
      }
      if (options.key !== SANDBOX_RAZORPAY_KEY_ID) {
        return sendPage(reply, 400, errorPage('Invalid key id (the sandbox accepts only its test key)'));
      }
      const order = sandboxRazorpayOrder(options.order_id ?? '');
      if (!order) return sendPage(reply, 400, errorPage('The id provided does not exist'));
      if (order.status === 'paid') return sendPage(reply, 400, errorPage('This order is already paid'));
      const callback = httpUrl(options.callback_url);
      if (!callback) return sendPage(reply, 400, errorPage('callback_url must be an http(s) URL'));
      const amount = formatRupees(paiseToRupees(order.amount));
      const choice = (outcome: 'success' | 'failure', label: string) =>
        `<form method="post" action="${escapeHtml(`${SANDBOX_RAZORPAY_CHECKOUT_PATH}/pay`)}">
${hiddenInputs({
  order_id: order.id,
  callback_url: callback.href,
  outcome,
  email: options['prefill[email]'] ?? '',
  contact: options['prefill[contact]'] ?? '',
})}
<button type="submit" class="${outcome}">${label}</button>
</form>`;
      const html = renderPage({
        title: `Pay ${amount} — Razorpay sandbox (TEST MODE)`,
        body: `${TEST_MODE_BANNER}
<main>
<h1>Razorpay sandbox</h1>
<p class="note">This page stands in for Razorpay's Checkout while the shop is in test mode. Choose the outcome
of the payment; no card is charged and no UPI app opens.</p>
<dl>
<dt>Order</dt><dd>${escapeHtml(order.receipt ?? '')}</dd>
<dt>Amount</dt><dd>${escapeHtml(amount)}</dd>
<dt>Razorpay order</dt><dd>${escapeHtml(order.id)}</dd>
</dl>
<div class="actions">
${choice('success', 'Success')}
${choice('failure', 'Failure')}
</div>
</main>`,
      });
      return sendPage(reply, 200, html);
    },
  );

  app.post(
    `${SANDBOX_RAZORPAY_CHECKOUT_PATH}/pay`,
    { schema: { response: { 200: htmlPageSchema, 400: htmlPageSchema } } },
    async (request, reply) => {
      let fields: Record<string, string>;
      try {
        fields = formFields(request.body);
      } catch {
        return sendPage(reply, 400, errorPage('Expected a form post'));
      }
      const callback = httpUrl(fields.callback_url);
      const outcome = fields.outcome === 'success' ? 'success' : 'failure';
      const order = sandboxRazorpayOrder(fields.order_id ?? '');
      if (!order || !callback) return sendPage(reply, 400, errorPage('The id provided does not exist'));
      if (order.status === 'paid') return sendPage(reply, 400, errorPage('This order is already paid'));
      const paid = payInSandbox(order.id, outcome, { email: fields.email, contact: fields.contact })!;
      await sendWebhooks(request, paid.events, inject);
      const back: Record<string, string> =
        outcome === 'success'
          ? {
              razorpay_payment_id: paid.payment.id,
              razorpay_order_id: order.id,
              razorpay_signature: razorpayReturnSignature(
                order.id,
                paid.payment.id,
                SANDBOX_RAZORPAY_KEY_SECRET,
              ),
            }
          : {
              'error[code]': 'BAD_REQUEST_ERROR',
              'error[description]': 'Payment failed in the sandbox (TEST MODE)',
              'error[source]': 'customer',
              'error[step]': 'payment_authentication',
              'error[reason]': 'payment_failed',
              'error[metadata]': JSON.stringify({ payment_id: paid.payment.id, order_id: order.id }),
            };
      const html = renderPage({
        title: 'Returning to the shop… (TEST MODE)',
        script: AUTO_SUBMIT_SCRIPT_PATH,
        body: `${TEST_MODE_BANNER}<main>
<form method="post" action="${escapeHtml(callback.href)}" data-auto-submit>
${hiddenInputs(back)}
<h1>${outcome === 'success' ? 'Payment successful' : 'Payment failed'}</h1>
<p class="note">Returning to the shop. If nothing happens, press the button.</p>
<div class="actions"><button type="submit">Return to the shop</button></div>
</form>
</main>`,
      });
      return sendPage(reply, 200, html, [callback.origin]);
    },
  );

  /** Razorpay's API over HTTP, answered as Razorpay documents it (TEST MODE, no money moves). */
  const api = async (request: FastifyRequest, reply: FastifyReply) => {
    const answer = await handleSandboxRazorpayRequest({
      method: request.method,
      path: request.url.slice(SANDBOX_RAZORPAY_PATH.length),
      authorization: request.headers.authorization,
      body: request.body,
    });
    return reply.code(answer.status).header('cache-control', 'no-store').send(answer.body);
  };
  app.post(`${SANDBOX_RAZORPAY_PATH}/v1/orders`, api);
  app.get(`${SANDBOX_RAZORPAY_PATH}/v1/orders/:orderId/payments`, api);
  app.post(`${SANDBOX_RAZORPAY_PATH}/v1/payments/:paymentId/refund`, api);
  app.get(`${SANDBOX_RAZORPAY_PATH}/v1/payments/:paymentId/refunds`, api);
};
