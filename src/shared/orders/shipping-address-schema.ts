/**
 * The shipping address of an order (docs/product.md §3 "Shipping form"), shared by the checkout form, `POST /orders` and
 * the admin: the Indian PIN code and mobile number rules and the address schema.
 */
import { z } from 'zod';
import {
  findIndianState,
  INVALID_PIN_MESSAGE,
  isKnownPinCode,
  PIN_STATE_MISMATCH_MESSAGE,
  pinCodeMatchesState,
  UNKNOWN_STATE_MESSAGE,
} from '../gst/indian-states';

/** Indian PIN code: six digits, not starting with 0 (India Post). */
export const PIN_CODE_PATTERN = /^[1-9][0-9]{5}$/;

/**
 * The 10 national digits of an Indian mobile number written with or without +91 / 91 / 0 and spaces or
 * dashes, or null when it is not one (10 digits starting 6–9, TRAI numbering plan).
 * `nationalMobileDigits('+91 98390 41736')` → `'9839041736'`.
 */
export function nationalMobileDigits(input: string): string | null {
  const digits = input.replace(/[\s\-()]/g, '');
  const match = /^(?:\+?91|0)?([6-9][0-9]{9})$/.exec(digits);
  return match ? match[1]! : null;
}

/** Control characters other than tab and line breaks (PostgreSQL text cannot even hold NUL). */
// eslint-disable-next-line no-control-regex -- matching control characters is the point.
export const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
export const CONTROL_CHARACTERS_MESSAGE = 'must not contain control characters';

const requiredText = (max: number) =>
  z
    .string({ message: 'is required' })
    .trim()
    .min(1, 'is required')
    .max(max, `must be at most ${max} characters`)
    .refine((value) => !CONTROL_CHARACTERS.test(value), { message: CONTROL_CHARACTERS_MESSAGE });

/**
 * Shipping address (docs/product.md §3 "Shipping form"): all six fields required after trimming, no control characters.
 * `state` is one of the 36 states and union territories (letter case ignored; the server stores the
 * canonical name) — it is the place of supply of the order's GST — and the PIN code's first digits must be
 * able to belong to it: `postalCode: 'Enter a valid PIN code'` when they belong to no state at all (999999),
 * `postalCode: 'PIN code does not match the state'` when they belong to other states only.
 */
export const shippingAddressSchema = z
  .object({
    fullName: requiredText(100),
    address: requiredText(300),
    city: requiredText(80),
    state: requiredText(80).refine((value) => findIndianState(value) !== undefined, {
      message: UNKNOWN_STATE_MESSAGE,
    }),
    postalCode: requiredText(6).regex(PIN_CODE_PATTERN, 'must be a 6-digit PIN code not starting with 0'),
    phone: requiredText(20).refine((value) => nationalMobileDigits(value) !== null, {
      message: 'must be an Indian mobile number: +91 and 10 digits starting with 6, 7, 8 or 9',
    }),
  })
  .superRefine((address, context) => {
    const indianState = findIndianState(address.state);
    if (!PIN_CODE_PATTERN.test(address.postalCode)) return;
    if (!isKnownPinCode(address.postalCode)) {
      context.addIssue({ code: 'custom', path: ['postalCode'], message: INVALID_PIN_MESSAGE });
    } else if (indianState !== undefined && !pinCodeMatchesState(address.postalCode, indianState)) {
      context.addIssue({ code: 'custom', path: ['postalCode'], message: PIN_STATE_MISMATCH_MESSAGE });
    }
  });

export type ShippingAddress = z.infer<typeof shippingAddressSchema>;
