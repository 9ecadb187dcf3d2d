/**
 * The payment configuration the providers use, resolved once from the environment (README "Configuration",
 * docs/payments.md "Test mode"):
 *
 * - **Test payments are allowed** when `PAYMENTS_SANDBOX=on`, or when it is unset and `NODE_ENV` is not
 *   `production`.
 * - **Gateway** (`PAYMENT_GATEWAY`, PayU by default, or Razorpay): the gateway's built-in sandbox when test payments
 *   are allowed and either `PAYMENTS_SANDBOX=on` or its key (`PAYU_KEY`, `RAZORPAY_KEY_ID`) is not set; otherwise
 *   the real gateway when its keys are set; otherwise none.
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

/**
 * The Razorpay sandbox's key id, key secret and webhook secret: fixed, public TEST values (never a real
 * account's), so anyone can sign a sandbox return — the sandbox is off in production unless asked for.
 */
export const SANDBOX_RAZORPAY_KEY_ID = 'rzp_test_RESHAMSANDBOX';
export const SANDBOX_RAZORPAY_KEY_SECRET = 'resham-razorpay-sandbox-secret-TEST-MODE-not-secret';
export const SANDBOX_RAZORPAY_WEBHOOK_SECRET = 'resham-razorpay-sandbox-webhook-TEST-MODE-not-secret';
/** The Razorpay sandbox: its Checkout stand-in page and, below it, its API (`/sandbox/razorpay/v1/…`). */
export const SANDBOX_RAZORPAY_PATH = '/sandbox/razorpay';
export const SANDBOX_RAZORPAY_CHECKOUT_PATH = '/sandbox/razorpay/checkout';
/** Our page that opens Razorpay's Checkout (the only page that loads its script). */
export const RAZORPAY_CHECKOUT_PATH = '/api/v1/payments/razorpay/checkout';
export const RAZORPAY_CHECKOUT_SCRIPT_PATH = '/api/v1/payments/razorpay/checkout.js';
/** Where the browser comes back with the signed payment (`razorpay_payment_id`, …). */
export const RAZORPAY_CALLBACK_PATH = '/api/v1/payments/razorpay/callback';
export const RAZORPAY_WEBHOOK_PATH = '/api/v1/payments/razorpay/webhook';
export const REDIRECT_BRIDGE_PATH = '/api/v1/payments/redirect';
export const AUTO_SUBMIT_SCRIPT_PATH = '/api/v1/payments/auto-submit.js';

export type UpiSettings = {
  vpa: string;
  payeeName: string;
  /** True for the demo VPA: no real payee behind it. */
  testMode: boolean;
};

/** The card / net-banking gateway: PayU or Razorpay (`PAYMENT_GATEWAY`). */
export type GatewaySettings = PayuGatewaySettings | RazorpayGatewaySettings;

export type PayuGatewaySettings = {
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

export type RazorpayGatewaySettings = {
  /** The `payments.provider` value: real Razorpay or the built-in sandbox (their order ids never mix). */
  provider: 'razorpay' | 'razorpay-sandbox';
  keyId: string;
  keySecret: string;
  /** `RAZORPAY_WEBHOOK_SECRET` (the sandbox's own); null → the webhook answers 503. */
  webhookSecret: string | null;
  /** `RAZORPAY_API_URL`; null for the sandbox, whose API answers in process. */
  apiUrl: string | null;
  testMode: boolean;
};

/** True for PayU's settings (real or sandbox). */
export const isPayuGateway = (gateway: GatewaySettings | null): gateway is PayuGatewaySettings =>
  gateway?.provider === 'payu' || gateway?.provider === 'payu-sandbox';

/** True for Razorpay's settings (real or sandbox). */
export const isRazorpayGateway = (gateway: GatewaySettings | null): gateway is RazorpayGatewaySettings =>
  gateway?.provider === 'razorpay' || gateway?.provider === 'razorpay-sandbox';

export type PaymentSettings = {
  upi: UpiSettings | null;
  gateway: GatewaySettings | null;
  /** Serve the chosen gateway's sandbox (under /sandbox/payu or /sandbox/razorpay). */
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
  const razorpay = config.PAYMENT_GATEWAY === 'razorpay';
  const liveKey = razorpay ? config.RAZORPAY_KEY_ID : config.PAYU_KEY;
  const sandboxEnabled = testPaymentsAllowed && (config.PAYMENTS_SANDBOX === 'on' || !liveKey);

  let gateway: GatewaySettings | null = null;
  if (razorpay) {
    if (sandboxEnabled) {
      gateway = {
        provider: 'razorpay-sandbox',
        keyId: SANDBOX_RAZORPAY_KEY_ID,
        keySecret: SANDBOX_RAZORPAY_KEY_SECRET,
        webhookSecret: SANDBOX_RAZORPAY_WEBHOOK_SECRET,
        apiUrl: null,
        testMode: true,
      };
    } else if (config.RAZORPAY_KEY_ID && config.RAZORPAY_KEY_SECRET) {
      gateway = {
        provider: 'razorpay',
        keyId: config.RAZORPAY_KEY_ID,
        keySecret: config.RAZORPAY_KEY_SECRET,
        webhookSecret: config.RAZORPAY_WEBHOOK_SECRET ?? null,
        apiUrl: config.RAZORPAY_API_URL,
        // A `rzp_test_` key takes no money either, but it is the shop's own account: not the built-in test mode.
        testMode: false,
      };
    }
  } else if (sandboxEnabled) {
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

/**
 * The gateway's checkout URL as the browser posts to it: PayU's hosted checkout (or its sandbox); for Razorpay
 * our own page that opens Razorpay's Checkout (or the sandbox's stand-in of Checkout).
 */
export function gatewayUrl(gateway: GatewaySettings, baseUrl: string): string {
  switch (gateway.provider) {
    case 'razorpay':
      return `${baseUrl}${RAZORPAY_CHECKOUT_PATH}`;
    case 'razorpay-sandbox':
      return `${baseUrl}${SANDBOX_RAZORPAY_CHECKOUT_PATH}`;
    default:
      return gateway.url ?? `${baseUrl}${SANDBOX_PAYU_PATH}`;
  }
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
