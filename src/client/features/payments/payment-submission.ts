/**
 * What the payment form sends and what a refused payment call shows (docs/product.md §3 `showWhenFilled`, §5 "Payment
 * form", §8).
 */
import type { PaymentFieldDefinition, PaymentFieldValues } from '@shared/payments/payment-fields';
import {
  isFieldVisible,
  isFilled,
  isPhoneField,
  validatePaymentFields,
} from '@shared/payments/payment-fields';
import type { Resolver } from 'react-hook-form';
import { ApiError } from '@client/lib/api-client';
import { PAYMENT_CALL_FAILED } from './payment-texts';

/** The value is forced through the +91 mask: a phone field (docs/product.md §5) or one with the `phone-in` mask hint. */
export function hasPhoneMask(field: PaymentFieldDefinition): boolean {
  return isPhoneField(field) || field.mask === 'phone-in';
}

/** The values the server may see: visible fields only, a bare `+91` sent as empty (docs/product.md §3 `showWhenFilled`). */
export function submittedFields(
  definitions: PaymentFieldDefinition[],
  values: PaymentFieldValues,
): Record<string, string | boolean> {
  const fields: Record<string, string | boolean> = {};
  for (const field of definitions) {
    if (!isFieldVisible(field, values, definitions)) continue;
    const value = values[field.name];
    if (field.type === 'checkbox') fields[field.name] = value === true;
    else if (typeof value === 'string' && isFilled(field, value)) fields[field.name] = value;
    else fields[field.name] = '';
  }
  return fields;
}

/** The prefix the payment answer may put before a field name in `fields` (`fields.phone`). */
export const PAYMENT_FIELD_PREFIX = 'fields.';

/**
 * True for a refused payment call the form can answer under its inputs: a 400 whose `fields` the form reads
 * (with lib/form-errors.ts and {@link PAYMENT_FIELD_PREFIX}).
 */
export function isFieldRefusal(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 400 && Object.keys(error.fields).length > 0;
}

/**
 * The message of a failed payment call that names no input (docs/product.md §8): no answer or a 5xx → 'Failed to process
 * payment. Please try again later.'; any other 4xx (a 400 naming no input, 404 unknown order, 409 paid or
 * cancelled order) → the server's error text, else the same failure text.
 */
export function paymentFailure(error: unknown): string {
  if (!(error instanceof ApiError) || error.status === 0 || error.status >= 500) return PAYMENT_CALL_FAILED;
  return error.serverMessage ?? PAYMENT_CALL_FAILED;
}

/**
 * The payment form's resolver: the shared payment-field rules (src/shared/payments/payment-fields.ts, the same
 * the server applies) on the visible fields, one message per invalid field.
 */
export function paymentResolver(definitions: PaymentFieldDefinition[]): Resolver<PaymentFieldValues> {
  return (values) => {
    const found = Object.entries(validatePaymentFields(definitions, values));
    if (found.length === 0) return { values, errors: {} };
    return {
      values: {},
      errors: Object.fromEntries(found.map(([name, message]) => [name, { type: 'validate', message }])),
    };
  };
}
