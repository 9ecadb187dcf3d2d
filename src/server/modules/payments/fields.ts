/**
 * The payment form's field definitions (docs/product.md §3 "Payment field definition", §5 "Payment form"):
 * what `GET /payments/fields` sends and what `POST /payments` validates against, with the shared
 * `validatePaymentFields` — the same rules and messages as the Payment page.
 */
import {
  GSTIN_PATTERN,
  validatePaymentFields,
  type PaymentFieldDefinition,
  type PaymentFieldValues,
} from '@shared/payments/payment-fields';
import { formatRupees, paiseToRupees } from '@shared/money';
import { PAYMENT_METHODS, type PaymentMethod } from '@shared/payments/payment-response';
import type { PaymentPayer } from '../../db/schema/payment-tables';
import { configuredProviders } from './providers/provider-registry';
import type { PaymentSettings } from './settings';

/** Indian mobile numbers as the +91 mask writes them: +91 and 10 digits starting with 6–9 (TRAI). */
export const PAYMENT_PHONE_PATTERN = '^\\+91[6-9][0-9]{9}$';
export const NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 100;
export const BUSINESS_NAME_MAX_LENGTH = 100;
export const CONTROL_CHARACTERS_MESSAGE = 'Must not contain control characters';
// eslint-disable-next-line no-control-regex -- refusing control characters is the point.
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

/** Shown under the method choice while a test-mode method is offered (docs/payments.md "Test mode"). */
export const TEST_MODE_NOTICE =
  'TEST MODE: this shop is not taking real payments yet. The UPI ID is a demo and card payments go to a ' +
  'sandbox; no money moves.';

/** True when any offered method is a test-mode one (demo UPI ID or the sandbox gateway). */
export function isTestMode(settings: PaymentSettings): boolean {
  return Boolean(settings.upi?.testMode || settings.gateway?.testMode);
}

/** The methods this configuration offers, in form order. */
export function offeredMethods(settings: PaymentSettings): PaymentMethod[] {
  return configuredProviders(settings).map((provider) => provider.method);
}

/** The method's note when cash on delivery is offered: its fee (paise) is added to the total. */
export function codFeeNotice(feePaise: number): string {
  return `Cash on delivery adds a fee of ${formatRupees(paiseToRupees(feePaise))} to the total.`;
}

/**
 * The definitions for this configuration; `prefill` (the signed-in account's name and e-mail) becomes the
 * default values. Only configured methods are offered, and 'Cash on delivery' last when `cod` is given (the
 * store offers COD for the order: ./cash-on-delivery.ts), with the fee in the method's note and, as the
 * option's `amount`, the order's total with the fee in rupees — what the payment page shows once COD is
 * chosen (docs/payments.md "Cash on delivery").
 */
export function paymentFieldDefinitions(
  settings: PaymentSettings,
  prefill: { name?: string; email?: string } = {},
  cod: { feePaise: number; totalPaise?: number } | null = null,
): PaymentFieldDefinition[] {
  const cashOnDelivery = cod !== null;
  const codFeePaise = cod?.feePaise ?? 0;
  const methods: PaymentMethod[] = [...offeredMethods(settings), ...(cashOnDelivery ? ['cod' as const] : [])];
  const method: PaymentFieldDefinition = {
    name: 'method',
    label: 'Payment method',
    type: 'select',
    options: methods.map((value) => ({
      value,
      label: PAYMENT_METHODS[value],
      ...(value === 'cod' && cod?.totalPaise !== undefined ? { amount: paiseToRupees(cod.totalPaise) } : {}),
    })),
    rules: { required: true },
    rulesMessages: ['Please choose a payment method'],
  };
  if (methods.length === 1) method.defaultValue = methods[0]!;
  const notes = [
    ...(isTestMode(settings) ? [TEST_MODE_NOTICE] : []),
    ...(cashOnDelivery && codFeePaise > 0 ? [codFeeNotice(codFeePaise)] : []),
  ];
  if (notes.length > 0) method.description = notes.join(' ');

  return [
    {
      name: 'name',
      label: 'Full name',
      type: 'text',
      placeholder: 'Name of the person paying',
      ...(prefill.name ? { defaultValue: prefill.name } : {}),
      rules: { required: true, minLength: 2, maxLength: NAME_MAX_LENGTH },
      rulesMessages: ['Please enter your name'],
    },
    {
      name: 'email',
      label: 'E-mail',
      type: 'email',
      placeholder: 'you@example.com',
      ...(prefill.email ? { defaultValue: prefill.email } : {}),
      rules: { required: true, maxLength: EMAIL_MAX_LENGTH },
      rulesMessages: ['Please enter your e-mail address'],
    },
    {
      name: 'phone',
      label: 'Mobile number',
      type: 'tel',
      placeholder: '+91XXXXXXXXXX',
      description: 'Indian mobile number: +91 and 10 digits',
      mask: 'phone-in',
      rules: { required: true, pattern: PAYMENT_PHONE_PATTERN },
    },
    method,
    {
      name: 'businessName',
      label: 'Business name (optional)',
      type: 'text',
      placeholder: 'For a GST invoice',
      description: 'Buying for a business? Add its name and GSTIN to get a GST invoice.',
      rules: { maxLength: BUSINESS_NAME_MAX_LENGTH },
    },
    {
      name: 'gstin',
      label: 'GSTIN (optional)',
      type: 'text',
      placeholder: '22AAAAA0000A1Z5',
      rules: { maxLength: 15, pattern: GSTIN_PATTERN },
      rulesMessages: ['', 'Enter a valid 15-character GSTIN'],
      showWhenFilled: ['businessName'],
    },
  ];
}

export type ValidatedPayment =
  { ok: true; method: PaymentMethod; payer: PaymentPayer } | { ok: false; fields: Record<string, string> };

/**
 * Validates submitted values against the definitions with the shared rules; on success returns the chosen
 * method and the payer's details (trimmed; the optional business pair only when filled and shown).
 */
export function validatePaymentSubmission(
  definitions: PaymentFieldDefinition[],
  values: PaymentFieldValues,
): ValidatedPayment {
  const fields = validatePaymentFields(definitions, values);
  // Server-only rule: no control characters (PostgreSQL's jsonb cannot even hold NUL).
  for (const definition of definitions) {
    const value = values[definition.name];
    if (typeof value === 'string' && CONTROL_CHARACTERS.test(value) && !fields[definition.name]) {
      fields[definition.name] = CONTROL_CHARACTERS_MESSAGE;
    }
  }
  if (Object.keys(fields).length > 0) return { ok: false, fields };
  const text = (name: string) => {
    const value = values[name];
    return typeof value === 'string' ? value.trim() : '';
  };
  const payer: PaymentPayer = { name: text('name'), email: text('email'), phone: text('phone') };
  const businessName = text('businessName');
  if (businessName) {
    payer.businessName = businessName;
    const gstin = text('gstin');
    if (gstin) payer.gstin = gstin;
  }
  return { ok: true, method: text('method') as PaymentMethod, payer };
}
