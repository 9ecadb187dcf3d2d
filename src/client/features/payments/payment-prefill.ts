/**
 * What the payment form starts with: each field's own default (the server fills the account's name and
 * e-mail), and for fields still empty the order's shipping address — the phone (through the +91 mask) and
 * the recipient's name — so a shopper does not type again what checkout already asked.
 */
import {
  initialFieldValue,
  isPhoneField,
  maskIndianPhone,
  PHONE_DEFAULT_MAX_LENGTH,
  PHONE_PREFIX,
  type PaymentFieldDefinition,
  type PaymentFieldValues,
} from '@shared/payments/payment-fields';

/** Values taken from the order: the shipping address's name and phone as stored. */
export type PaymentPrefill = { name?: string; phone?: string };

/** True when a field's starting value counts as empty (blank, or a phone holding only +91). */
const isEmptyStart = (field: PaymentFieldDefinition, value: unknown) =>
  value === '' || (isPhoneField(field) && value === PHONE_PREFIX);

/**
 * The form's starting values: `initialFieldValue` of each field, then `prefill` into the empty `name` field
 * and every empty phone field (masked to its length).
 */
export function startingValues(
  definitions: PaymentFieldDefinition[],
  prefill: PaymentPrefill = {},
): PaymentFieldValues {
  return Object.fromEntries(
    definitions.map((field) => {
      const value = initialFieldValue(field);
      if (!isEmptyStart(field, value) || field.type === 'checkbox') return [field.name, value];
      if (isPhoneField(field) && prefill.phone) {
        const masked = maskIndianPhone(prefill.phone, field.rules?.maxLength ?? PHONE_DEFAULT_MAX_LENGTH);
        return [field.name, masked === PHONE_PREFIX ? value : masked];
      }
      if (field.name === 'name' && prefill.name?.trim()) return [field.name, prefill.name.trim()];
      return [field.name, value];
    }),
  );
}
