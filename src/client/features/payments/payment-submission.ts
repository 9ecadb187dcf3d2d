/**
 * What the payment form sends and what a refused payment call shows (spec §3 `showWhenFilled`, §5 "Payment
 * form", §8).
 */
import type { PaymentFieldDefinition, PaymentFieldValues } from '@shared/payments/payment-fields';
import { isFieldVisible, isFilled, isPhoneField } from '@shared/payments/payment-fields';
import { ApiError } from '@client/lib/api-client';
import { PAYMENT_CALL_FAILED } from './payment-texts';

/** The value is forced through the +91 mask: a phone field (spec §5) or one with the `phone-in` mask hint. */
export function hasPhoneMask(field: PaymentFieldDefinition): boolean {
  return isPhoneField(field) || field.mask === 'phone-in';
}

/** The values the server may see: visible fields only, a bare `+91` sent as empty (spec §3 `showWhenFilled`). */
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

/** What a failed `POST /payments` shows: a message, and per-field messages for the inputs it names. */
export type PaymentFailure = { message: string | null; fieldErrors: Record<string, string> };

/**
 * Maps a failed payment call (spec §8): no answer or a 5xx → 'Failed to process payment. Please try again
 * later.'; a 400 with `fields` → messages under the named inputs (`name` or `fields.name`); any other 4xx
 * (404 unknown order, 409 paid or cancelled order) → the server's error text.
 */
export function paymentFailure(error: unknown, fieldNames: readonly string[]): PaymentFailure {
  if (!(error instanceof ApiError) || error.status === 0 || error.status >= 500) {
    return { message: PAYMENT_CALL_FAILED, fieldErrors: {} };
  }
  const fieldErrors: Record<string, string> = {};
  if (error.status === 400) {
    for (const [key, message] of Object.entries(error.fields)) {
      const name = key.startsWith('fields.') ? key.slice('fields.'.length) : key;
      if (fieldNames.includes(name) && typeof message === 'string') fieldErrors[name] = message;
    }
    if (Object.keys(fieldErrors).length > 0) return { message: null, fieldErrors };
  }
  return { message: error.serverMessage ?? PAYMENT_CALL_FAILED, fieldErrors };
}
