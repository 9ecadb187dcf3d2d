/**
 * PayU's status API (docs/payments.md "PayU's status API"): the `verify_payment` command of PayU's postservice
 * API (the same URL as refunds, `merchant/postservice?form=2`), posted as a form with
 *
 * ```
 * key, command=verify_payment, var1=<txnid>, hash = sha512(key|command|var1|SALT)
 * ```
 *
 * answered in JSON (PayU's Verify Payment API docs):
 *
 * ```
 * { "status": 1, "msg": "1 out of 1 Transactions Fetched Successfully",
 *   "transaction_details": { "<txnid>": { "status": "success", "unmappedstatus": "captured",
 *       "mihpayid": "403993715521889530", "amt": "10.00", "txnid": "<txnid>", ... } } }
 * ```
 *
 * and for a txnid PayU does not know `{ "status": 0, "msg": "0 out of 1 Transactions Fetched Successfully",
 * "transaction_details": { "<txnid>": { "mihpayid": "Not Found", "status": "Not Found" } } }`; a wrong key or
 * hash is `{ "status": 0, "msg": "<why>" }`. The transaction's `status` is `success` (captured), `failure`
 * (refused, dropped, bounced, cancelled by the payer) or `pending` (still in progress at the bank).
 *
 * Read as an {@link AttemptStatus}: `captured` only for `success` whose `unmappedstatus`, when given, is
 * `captured` (an authorised-but-not-captured payment is not money taken); `failed` for `failure`; anything else
 * — pending, not found, a refusal of the request, no answer, an unreadable answer — is `pending`, and asking
 * again later is safe. PayU India merchants are paid in rupees: a `currency` field, when PayU sends one, is
 * passed on, else the currency is `INR`.
 */
import { isPayuGateway, payuRefundUrlFor, type PaymentSettings } from '../settings';
import { parseAmountToPaise } from './amount';
import { payuCommandHash } from './payu-refund';
import { sandboxVerifyAnswer } from './sandbox-payu-verify';
import type { AttemptStatus } from './types';

/** The status command of PayU's postservice API. */
export const PAYU_VERIFY_COMMAND = 'verify_payment';

/** How long to wait for PayU's answer before counting the attempt pending (the next pass asks again). */
const VERIFY_TIMEOUT_MS = 20_000;

/** The transaction fields kept on the attempt from a status answer (never the key, salt, hash or card). */
const KEPT_FIELDS = [
  'status',
  'unmappedstatus',
  'mihpayid',
  'amt',
  'transaction_amount',
  'additional_charges',
  'mode',
  'bank_ref_num',
  'error_code',
  'error_Message',
  'addedon',
  'field9',
] as const;

/** The form fields asking the status of txnid `txnid`, hash included. */
export function payuVerifyForm(
  gateway: { key: string; salt: string },
  txnid: string,
): Record<string, string> {
  return {
    key: gateway.key,
    command: PAYU_VERIFY_COMMAND,
    var1: txnid,
    hash: payuCommandHash(gateway.key, PAYU_VERIFY_COMMAND, txnid, gateway.salt),
  };
}

const text = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' ? String(value).slice(0, 300) : null;

const pending = (raw: Record<string, unknown>): AttemptStatus => ({
  status: 'pending',
  gatewayPaymentId: null,
  amountPaise: null,
  currency: null,
  raw,
});

/** Reads PayU's JSON answer to `verify_payment` for txnid `txnid` (see the module comment). */
export function readPayuVerifyAnswer(answer: unknown, txnid: string): AttemptStatus {
  if (typeof answer !== 'object' || answer === null) return pending({ reason: 'no readable answer' });
  const fields = answer as Record<string, unknown>;
  const details = fields.transaction_details;
  const transaction =
    typeof details === 'object' && details !== null && Object.hasOwn(details, txnid)
      ? (details as Record<string, unknown>)[txnid]
      : undefined;
  if (typeof transaction !== 'object' || transaction === null) {
    return pending({ answerStatus: text(fields.status), msg: text(fields.msg) });
  }
  const row = transaction as Record<string, unknown>;
  const raw = Object.fromEntries(
    KEPT_FIELDS.filter((name) => row[name] !== undefined && row[name] !== null).map((name) => [
      name,
      text(row[name]),
    ]),
  );
  const status = text(row.status)?.toLowerCase();
  const unmapped = text(row.unmappedstatus)?.toLowerCase();
  if (status === 'failure') {
    return { status: 'failed', gatewayPaymentId: text(row.mihpayid), amountPaise: null, currency: null, raw };
  }
  if (status !== 'success' || (unmapped !== undefined && unmapped !== 'captured')) return pending(raw);
  const amountPaise = parseAmountToPaise(text(row.amt) ?? text(row.transaction_amount) ?? '');
  const gatewayPaymentId = text(row.mihpayid);
  if (amountPaise === null || !gatewayPaymentId) return pending(raw);
  return {
    status: 'captured',
    gatewayPaymentId,
    amountPaise,
    currency: text(row.currency)?.toUpperCase() ?? 'INR',
    raw,
  };
}

/**
 * Posts a `verify_payment` form to PayU's postservice URL `url` and reads the answer for txnid `txnid`.
 * Never throws: a network error, a timeout or an HTTP error is `pending`, saying so in `raw.reason`.
 */
export async function postPayuVerify(
  url: string,
  form: Record<string, string>,
  txnid: string,
): Promise<AttemptStatus> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
      signal: AbortSignal.timeout(VERIFY_TIMEOUT_MS),
    });
  } catch (error) {
    const timedOut = error instanceof Error && error.name === 'TimeoutError';
    return pending({ reason: timedOut ? 'no answer in time' : 'not reachable' });
  }
  if (!response.ok) return pending({ reason: `HTTP ${response.status}` });
  const body = await response.text().catch(() => '');
  try {
    return readPayuVerifyAnswer(JSON.parse(body), txnid);
  } catch {
    return readPayuVerifyAnswer(null, txnid);
  }
}

/**
 * PayU's `fetchStatus`: asks the status of txnid `txnid` on PayU's postservice URL (`PAYU_REFUND_URL`, else the
 * one matching `PAYU_URL`: one URL serves every command), or the sandbox in process
 * (./sandbox-payu-verify.ts). Never throws for PayU's silence; `pending` without a configured gateway.
 */
export async function fetchPayuStatus(txnid: string, settings: PaymentSettings): Promise<AttemptStatus> {
  const gateway = settings.gateway;
  if (!isPayuGateway(gateway)) return pending({ reason: 'PayU is not the configured gateway' });
  const form = payuVerifyForm(gateway, txnid);
  if (gateway.provider === 'payu-sandbox') return readPayuVerifyAnswer(sandboxVerifyAnswer(form), txnid);
  return postPayuVerify(gateway.refundUrl ?? payuRefundUrlFor(gateway.url ?? ''), form, txnid);
}
