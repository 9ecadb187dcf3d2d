/**
 * The sandbox's status API (docs/payments.md "Test mode and the sandbox"): answers PayU's `verify_payment`
 * exactly as PayU documents it (./payu-verify-payment.ts), in process, from the transactions the sandbox has
 * seen. The sandbox keeps them in this process's memory (its own "gateway side", as PayU keeps its own
 * records): a checkout page it showed is a `pending` transaction; its 'Pay, but lose the callback' button makes
 * it a `success` the shop was never told about, so reconciliation can be tried by hand (docs/payments.md
 * "Reconciliation"). A restart forgets them (test mode only; no money moves).
 */
import { SANDBOX_PAYU_KEY, SANDBOX_PAYU_SALT } from '../settings';
import { hexDigestsEqual } from './constant-time';
import { payuCommandHash } from './payu-refund';

/** PayU's status command (./payu-verify-payment.ts: `PAYU_VERIFY_COMMAND`). */
const VERIFY_COMMAND = 'verify_payment';

/** Transactions remembered at most (the oldest is forgotten first). */
export const SANDBOX_LEDGER_SIZE = 10_000;

/** A sandbox transaction: its amount as the checkout posted it (`1299.00`), its mihpayid and outcome. */
export type SandboxTransaction = { amount: string; mihpayid: string; status: 'pending' | 'success' };

const ledger = new Map<string, SandboxTransaction>();

/** Remembers (or updates) transaction `txnid`; the oldest is dropped beyond {@link SANDBOX_LEDGER_SIZE}. */
export function rememberSandboxTransaction(txnid: string, transaction: SandboxTransaction): void {
  ledger.delete(txnid);
  ledger.set(txnid, transaction);
  if (ledger.size > SANDBOX_LEDGER_SIZE) ledger.delete(ledger.keys().next().value!);
}

/** The sandbox's JSON answer to a `verify_payment` form `fields` (PayU's documented shapes). */
export function sandboxVerifyAnswer(fields: Record<string, string>): Record<string, unknown> {
  if (fields.key !== SANDBOX_PAYU_KEY) return { status: 0, msg: 'Invalid key' };
  if (fields.command !== VERIFY_COMMAND) return { status: 0, msg: 'Invalid command' };
  const txnid = fields.var1 ?? '';
  const expected = payuCommandHash(SANDBOX_PAYU_KEY, VERIFY_COMMAND, txnid, SANDBOX_PAYU_SALT);
  if (!hexDigestsEqual(expected, fields.hash ?? '')) return { status: 0, msg: 'Invalid Hash.' };
  const known = txnid ? ledger.get(txnid) : undefined;
  if (!known) {
    return {
      status: 0,
      msg: '0 out of 1 Transactions Fetched Successfully',
      transaction_details: { [txnid]: { mihpayid: 'Not Found', status: 'Not Found' } },
    };
  }
  const success = known.status === 'success';
  return {
    status: 1,
    msg: '1 out of 1 Transactions Fetched Successfully',
    transaction_details: {
      [txnid]: {
        mihpayid: known.mihpayid,
        txnid,
        amt: known.amount,
        transaction_amount: known.amount,
        additional_charges: '0.00',
        mode: 'SANDBOX',
        status: known.status,
        unmappedstatus: success ? 'captured' : 'in progress',
        bank_ref_num: success ? `SANDBOX${known.mihpayid}` : '',
        error_code: success ? 'E000' : '',
        error_Message: success ? 'No Error' : '',
        field9: success ? 'Sandbox payment approved (TEST MODE)' : 'Sandbox payment not finished (TEST MODE)',
      },
    },
  };
}
