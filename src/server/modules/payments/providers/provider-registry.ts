/** Every payment provider, in the order the payment form offers their methods. Add a gateway here. */
import type { PaymentMethod } from '@shared/payments/payment-response';
import type { PaymentSettings } from '../settings';
import { payuProvider } from './payu-provider';
import type { PaymentProvider } from './types';
import { upiIntentProvider, upiQrProvider } from './upi-provider';

export const PAYMENT_PROVIDERS: readonly PaymentProvider[] = [upiQrProvider, upiIntentProvider, payuProvider];

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

export type {
  AttemptStatus,
  PayableOrder,
  PaymentAttempt,
  PaymentContext,
  PaymentProvider,
  RefundOutcome,
  RefundRequest,
} from './types';
