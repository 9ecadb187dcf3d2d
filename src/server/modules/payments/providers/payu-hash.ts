/**
 * PayU's hashes (docs/payments.md "PayU request and callback"): the browser posts a form with
 * `key, txnid, amount, productinfo, firstname, email, phone, surl, furl, udf1–udf5, hash` to the gateway,
 * where
 *
 * ```
 * hash = sha512(key|txnid|amount|productinfo|firstname|email|udf1|udf2|udf3|udf4|udf5||||||SALT)
 * ```
 *
 * and the gateway posts the result back to surl/furl (through the customer's browser) with the reverse hash
 *
 * ```
 * hash = sha512([additionalCharges|]SALT|status||||||udf5|udf4|udf3|udf2|udf1|email|firstname|productinfo|amount|txnid|key)
 * ```
 *
 * Digests are lower-case hex. The same hashes serve real PayU and the built-in sandbox (./sandbox-payu.ts),
 * which differ only in key, salt and URL.
 */
import { createHash } from 'node:crypto';
import { hexDigestsEqual } from './constant-time';

/** The fields of the request hash, in the order of the hash string. */
export type PayuRequestHashFields = {
  key: string;
  txnid: string;
  amount: string;
  productinfo: string;
  firstname: string;
  email: string;
  udf1?: string;
  udf2?: string;
  udf3?: string;
  udf4?: string;
  udf5?: string;
};

/** The fields of the reverse (response) hash. */
export type PayuResponseHashFields = PayuRequestHashFields & {
  status: string;
  /** Present when the gateway added convenience fees; then it leads the hash string. */
  additionalCharges?: string;
};

const sha512 = (text: string) => createHash('sha512').update(text, 'utf8').digest('hex');
const udfs = (fields: PayuRequestHashFields) => [
  fields.udf1 ?? '',
  fields.udf2 ?? '',
  fields.udf3 ?? '',
  fields.udf4 ?? '',
  fields.udf5 ?? '',
];

/** `sha512(key|txnid|amount|productinfo|firstname|email|udf1|…|udf5||||||SALT)`, lower-case hex. */
export function payuRequestHash(fields: PayuRequestHashFields, salt: string): string {
  return sha512(
    [
      fields.key,
      fields.txnid,
      fields.amount,
      fields.productinfo,
      fields.firstname,
      fields.email,
      ...udfs(fields),
      '', // udf6–udf10 are empty: five empty fields, i.e. six separators before the salt
      '',
      '',
      '',
      '',
      salt,
    ].join('|'),
  );
}

/**
 * `sha512([additionalCharges|]SALT|status||||||udf5|…|udf1|email|firstname|productinfo|amount|txnid|key)`,
 * lower-case hex.
 */
export function payuResponseHash(fields: PayuResponseHashFields, salt: string): string {
  const parts = [
    salt,
    fields.status,
    '',
    '',
    '',
    '',
    '',
    ...udfs(fields).reverse(),
    fields.email,
    fields.firstname,
    fields.productinfo,
    fields.amount,
    fields.txnid,
    fields.key,
  ];
  if (fields.additionalCharges) parts.unshift(fields.additionalCharges);
  return sha512(parts.join('|'));
}

/** The fields the gateway posts back whose values the reverse hash covers (and `hash` itself). */
const RESPONSE_FIELDS = [
  'key',
  'txnid',
  'amount',
  'productinfo',
  'firstname',
  'email',
  'status',
  'udf1',
  'udf2',
  'udf3',
  'udf4',
  'udf5',
] as const;

export type PayuCallback = Record<(typeof RESPONSE_FIELDS)[number], string> & {
  additionalCharges: string;
  hash: string;
};

/** Reads the hashed fields of a gateway post-back (absent → ''); `additional_charges` is accepted too. */
export function readPayuCallback(params: Record<string, string>): PayuCallback {
  const read = (name: string) => params[name] ?? '';
  const callback = Object.fromEntries(RESPONSE_FIELDS.map((name) => [name, read(name)])) as PayuCallback;
  callback.additionalCharges = read('additionalCharges') || read('additional_charges');
  callback.hash = read('hash');
  return callback;
}

/** True when the post-back's `hash` is the reverse hash of its fields under `salt` (constant-time compare). */
export function verifyPayuCallbackHash(callback: PayuCallback, salt: string): boolean {
  return hexDigestsEqual(payuResponseHash(callback, salt), callback.hash);
}
