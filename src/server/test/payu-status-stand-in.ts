/**
 * A local stand-in of PayU's status API for tests (docs/payments.md "PayU's status API"): an HTTP server that
 * speaks `verify_payment` on `/merchant/postservice?form=2` as PayU documents it — a form body with `key`,
 * `command`, `var1` (the txnid) and `hash = sha512(key|command|var1|SALT)` checked under its own key and salt —
 * and answers in PayU's JSON from the transactions a test gives it: `status` 1 with the transaction under
 * its txnid, `status` 0 with `Not Found` for a txnid it does not know, `status` 0 and `Invalid Hash.` for a
 * wrong hash or key. `httpStatus` makes it fail at the HTTP level instead, `delayMs` answer late. It records
 * every request.
 */
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A transaction as PayU keeps it: `status` `success` | `failure` | `pending`, amount as `1299.00`. */
export type StandInTransaction = {
  status: string;
  unmappedstatus?: string;
  amt: string;
  mihpayid: string;
  currency?: string;
};

export type PayuStatusStandIn = {
  /** `http://127.0.0.1:<port>/merchant/postservice?form=2` */
  url: string;
  /** Every request's form fields, with `path` and `contentType`. */
  asked: Record<string, string>[];
  /** The transactions PayU knows, by txnid. */
  transactions: Map<string, StandInTransaction>;
  /** When set, every answer is this HTTP status with a plain-text body. */
  httpStatus: number | null;
  /** Milliseconds to wait before answering (a slow gateway). */
  delayMs: number;
  close(): Promise<void>;
};

const sha512 = (text: string) => createHash('sha512').update(text, 'utf8').digest('hex');

/** PayU's answer to `fields` under merchant `key`/`salt` from `transactions`. */
export function standInAnswer(
  fields: Record<string, string>,
  merchant: { key: string; salt: string },
  transactions: Map<string, StandInTransaction>,
): Record<string, unknown> {
  const expected = sha512([merchant.key, fields.command, fields.var1, merchant.salt].join('|'));
  if (fields.key !== merchant.key || fields.hash !== expected) return { status: 0, msg: 'Invalid Hash.' };
  if (fields.command !== 'verify_payment') return { status: 0, msg: 'Invalid command' };
  const txnid = fields.var1 ?? '';
  const known = transactions.get(txnid);
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
        request_id: '',
        bank_ref_num: success ? '721522' : null,
        amt: known.amt,
        transaction_amount: known.amt,
        txnid,
        additional_charges: '0.00',
        productinfo: 'Order',
        firstname: 'Asha',
        bankcode: 'CC',
        error_code: success ? 'E000' : 'E308',
        addedon: '2026-11-27 10:12:13',
        payment_source: 'payu',
        card_type: 'MAST',
        error_Message: success ? 'NO ERROR' : 'Transaction failed',
        net_amount_debit: success ? Number(known.amt) : 0,
        mode: 'CC',
        PG_TYPE: 'CC-PG',
        card_no: '512345XXXXXX2346',
        status: known.status,
        unmappedstatus: known.unmappedstatus ?? (success ? 'captured' : known.status),
        ...(known.currency ? { currency: known.currency } : {}),
        Merchant_UTR: null,
        Settled_At: '0000-00-00 00:00:00',
      },
    },
  };
}

/** Starts the stand-in for merchant `key`/`salt` on a free local port. */
export async function startPayuStatusStandIn(merchant: {
  key: string;
  salt: string;
}): Promise<PayuStatusStandIn> {
  const asked: Record<string, string>[] = [];
  const transactions = new Map<string, StandInTransaction>();
  const standIn = { httpStatus: null as number | null, delayMs: 0 };
  const server: Server = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    request.on('end', async () => {
      if (standIn.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, standIn.delayMs));
      const fields = Object.fromEntries(new URLSearchParams(text));
      asked.push({ ...fields, path: request.url ?? '', contentType: request.headers['content-type'] ?? '' });
      if (standIn.httpStatus !== null) {
        response.writeHead(standIn.httpStatus, { 'content-type': 'text/plain' }).end('Service unavailable');
        return;
      }
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(standInAnswer(fields, merchant, transactions)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(standIn, {
    url: `http://127.0.0.1:${port}/merchant/postservice?form=2`,
    asked,
    transactions,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
