/**
 * The settings of the card / net-banking gateways, PayU and Razorpay (docs/payments.md "Choosing the gateway"),
 * parsed with the rest of the configuration (./config.ts). Keys, salts and secrets here are never logged, never
 * answered. Without the chosen gateway's keys, and unless NODE_ENV is production, its built-in sandbox answers
 * instead (PAYMENTS_SANDBOX).
 */
import { z } from 'zod';

/** The gateways' settings, spread into the configuration schema. */
export const gatewaySettingsShape = {
  /** PayU merchant key and salt; both or neither. */
  PAYU_KEY: z
    .string()
    .regex(/^[A-Za-z0-9]{1,64}$/, 'must be the merchant key from the PayU dashboard (letters and digits)')
    .optional(),
  PAYU_SALT: z
    .string()
    .regex(/^\S{1,256}$/, 'must be the salt from the PayU dashboard (no spaces)')
    .optional(),
  /** PayU's hosted checkout: https://test.payu.in/_payment (test) or https://secure.payu.in/_payment (live). */
  PAYU_URL: z
    .string()
    .regex(
      /^https:\/\/[^\s/?#]+(\/[^\s#]*)?$/,
      'must be an https URL such as https://secure.payu.in/_payment',
    )
    .default('https://test.payu.in/_payment'),
  /**
   * PayU's postservice API, for refunds (`cancel_refund_transaction`) and payment status (`verify_payment`,
   * reconciliation): https://test.payu.in/merchant/postservice?form=2 (test) or
   * https://info.payu.in/merchant/postservice?form=2 (live). Unset → the one matching PAYU_URL.
   */
  PAYU_REFUND_URL: z
    .string()
    .regex(
      /^https:\/\/[^\s/?#]+(\/[^\s#]*)?$/,
      'must be an https URL such as https://info.payu.in/merchant/postservice?form=2',
    )
    .optional(),
  /**
   * The card / net-banking gateway (docs/payments.md "Choosing the gateway"): `payu` (default) or `razorpay`.
   */
  PAYMENT_GATEWAY: z.enum(['payu', 'razorpay'], { message: 'must be payu or razorpay' }).default('payu'),
  /** Razorpay's API key id (Dashboard → Account & Settings → API keys): `rzp_test_…` or `rzp_live_…`. */
  RAZORPAY_KEY_ID: z
    .string()
    .regex(/^rzp_(test|live)_[A-Za-z0-9]{1,40}$/, 'must be a Razorpay key id such as rzp_live_AbC123')
    .optional(),
  /** Razorpay's key secret (shown once with the key id); it signs the browser's return. Both or neither. */
  RAZORPAY_KEY_SECRET: z
    .string()
    .regex(/^\S{1,256}$/, 'must be the key secret from the Razorpay dashboard (no spaces)')
    .optional(),
  /** The secret typed in when adding the webhook in Razorpay's dashboard (HMAC-SHA256 of each event). */
  RAZORPAY_WEBHOOK_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  /** Razorpay's API (orders, payments, refunds); tests point it at a local stand-in. */
  RAZORPAY_API_URL: z
    .string()
    .regex(/^https?:\/\/[^\s/?#]+\/?$/, 'must be an http(s) origin such as https://api.razorpay.com')
    .transform((value) => value.replace(/\/+$/, ''))
    .default('https://api.razorpay.com'),
  /**
   * The built-in sandbox of the chosen gateway (test mode): `on` or `off`; unset → on when its keys (PAYU_KEY,
   * RAZORPAY_KEY_ID) are unset and NODE_ENV is not production.
   */
  PAYMENTS_SANDBOX: z.enum(['on', 'off'], { message: 'must be on or off' }).optional(),
};

/** The gateway settings as parsed: PayU's and Razorpay's keys, each pair set together or not at all. */
type GatewayKeys = {
  PAYU_KEY?: string | undefined;
  PAYU_SALT?: string | undefined;
  RAZORPAY_KEY_ID?: string | undefined;
  RAZORPAY_KEY_SECRET?: string | undefined;
};

/**
 * What is wrong with the parsed gateway settings as a whole: a key without its salt or secret, or the other way
 * round. Each issue names the variable that is missing.
 */
export function gatewaySettingsIssues(config: GatewayKeys): { path: string; message: string }[] {
  const issues: { path: string; message: string }[] = [];
  if (Boolean(config.PAYU_KEY) !== Boolean(config.PAYU_SALT)) {
    issues.push({
      path: config.PAYU_KEY ? 'PAYU_SALT' : 'PAYU_KEY',
      message: 'PAYU_KEY and PAYU_SALT must be set together',
    });
  }
  if (Boolean(config.RAZORPAY_KEY_ID) !== Boolean(config.RAZORPAY_KEY_SECRET)) {
    issues.push({
      path: config.RAZORPAY_KEY_ID ? 'RAZORPAY_KEY_SECRET' : 'RAZORPAY_KEY_ID',
      message: 'RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET must be set together',
    });
  }
  return issues;
}
