/**
 * Payment form field definitions and their validation (docs/product.md §3 "Payment field definition", §5 "Payment form"),
 * shared by the server (`GET /payments/fields`, `POST /payments`) and the Payment page, so both apply the same
 * rules with the same messages. The definitions' shape is `./payment-field-schema.ts`; this file only imports
 * its type, so it stays free of zod at run time.
 */
import type { PaymentFieldDefinition } from './payment-field-schema';

export type { PaymentFieldDefinition, PaymentFieldType } from './payment-field-schema';

export type PaymentFieldValue = string | boolean;
export type PaymentFieldValues = Record<string, PaymentFieldValue | undefined>;

/** docs/product.md §5 "Payment form" messages. */
export const PAYMENT_FIELD_MESSAGES = {
  required: 'This field is required',
  email: 'Please enter a valid email address',
  phonePrefix: 'Phone number must start with +91',
  phoneLength: 'Phone number must be 13 characters (including +91)',
  phonePattern: 'Invalid phone number format',
  phoneMin: (n: number) => `Phone number must have at least ${n} characters`,
  phoneMax: (n: number) => `Phone number must have no more than ${n} characters`,
  min: (n: number) => `Must be at least ${n} characters`,
  max: (n: number) => `Must be no more than ${n} characters`,
  pattern: 'Invalid format',
  option: 'Please choose one of the options',
} as const;

/** The phone prefix and default length: +91 and 10 digits, 13 characters (docs/product.md §5, §9). */
export const PHONE_PREFIX = '+91';
export const PHONE_DEFAULT_MAX_LENGTH = 13;

const SIMPLE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Phone fields are those of type tel or whose name contains 'phone' (docs/product.md §5). */
export function isPhoneField(field: Pick<PaymentFieldDefinition, 'type' | 'name'>): boolean {
  return field.type === 'tel' || field.name.toLowerCase().includes('phone');
}

/**
 * Forces a phone value to `+91` followed by digits only, at most `maxLength − 3` digits (docs/product.md §5).
 * `maskIndianPhone('98390 41736')` → `'+919839041736'`; `maskIndianPhone('+9')` → `'+91'`.
 */
export function maskIndianPhone(raw: string, maxLength = PHONE_DEFAULT_MAX_LENGTH): string {
  const trimmed = raw.trim();
  if (PHONE_PREFIX.startsWith(trimmed)) return PHONE_PREFIX;
  // The prefix itself, and a '+91' pasted or typed again after the prefilled one, are not digits of the number.
  const rest = (trimmed.startsWith(PHONE_PREFIX) ? trimmed.slice(PHONE_PREFIX.length) : trimmed).replace(
    /^\s*\+91/,
    '',
  );
  let digits = rest.replace(/\D/g, '');
  if (!trimmed.startsWith('+') && digits.startsWith('91') && digits.length > 10) digits = digits.slice(2);
  return PHONE_PREFIX + digits.slice(0, Math.max(0, maxLength - PHONE_PREFIX.length));
}

/** True when a value counts as filled: non-blank text, a ticked box; a bare `+91` in a phone field is empty. */
export function isFilled(
  field: PaymentFieldDefinition | undefined,
  value: PaymentFieldValue | undefined,
): boolean {
  if (typeof value === 'boolean') return value;
  const text = (value ?? '').trim();
  if (field && isPhoneField(field) && text === PHONE_PREFIX) return false;
  return text !== '';
}

/** The field is shown: no `showWhenFilled`, or at least one listed field is filled (docs/product.md §3). */
export function isFieldVisible(
  field: PaymentFieldDefinition,
  values: PaymentFieldValues,
  all: PaymentFieldDefinition[],
): boolean {
  if (!field.showWhenFilled || field.showWhenFilled.length === 0) return true;
  return field.showWhenFilled.some((name) =>
    isFilled(
      all.find((other) => other.name === name),
      values[name],
    ),
  );
}

/** The starting value of a field: its defaultValue; a required phone field starts as `+91` (docs/product.md §5). */
export function initialFieldValue(field: PaymentFieldDefinition): PaymentFieldValue {
  if (field.type === 'checkbox') return field.defaultValue === true || field.defaultValue === 'true';
  const value = typeof field.defaultValue === 'string' ? field.defaultValue : '';
  if (isPhoneField(field) && value === '' && field.rules?.required) return PHONE_PREFIX;
  return value;
}

function safePattern(pattern: string | undefined): RegExp | null {
  if (!pattern) return null;
  try {
    return new RegExp(pattern);
  } catch {
    return null;
  }
}

/**
 * The error message of one field, or null when it is valid (docs/product.md §5 "Payment form"). Hidden fields are not
 * validated by {@link validatePaymentFields}; call this for visible ones.
 */
export function validateField(
  field: PaymentFieldDefinition,
  value: PaymentFieldValue | undefined,
): string | null {
  const rules = field.rules ?? {};
  const filled = isFilled(field, value);
  if (!filled) {
    return rules.required ? (field.rulesMessages?.[0] ?? PAYMENT_FIELD_MESSAGES.required) : null;
  }
  if (field.type === 'checkbox') return null;
  const text = String(value).trim();
  if (isPhoneField(field)) {
    if (!text.startsWith(PHONE_PREFIX)) return PAYMENT_FIELD_MESSAGES.phonePrefix;
    const { minLength, maxLength } = rules;
    if (minLength !== undefined && text.length < minLength) return PAYMENT_FIELD_MESSAGES.phoneMin(minLength);
    if (maxLength !== undefined && text.length > maxLength) return PAYMENT_FIELD_MESSAGES.phoneMax(maxLength);
    if (minLength === undefined && maxLength === undefined && text.length !== PHONE_DEFAULT_MAX_LENGTH) {
      return PAYMENT_FIELD_MESSAGES.phoneLength;
    }
    const pattern = safePattern(rules.pattern);
    if (pattern && !pattern.test(text)) return PAYMENT_FIELD_MESSAGES.phonePattern;
    return null;
  }
  if (field.type === 'email' && !SIMPLE_EMAIL.test(text)) return PAYMENT_FIELD_MESSAGES.email;
  if (field.type === 'select' && field.options && !field.options.some((option) => option.value === text)) {
    return PAYMENT_FIELD_MESSAGES.option;
  }
  if (rules.minLength !== undefined && text.length < rules.minLength)
    return PAYMENT_FIELD_MESSAGES.min(rules.minLength);
  if (rules.maxLength !== undefined && text.length > rules.maxLength)
    return PAYMENT_FIELD_MESSAGES.max(rules.maxLength);
  const pattern = safePattern(rules.pattern);
  if (pattern && !pattern.test(text)) return field.rulesMessages?.[1] ?? PAYMENT_FIELD_MESSAGES.pattern;
  return null;
}

/** Validates every visible field; returns field name → message for the invalid ones (empty when all valid). */
export function validatePaymentFields(
  definitions: PaymentFieldDefinition[],
  values: PaymentFieldValues,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of definitions) {
    if (!isFieldVisible(field, values, definitions)) continue;
    const message = validateField(field, values[field.name]);
    if (message) errors[field.name] = message;
  }
  return errors;
}

/** The submit rule (docs/product.md §5): disabled while any visible required field is empty. */
export function hasEmptyRequiredField(
  definitions: PaymentFieldDefinition[],
  values: PaymentFieldValues,
): boolean {
  return definitions.some(
    (field) =>
      field.rules?.required &&
      isFieldVisible(field, values, definitions) &&
      !isFilled(field, values[field.name]),
  );
}

/** GSTIN: 2-digit state code, PAN (5 letters, 4 digits, 1 letter), entity code, 'Z', check character (CBIC). */
export const GSTIN_PATTERN = '^[0-3][0-9][A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$';
