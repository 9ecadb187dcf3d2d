/**
 * The payment configuration the providers use, resolved once from the environment (README "Configuration",
 * docs/payments.md "Test mode"):
 *
 * - **Test payments are allowed** when `PAYMENTS_SANDBOX=on`, or when it is unset and `NODE_ENV` is not
 *   `production`.
 * - **Gateway**: the built-in PayU sandbox when test payments are allowed and either `PAYMENTS_SANDBOX=on` or no
 *   `PAYU_KEY` is set; otherwise real PayU when `PAYU_KEY`/`PAYU_SALT` are set; otherwise none.
 * - **UPI**: offered with a shop's own `UPI_VPA`; the demo VPA only in test mode (its payments are marked
 *   `testMode`), so a production shop never shows a demo UPI ID as if it were real.
 */
import { DEMO_UPI_VPA, type AppConfig } from '../../config';

/**
 * The sandbox's merchant key and salt: fixed, public TEST values (never a real merchant's). Anyone can sign
 * a sandbox callback with them, which is why the sandbox is off in production unless asked for.
 */
export const SANDBOX_PAYU_KEY = 'RSHMTEST';
export const SANDBOX_PAYU_SALT = 'resham-sandbox-salt-TEST-MODE-not-secret';

/** Pages and routes outside the JSON API (absolute paths on the shop's origin). */
export const SANDBOX_PAYU_PATH = '/sandbox/payu';
/** The sandbox's refund API, as PayU's `merchant/postservice?form=2` (the shop itself asks it in process). */
export const SANDBOX_PAYU_REFUND_PATH = '/sandbox/payu/merchant/postservice';
/** The sandbox's 'Pay, but lose the callback' button: a payment the shop is not told about (reconciliation). */
export const SANDBOX_LOST_CALLBACK_PATH = '/sandbox/payu/lost-callback';
export const PAYU_CALLBACK_PATH = '/api/v1/payments/payu/callback';
export const REDIRECT_BRIDGE_PATH = '/api/v1/payments/redirect';
export const AUTO_SUBMIT_SCRIPT_PATH = '/api/v1/payments/auto-submit.js';

export type UpiSettings = {
  vpa: string;
  payeeName: string;
  /** True for the demo VPA: no real payee behind it. */
  testMode: boolean;
};

export type GatewaySettings = {
  /** The `payments.provider` value: real PayU or the sandbox (their txnids never mix). */
  provider: 'payu' | 'payu-sandbox';
  key: string;
  salt: string;
  /** The hosted checkout URL; null for the sandbox, which lives on the shop's own origin. */
  url: string | null;
  /**
   * PayU's postservice API (`merchant/postservice?form=2`: refunds and `verify_payment`); null for the
   * sandbox, which answers in process.
   */
  refundUrl: string | null;
  testMode: boolean;
};

export type PaymentSettings = {
  upi: UpiSettings | null;
  gateway: GatewaySettings | null;
  /** Serve the sandbox pages under /sandbox/payu. */
  sandboxEnabled: boolean;
  /** `UPI_WEBHOOK_SECRET`; null → the UPI webhook answers 503. */
  upiWebhookSecret: string | null;
  /** `PUBLIC_URL` without a trailing slash; null → each request's own origin. */
  publicUrl: string | null;
};

/** PayU's refund API matching its checkout: live (`secure.payu.in`) → info.payu.in, else the test one. */
export function payuRefundUrlFor(checkoutUrl: string): string {
  return /^https:\/\/secure\.payu\.in\//i.test(checkoutUrl)
    ? 'https://info.payu.in/merchant/postservice?form=2'
    : 'https://test.payu.in/merchant/postservice?form=2';
}

/** Resolves the payment settings from the parsed configuration (see the module comment). */
export function paymentSettings(config: AppConfig): PaymentSettings {
  const testPaymentsAllowed =
    config.PAYMENTS_SANDBOX === 'on' ||
    (config.PAYMENTS_SANDBOX === undefined && config.NODE_ENV !== 'production');
  const sandboxEnabled = testPaymentsAllowed && (config.PAYMENTS_SANDBOX === 'on' || !config.PAYU_KEY);

  let gateway: GatewaySettings | null = null;
  if (sandboxEnabled) {
    gateway = {
      provider: 'payu-sandbox',
      key: SANDBOX_PAYU_KEY,
      salt: SANDBOX_PAYU_SALT,
      url: null,
      refundUrl: null,
      testMode: true,
    };
  } else if (config.PAYU_KEY && config.PAYU_SALT) {
    gateway = {
      provider: 'payu',
      key: config.PAYU_KEY,
      salt: config.PAYU_SALT,
      url: config.PAYU_URL,
      refundUrl: config.PAYU_REFUND_URL ?? payuRefundUrlFor(config.PAYU_URL),
      testMode: false,
    };
  }

  const demoVpa = config.UPI_VPA.toLowerCase() === DEMO_UPI_VPA;
  const upi: UpiSettings | null =
    demoVpa && !testPaymentsAllowed
      ? null
      : { vpa: config.UPI_VPA, payeeName: config.UPI_PAYEE_NAME, testMode: demoVpa };

  return {
    upi,
    gateway,
    sandboxEnabled,
    upiWebhookSecret: config.UPI_WEBHOOK_SECRET ?? null,
    publicUrl: config.PUBLIC_URL ?? null,
  };
}

/** The gateway's checkout URL as the browser posts to it. */
export function gatewayUrl(gateway: GatewaySettings, baseUrl: string): string {
  return gateway.url ?? `${baseUrl}${SANDBOX_PAYU_PATH}`;
}

/**
 * The CSP `form-action` sources a form posting to `url` needs: its origin and, for PayU, every
 * `https://*.payu.in` host (PayU's checkout answers the POST with a redirect to another payu.in host, and
 * browsers apply form-action to the redirects of a form submission too).
 */
export function formActionSources(url: string): string[] {
  const parsed = new URL(url);
  const sources = [parsed.origin];
  if (parsed.protocol === 'https:' && /(^|\.)payu\.in$/i.test(parsed.hostname))
    sources.push('https://*.payu.in');
  return sources;
}
