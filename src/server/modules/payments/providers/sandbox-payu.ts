/**
 * The built-in sandbox gateway (docs/payments.md "Test mode and the sandbox"): a TEST MODE page at `/sandbox/payu`
 * that speaks the PayU protocol, so the demo shop and the tests run the whole redirect flow offline. It
 * accepts the checkout POST, checks the request hash with the sandbox's public test key and salt, shows the
 * order and the amount with two buttons, 'Success' and 'Failure', and posts the result back to surl/furl
 * with a correct reverse hash — exactly what PayU's hosted checkout does, minus the money.
 */
import { randomInt } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { formatRupees, paiseToRupees } from '@shared/money';
import { htmlPageSchema, sandboxPostserviceAnswerSchema } from '@shared/payments/gateway-schemas';
import { acceptFormBodies, formFields } from '../form-body';
import { escapeHtml } from '../../../html-escape';
import { hiddenInputs, httpUrl, renderPage, sandboxErrorPage, sendPage, testModeBanner } from '../html';
import {
  SANDBOX_LOST_CALLBACK_PATH,
  SANDBOX_PAYU_KEY,
  SANDBOX_PAYU_PATH,
  SANDBOX_PAYU_REFUND_PATH,
  SANDBOX_PAYU_SALT,
} from '../settings';
import { parseAmountToPaise } from './amount';
import { hexDigestsEqual } from './constant-time';
import {
  payuRequestHash,
  payuResponseHash,
  readPayuCallback,
  verifyPayuCallbackHash,
  type PayuResponseHashFields,
} from './payu-hash';
import { sandboxRefundAnswer } from './sandbox-payu-refund';
import { rememberSandboxTransaction, sandboxVerifyAnswer } from './sandbox-payu-verify';

const TEST_MODE_BANNER = testModeBanner('sandbox payment gateway');

/** PayU's own answer to a request whose hash does not match. */
export const SANDBOX_HASH_ERROR = 'Transaction failed due to incorrectly calculated hash parameter.';

const errorPage = (message: string) => sandboxErrorPage(TEST_MODE_BANNER, message);

/** The checkout request's problem, or null when it is a valid PayU request signed with the sandbox salt. */
export function sandboxRequestProblem(fields: Record<string, string>): string | null {
  for (const name of [
    'key',
    'txnid',
    'amount',
    'productinfo',
    'firstname',
    'email',
    'surl',
    'furl',
    'hash',
  ]) {
    if (!fields[name]) return `Missing parameter: ${name}`;
  }
  if (fields.key !== SANDBOX_PAYU_KEY) return 'Invalid merchant key (the sandbox accepts only its test key)';
  if (!/^[A-Za-z0-9_-]{1,25}$/.test(fields.txnid!)) return 'Invalid txnid';
  if (parseAmountToPaise(fields.amount!) === null) return 'Invalid amount';
  if (!httpUrl(fields.surl) || !httpUrl(fields.furl)) return 'surl and furl must be http(s) URLs';
  const expected = payuRequestHash(
    {
      key: fields.key!,
      txnid: fields.txnid!,
      amount: fields.amount!,
      productinfo: fields.productinfo!,
      firstname: fields.firstname!,
      email: fields.email!,
      udf1: fields.udf1,
      udf2: fields.udf2,
      udf3: fields.udf3,
      udf4: fields.udf4,
      udf5: fields.udf5,
    },
    SANDBOX_PAYU_SALT,
  );
  return hexDigestsEqual(expected, fields.hash) ? null : SANDBOX_HASH_ERROR;
}

/** `YYYY-MM-DD HH:MM:SS` (UTC), as PayU's `addedon`. */
const addedOn = (date: Date) => date.toISOString().slice(0, 19).replace('T', ' ');

/** The fields the sandbox posts back for `status`, with the reverse hash. */
export function sandboxResponseFields(
  request: Record<string, string>,
  status: 'success' | 'failure',
  mihpayid: string,
  now = new Date(),
): Record<string, string> {
  const hashed: PayuResponseHashFields = {
    key: request.key!,
    txnid: request.txnid!,
    amount: request.amount!,
    productinfo: request.productinfo!,
    firstname: request.firstname!,
    email: request.email!,
    udf1: request.udf1 ?? '',
    udf2: request.udf2 ?? '',
    udf3: request.udf3 ?? '',
    udf4: request.udf4 ?? '',
    udf5: request.udf5 ?? '',
    status,
  };
  const success = status === 'success';
  return {
    mihpayid,
    mode: 'SANDBOX',
    status,
    unmappedstatus: success ? 'captured' : 'failed',
    key: hashed.key,
    txnid: hashed.txnid,
    amount: hashed.amount,
    addedon: addedOn(now),
    productinfo: hashed.productinfo,
    firstname: hashed.firstname,
    email: hashed.email,
    phone: request.phone ?? '',
    udf1: hashed.udf1!,
    udf2: hashed.udf2!,
    udf3: hashed.udf3!,
    udf4: hashed.udf4!,
    udf5: hashed.udf5!,
    PG_TYPE: 'SANDBOX',
    bankcode: 'TEST',
    bank_ref_num: success ? `SANDBOX${mihpayid}` : '',
    error: success ? 'E000' : 'E500',
    error_Message: success ? 'No Error' : 'Payment declined in the sandbox (TEST MODE)',
    field9: success ? 'Sandbox payment approved (TEST MODE)' : 'Sandbox payment declined (TEST MODE)',
    hash: payuResponseHash(hashed, SANDBOX_PAYU_SALT),
  };
}

function checkoutPage(request: Record<string, string>): { html: string; targets: string[] } {
  const mihpayid = String(randomInt(100_000_000, 999_999_999)) + String(randomInt(100, 999));
  const surl = httpUrl(request.surl)!;
  const furl = httpUrl(request.furl)!;
  const amount = formatRupees(paiseToRupees(parseAmountToPaise(request.amount!)!));
  const order = request.udf1 || request.productinfo!;
  // The sandbox's own record of the transaction, which its status API answers from (./sandbox-payu-verify.ts).
  rememberSandboxTransaction(request.txnid!, { amount: request.amount!, mihpayid, status: 'pending' });
  const form = (url: string, status: 'success' | 'failure', label: string, className: string) =>
    `<form method="post" action="${escapeHtml(url)}">
${hiddenInputs(sandboxResponseFields(request, status, mihpayid))}
<button type="submit" class="${className}">${label}</button>
</form>`;
  const html = renderPage({
    title: `Pay ${amount} — sandbox (TEST MODE)`,
    body: `${TEST_MODE_BANNER}
<main>
<h1>Sandbox payment gateway</h1>
<p class="note">This page stands in for PayU's hosted checkout while the shop is in test mode. Choose the
outcome of the payment; no card is charged.</p>
<dl>
<dt>Order</dt><dd>${escapeHtml(order)}</dd>
<dt>Amount</dt><dd>${escapeHtml(amount)}</dd>
<dt>Transaction</dt><dd>${escapeHtml(request.txnid)}</dd>
<dt>Payer</dt><dd>${escapeHtml(request.firstname)} (${escapeHtml(request.email)})</dd>
</dl>
<div class="actions">
${form(surl.href, 'success', 'Success', 'success')}
${form(furl.href, 'failure', 'Failure', 'failure')}
</div>
<p class="note">To try reconciliation, take the payment without telling the shop (a lost callback):</p>
${form(SANDBOX_LOST_CALLBACK_PATH, 'success', 'Pay, but lose the callback', 'lost')}
</main>`,
  });
  return { html, targets: [surl.origin, furl.origin] };
}

/** The sandbox routes (registered only while the sandbox is on). */
export const sandboxPayuRoutes: FastifyPluginAsync = async (app) => {
  acceptFormBodies(app);

  app.get(SANDBOX_PAYU_PATH, { schema: { response: { 200: htmlPageSchema } } }, async (_request, reply) =>
    sendPage(
      reply,
      200,
      renderPage({
        title: 'Sandbox payment gateway (TEST MODE)',
        body: `${TEST_MODE_BANNER}<main><h1>Sandbox payment gateway</h1>
<p>This is the shop's built-in test gateway. It opens when you pay for an order with “Cards, net banking and
wallets” while the shop is in test mode.</p></main>`,
      }),
    ),
  );

  app.post(
    SANDBOX_PAYU_PATH,
    { schema: { response: { 200: htmlPageSchema, 400: htmlPageSchema } } },
    async (request, reply) => {
      let fields: Record<string, string>;
      try {
        fields = formFields(request.body);
      } catch {
        return sendPage(reply, 400, errorPage('Expected a form post'));
      }
      const problem = sandboxRequestProblem(fields);
      if (problem) return sendPage(reply, 400, errorPage(problem));
      const { html, targets } = checkoutPage(fields);
      return sendPage(reply, 200, html, targets);
    },
  );

  /**
   * PayU's refund command (`cancel_refund_transaction`, ./sandbox-payu-refund.ts) and status command
   * (`verify_payment`, ./sandbox-payu-verify.ts) answered as PayU documents them: 200 JSON, `status` 1 or 0 with
   * PayU's `msg`. The shop asks the sandbox in process; this route lets anyone
   * try the protocol by hand (TEST MODE, no money moves).
   */
  app.post(
    SANDBOX_PAYU_REFUND_PATH,
    { schema: { response: { 200: sandboxPostserviceAnswerSchema } } },
    async (request, reply) => {
      let fields: Record<string, string>;
      try {
        fields = formFields(request.body);
      } catch {
        return reply.send({ status: 0, msg: 'Expected a form post' });
      }
      return reply.send(
        fields.command === 'verify_payment' ? sandboxVerifyAnswer(fields) : sandboxRefundAnswer(fields),
      );
    },
  );

  /**
   * 'Pay, but lose the callback': the sandbox takes the payment (its status API answers `success` from now on)
   * and does not post back to the shop, as when a shopper closes the tab after paying. Only a post-back signed
   * with the sandbox salt counts.
   */
  app.post(
    SANDBOX_LOST_CALLBACK_PATH,
    { schema: { response: { 200: htmlPageSchema, 400: htmlPageSchema } } },
    async (request, reply) => {
      let fields: Record<string, string>;
      try {
        fields = formFields(request.body);
      } catch {
        return sendPage(reply, 400, errorPage('Expected a form post'));
      }
      const callback = readPayuCallback(fields);
      if (
        callback.status !== 'success' ||
        !callback.hash ||
        !verifyPayuCallbackHash(callback, SANDBOX_PAYU_SALT)
      ) {
        return sendPage(reply, 400, errorPage(SANDBOX_HASH_ERROR));
      }
      rememberSandboxTransaction(callback.txnid, {
        amount: callback.amount,
        mihpayid: fields.mihpayid ?? '',
        status: 'success',
      });
      return sendPage(
        reply,
        200,
        renderPage({
          title: 'Paid, the shop was not told (TEST MODE)',
          body: `${TEST_MODE_BANNER}<main><h1>Paid, but the shop was not told</h1>
<p>The sandbox took the payment for transaction ${escapeHtml(callback.txnid)} and did not post the result back,
as when a shopper closes the tab after paying. The shop's reconciliation asks the sandbox and marks the order paid
about 10 minutes after the payment started (or at once with <code>npm run orders -- reconcile</code>).</p></main>`,
        }),
      );
    },
  );
};
