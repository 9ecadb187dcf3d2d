/**
 * The sandbox's refund API (docs/payments.md "Test mode and the sandbox"): answers PayU's
 * `cancel_refund_transaction` exactly as PayU documents it (./payu-refund.ts), in process, for payments of the
 * sandbox. It checks the key and the hash under the sandbox's public test salt and the amount, then accepts —
 * except for an amount ending in **.13** (₹x.13), which it always refuses, so the failure path of a gateway
 * refund can be tried by hand and in tests. No money moves.
 */
import { randomInt } from 'node:crypto';
import { SANDBOX_PAYU_KEY, SANDBOX_PAYU_SALT } from '../settings';
import { parseAmountToPaise } from './amount';
import { hexDigestsEqual } from './constant-time';
import { PAYU_REFUND_COMMAND, payuCommandHash } from './payu-refund';

/** The sandbox's refusal of an amount ending in .13 (its test trigger for a failed refund). */
export const SANDBOX_REFUND_DECLINED =
  'Refund declined by the sandbox (TEST MODE): amounts ending in .13 are always declined';

/** The sandbox's JSON answer to a postservice form `fields` (PayU's documented shapes). */
export function sandboxRefundAnswer(fields: Record<string, string>): Record<string, unknown> {
  if (fields.key !== SANDBOX_PAYU_KEY) return { status: 0, msg: 'Invalid key' };
  if (fields.command !== PAYU_REFUND_COMMAND) return { status: 0, msg: 'Invalid command' };
  const var1 = fields.var1 ?? '';
  if (!/^\d{1,20}$/.test(var1)) return { status: 0, msg: 'Invalid PayU ID' };
  const expected = payuCommandHash(SANDBOX_PAYU_KEY, PAYU_REFUND_COMMAND, var1, SANDBOX_PAYU_SALT);
  if (!hexDigestsEqual(expected, fields.hash ?? '')) return { status: 0, msg: 'Invalid Hash' };
  if (!fields.var2 || fields.var2.length > 32) return { status: 0, msg: 'Invalid token' };
  const paise = parseAmountToPaise(fields.var3 ?? '');
  if (paise === null || paise <= 0) return { status: 0, msg: 'Invalid amount' };
  if (paise % 100 === 13) return { status: 0, msg: SANDBOX_REFUND_DECLINED };
  return {
    status: 1,
    msg: 'Refund Request Queued',
    request_id: String(randomInt(100_000_000, 999_999_999)),
    bank_ref_num: null,
    mihpayid: var1,
  };
}
