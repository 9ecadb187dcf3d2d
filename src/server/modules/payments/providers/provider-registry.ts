/**
 * Every payment provider, in the order the payment form offers their methods. A new gateway is one adapter file,
 * its sandbox, and one line here (docs/payments.md "The provider interface").
 */
import type { PaymentMethod } from '@shared/payments/payment-response';
import type { PaymentSettings } from '../settings';
import { payuProvider } from './payu-provider';
import { razorpayProvider } from './razorpay-provider';
import type { PaymentProvider } from './types';
import { upiIntentProvider, upiQrProvider } from './upi-provider';

export const PAYMENT_PROVIDERS: readonly PaymentProvider[] = [
  upiQrProvider,
  upiIntentProvider,
  payuProvider,
  razorpayProvider,
];

/** The providers this configuration offers. */
export function configuredProviders(settings: PaymentSettings): PaymentProvider[] {
  return PAYMENT_PROVIDERS.filter((provider) => provider.isConfigured(settings));
}

/** The configured provider of `method`, or null. */
export function providerFor(settings: PaymentSettings, method: string): PaymentProvider | null {
  return (
    configuredProviders(settings).find((provider) => provider.method === (method as PaymentMethod)) ?? null
  );
}

/** The adapter that records `payments.provider` value `code` (configured or not), or null. */
export function providerOfCode(code: string): PaymentProvider | null {
  return PAYMENT_PROVIDERS.find((provider) => provider.codes.includes(code)) ?? null;
}

/** True when `code` is a card gateway's `payments.provider` value (one that can refund through the gateway). */
export function isGatewayCode(code: string): boolean {
  return providerOfCode(code)?.method === 'gateway';
}

/** Every card gateway's `payments.provider` values (`payu`, `payu-sandbox`, `razorpay`, …). */
export const GATEWAY_CODES: readonly string[] = PAYMENT_PROVIDERS.filter(
  (provider) => provider.method === 'gateway',
).flatMap((provider) => provider.codes);

/** The gateway's payment id kept on a succeeded attempt of provider `code` (PayU's mihpayid), or null. */
export function gatewayPaymentIdOf(code: string, raw: unknown): string | null {
  return providerOfCode(code)?.paymentIdOf?.(raw) ?? null;
}

export type {
  AttemptStatus,
  GatewayRefundEvent,
  PayableOrder,
  PaymentAttempt,
  PaymentContext,
  PaymentProvider,
  RefundOutcome,
  RefundRequest,
  VerifiedPayment,
  VerifiedWebhookEvent,
} from './types';
