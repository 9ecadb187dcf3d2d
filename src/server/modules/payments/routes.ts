/**
 * Payment routes (spec §3, §4, §7; issue #4; docs/payments.md), under `/api/v1`:
 *
 * - `GET /payments/fields` (Bearer): the payment form's field definitions.
 * - `POST /payments` (Bearer) `{fields, orderId}`: validates the fields with the shared rules, checks the
 *   order, and answers the payment response (`qr`, `deeplink` or `redirect_post`).
 * - `POST /payments/redirect`: the bridge page the Payment page posts `type`, `url`, `data[…]` to; it
 *   auto-submits `data` to the gateway (`GET /payments/auto-submit.js` is its script).
 * - `POST /payments/payu/callback`: the gateway's post-back (form), verified, then 303 to the storefront.
 * - `POST /payments/webhook/upi`: the UPI provider's signed confirmation (JSON, `X-Signature`).
 */
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import { paiseToRupees } from '@shared/money';
import type { PaymentResponse } from '@shared/payments/payment-response';
import { AppError } from '../../errors';
import { requireUser } from '../users/auth-hook';
import { offeredMethods, paymentFieldDefinitions, validatePaymentSubmission } from './fields';
import { acceptFormBodies, formFields } from './form-body';
import { AUTO_SUBMIT_SCRIPT, escapeHtml, hiddenInputs, renderPage, sendPage } from './html';
import { parseAmountToPaise } from './providers/amount';
import { providerFor } from './providers/provider-registry';
import { UPI_SIGNATURE_HEADER, verifyUpiWebhookSignature } from './providers/upi-provider';
import { applyPayuCallback, confirmUpiPayment, startPayment } from './service';
import { AUTO_SUBMIT_SCRIPT_PATH, formActionSources, gatewayUrl, type PaymentSettings } from './settings';

export type PaymentRoutesOptions = { settings: PaymentSettings };

/** `POST /payments` answers: the spec's payment response plus `testMode` for demo VPA / sandbox payments. */
export type PaymentAnswer = PaymentResponse & { testMode?: boolean; fields?: Record<string, string> };

/** Submitted values: strings or booleans, at most 50 fields of at most 1,000 characters. */
const submissionSchema = z.object({
  fields: z
    .record(z.string().max(64), z.union([z.string().max(1000), z.boolean()]))
    .refine((fields) => Object.keys(fields).length <= 50, { message: 'must have at most 50 fields' }),
  orderId: z.string().trim().min(1).max(100),
});

const webhookSchema = z.object({
  orderId: z.string().min(1).max(100),
  utr: z.string().min(1).max(64),
  amount: z.union([z.number().finite().nonnegative(), z.string().max(20)]),
  status: z.string().min(1).max(40),
});

/** Answers 401 before the body is read unless the request carries a live session of its store. */
const authenticate: onRequestAsyncHookHandler = async (request) => {
  await requireUser(request);
};

/** The `fields` and message of a zod failure, in the app's `{ error, fields }` style. */
function invalidBody(error: z.ZodError): AppError {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const name = issue.path.map(String).join('.') || '(root)';
    fields[name] ??= issue.message;
  }
  const names = Object.keys(fields);
  return new AppError(
    'bad_request',
    `Invalid field${names.length > 1 ? 's' : ''}: ${names.join(', ')}`,
    fields,
  );
}

/** The shop's public origin: `PUBLIC_URL`, else the request's protocol and Host. */
export function baseUrlOf(request: FastifyRequest, settings: PaymentSettings): string {
  if (settings.publicUrl) return settings.publicUrl;
  const host = /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/.test(request.host)
    ? request.host
    : 'localhost';
  return `${request.protocol}://${host}`;
}

/** Rupees as a JSON number or a string → paise; null unless a non-negative amount with ≤ 2 decimals. */
function amountToPaise(amount: number | string): number | null {
  if (typeof amount === 'string') return parseAmountToPaise(amount.trim());
  const paise = Math.round(amount * 100);
  return Number.isSafeInteger(paise) && Math.abs(paise - amount * 100) < 1e-6 ? paise : null;
}

const BRIDGE_INVALID =
  'This payment link is not valid. Please return to the shop and start the payment again.';
const DATA_FIELD = /^data\[([A-Za-z0-9_]{1,64})\]$/;

/** The UPI webhook, in its own scope: its JSON body stays raw bytes for the HMAC. */
function upiWebhookRoute(settings: PaymentSettings): FastifyPluginAsync {
  return async (app: FastifyInstance) => {
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: 16 * 1024 },
      (_r, body, done) => done(null, body),
    );

    /**
     * 200 `{ success, orderId, orderStatus, replayed, paid }`; 401 for a bad signature; 400 for a bad body or
     * amount; 404 for an unknown order; 409 for a UTR that paid another order; 503 without a secret.
     */
    app.post('/payments/webhook/upi', async (request, reply) => {
      const secret = settings.upiWebhookSecret;
      if (!secret)
        throw new AppError('unavailable', 'The UPI webhook is not configured (UPI_WEBHOOK_SECRET)');
      const raw = request.body;
      if (!Buffer.isBuffer(raw)) throw new AppError('bad_request', 'Expected a JSON body');
      if (!verifyUpiWebhookSignature(secret, raw, request.headers[UPI_SIGNATURE_HEADER])) {
        throw new AppError('unauthorized', 'Invalid signature');
      }
      let json: unknown;
      try {
        json = JSON.parse(raw.toString('utf8'));
      } catch {
        throw new AppError('bad_request', 'The body is not valid JSON');
      }
      const parsed = webhookSchema.safeParse(json);
      if (!parsed.success) throw invalidBody(parsed.error);
      const body = parsed.data;
      const amountPaise = amountToPaise(body.amount);
      if (amountPaise === null) {
        throw new AppError('bad_request', 'Invalid field: amount', {
          amount: 'must be rupees with at most 2 decimals',
        });
      }
      reply.header('cache-control', 'no-store');
      if (body.status.trim().toLowerCase() !== 'success') {
        // Only a successful payment changes anything; acknowledge the rest so the provider stops retrying.
        return reply.send({ success: true, orderId: body.orderId, paid: false, ignored: true });
      }
      const result = await confirmUpiPayment(
        app.db,
        {
          storeId: request.storeId,
          orderId: body.orderId,
          utr: body.utr.trim(),
          amountPaise,
          source: 'webhook',
          testMode: settings.upi?.testMode ?? false,
          raw: { utr: body.utr, amount: body.amount, status: body.status },
        },
        request.log,
      );
      return reply.send({
        success: true,
        orderId: result.orderNumber,
        orderStatus: result.orderStatus,
        replayed: result.replayed,
        paid: result.paid,
      });
    });
  };
}

export const paymentRoutes: FastifyPluginAsync<PaymentRoutesOptions> = async (app, { settings }) => {
  acceptFormBodies(app);

  /** 200 the field definitions (an array, spec §7); 401 without a session. */
  app.get('/payments/fields', { onRequest: authenticate }, async (request, reply) => {
    const user = await requireUser(request);
    reply.header('cache-control', 'no-store');
    return reply.send(
      paymentFieldDefinitions(settings, {
        name: `${user.firstName} ${user.lastName}`.trim(),
        email: user.email,
      }),
    );
  });

  /**
   * 200 `{ success: true, action, amount, orderId, testMode? }`; 400 `{ success: false, error, fields }` for
   * bad fields or an unknown method; 404 for a missing order or someone else's; 409 for a paid or cancelled
   * order; 503 when the shop offers no payment method.
   */
  app.post('/payments', { onRequest: authenticate }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    try {
      const user = await requireUser(request);
      const parsed = submissionSchema.safeParse(request.body);
      if (!parsed.success) throw invalidBody(parsed.error);
      if (offeredMethods(settings).length === 0) {
        throw new AppError('unavailable', 'This shop does not take online payments yet');
      }
      const definitions = paymentFieldDefinitions(settings);
      const submission = validatePaymentSubmission(definitions, parsed.data.fields);
      if (!submission.ok) {
        const names = Object.keys(submission.fields);
        throw new AppError(
          'bad_request',
          `Invalid field${names.length > 1 ? 's' : ''}: ${names.join(', ')}`,
          submission.fields,
        );
      }
      const provider = providerFor(settings, submission.method);
      if (!provider) {
        throw new AppError('bad_request', 'Invalid field: method', { method: 'Unknown payment method' });
      }
      const { order, attempt, action } = await startPayment(app.db, {
        storeId: request.storeId,
        userId: user.userId,
        orderId: parsed.data.orderId,
        provider,
        method: submission.method,
        payer: submission.payer,
        context: { settings, baseUrl: baseUrlOf(request, settings) },
      });
      const answer: PaymentAnswer = {
        success: true,
        action,
        amount: paiseToRupees(order.totalPaise),
        orderId: order.orderNumber,
      };
      if (attempt.testMode) answer.testMode = true;
      return reply.send(answer);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const body: PaymentAnswer = { success: false, error: error.message };
      if (error.fields) body.fields = error.fields;
      return reply.code(error.status).send(body);
    }
  });

  /**
   * The redirect_post bridge (spec §4): turns `type`, `url` and `data[key]` into a form that posts `data` to
   * `url` as soon as the page loads (or on its button without JavaScript). Only the configured gateway's URL
   * is accepted.
   */
  app.post('/payments/redirect', async (request, reply) => {
    const invalid = () =>
      sendPage(
        reply,
        400,
        renderPage({
          title: 'Payment link not valid',
          body: `<main><h1>Payment link not valid</h1><p class="error">${escapeHtml(BRIDGE_INVALID)}</p></main>`,
        }),
      );
    if (typeof request.body !== 'string') return invalid();
    const params = new URLSearchParams(request.body);
    const url = params.get('url') ?? '';
    const type = (params.get('type') ?? 'POST').trim().toUpperCase();
    const gateway = settings.gateway;
    if (!gateway || type !== 'POST' || url !== gatewayUrl(gateway, baseUrlOf(request, settings)))
      return invalid();
    const data = Object.create(null) as Record<string, string>;
    let count = 0;
    for (const [name, value] of params) {
      const match = DATA_FIELD.exec(name);
      if (!match || Object.hasOwn(data, match[1]!)) continue;
      if (++count > 60) return invalid();
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
  });

  app.get('/payments/auto-submit.js', async (_request, reply) =>
    reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(AUTO_SUBMIT_SCRIPT),
  );

  /** The gateway's post-back: 303 to /order-success or /payment?orderId=…&status=failed; 400 when forged. */
  app.post('/payments/payu/callback', async (request, reply) => {
    const gateway = settings.gateway;
    if (!gateway) throw new AppError('bad_request', 'No payment gateway is configured');
    const outcome = await applyPayuCallback(
      app.db,
      request.storeId,
      gateway,
      formFields(request.body),
      request.log,
    );
    request.log.info(
      { orderNumber: outcome.orderNumber, result: outcome.result },
      'payment gateway callback',
    );
    return reply.code(303).header('location', outcome.redirect).header('cache-control', 'no-store').send();
  });

  await app.register(upiWebhookRoute(settings));
};
