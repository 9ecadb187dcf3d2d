/**
 * PayU's refund API (docs/payments.md "Refunds through the gateway"): the `cancel_refund_transaction` command
 * of `merchant/postservice?form=2`, posted as a form with
 *
 * ```
 * key, command=cancel_refund_transaction, var1=<mihpayid>, var2=<our request id>, var3=<amount, 2 decimals>,
 * hash = sha512(key|command|var1|SALT)
 * ```
 *
 * answered in JSON: `{ "status": 1, "msg": "Refund Request Queued", "request_id": "…", "mihpayid": "…" }` when
 * PayU accepted the refund (it pays it back to the card or bank within its settlement time), or
 * `{ "status": 0, "msg": "<why>" }` when it refused. Anything else (no answer, an HTTP error, unreadable text)
 * is no definite answer: the refund stays pending and may be asked again under the same `var2`.
 */
import { createHash } from 'node:crypto';
import { formatPaiseAmount } from './amount';
import type { RefundOutcome, RefundRequest } from './types';

/** The refund command of PayU's postservice API. */
export const PAYU_REFUND_COMMAND = 'cancel_refund_transaction';

/** How long to wait for PayU's answer before counting the refund pending. */
const REFUND_TIMEOUT_MS = 20_000;

/** `sha512(key|command|var1|SALT)`, lower-case hex: the hash of every postservice command. */
export function payuCommandHash(key: string, command: string, var1: string, salt: string): string {
  return createHash('sha512').update([key, command, var1, salt].join('|'), 'utf8').digest('hex');
}

/** PayU's token (`var2`) of a refund request: our request id without dashes, at most 32 characters. */
export function payuRefundToken(requestId: string): string {
  return requestId.replace(/[^A-Za-z0-9]/g, '').slice(0, 32);
}

/** The form fields of a refund request, hash included. */
export function payuRefundForm(
  gateway: { key: string; salt: string },
  request: RefundRequest,
): Record<string, string> {
  const var1 = request.gatewayPaymentId;
  return {
    key: gateway.key,
    command: PAYU_REFUND_COMMAND,
    var1,
    var2: payuRefundToken(request.requestId),
    var3: formatPaiseAmount(request.amountPaise),
    hash: payuCommandHash(gateway.key, PAYU_REFUND_COMMAND, var1, gateway.salt),
  };
}

const text = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' ? String(value).slice(0, 300) : null;

/** Reads PayU's JSON answer to a refund request (see the module comment) as an outcome. */
export function readPayuRefundAnswer(answer: unknown): RefundOutcome {
  if (typeof answer !== 'object' || answer === null) {
    return {
      status: 'pending',
      gatewayRefundId: null,
      reason: 'The gateway gave no readable answer',
      raw: {},
    };
  }
  const fields = answer as Record<string, unknown>;
  const raw = Object.fromEntries(
    ['status', 'msg', 'request_id', 'txn_update_id', 'bank_ref_num', 'mihpayid', 'error_code']
      .filter((name) => fields[name] !== undefined)
      .map((name) => [name, text(fields[name])]),
  );
  const status = text(fields.status);
  const message = text(fields.msg);
  if (status === '1') {
    return {
      status: 'processed',
      gatewayRefundId: text(fields.request_id) ?? text(fields.txn_update_id),
      reason: null,
      raw,
    };
  }
  if (status === '0') {
    return {
      status: 'failed',
      gatewayRefundId: null,
      reason: message || 'The gateway refused the refund',
      raw,
    };
  }
  return { status: 'pending', gatewayRefundId: null, reason: 'The gateway gave no readable answer', raw };
}

/**
 * Posts a refund request to PayU's postservice URL `url` and reads its answer. Never throws: a network error,
 * a timeout or an HTTP error is a `pending` outcome saying so.
 */
export async function postPayuRefund(url: string, form: Record<string, string>): Promise<RefundOutcome> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
      signal: AbortSignal.timeout(REFUND_TIMEOUT_MS),
    });
  } catch (error) {
    const timedOut = error instanceof Error && error.name === 'TimeoutError';
    return {
      status: 'pending',
      gatewayRefundId: null,
      reason: timedOut ? 'The gateway did not answer in time' : 'The gateway could not be reached',
      raw: {},
    };
  }
  if (!response.ok) {
    return {
      status: 'pending',
      gatewayRefundId: null,
      reason: `The gateway answered HTTP ${response.status}`,
      raw: { httpStatus: response.status },
    };
  }
  const body = await response.text().catch(() => '');
  try {
    return readPayuRefundAnswer(JSON.parse(body));
  } catch {
    return readPayuRefundAnswer(null);
  }
}
