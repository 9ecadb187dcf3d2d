import { z } from 'zod';
import { nationalMobileDigits } from '../orders/shipping-address-schema';
import { authorizeResponseSchema, emailSchema, firstNameSchema, lastNameSchema } from './account-schemas';

/**
 * Sign-in with a one-time code sent by WhatsApp or SMS (docs/messages.md "Sign in with an OTP"): the request,
 * verify and name-step shapes shared by the storefront's forms and the `/api/v1/users/otp*` and
 * `PATCH /api/v1/accountInfo` routes. Message texts are copied exactly from docs/messages.md.
 */

/** Digits in a sign-in code. */
export const OTP_CODE_LENGTH = 6;
/** How long a code lives, in seconds (5 minutes). */
export const OTP_LIFETIME_SECONDS = 5 * 60;
/** Wrong tries a code allows; the fifth wrong one kills it. */
export const OTP_MAX_TRIES = 5;

/** The texts of the OTP sign-in (docs/messages.md "Sign in with an OTP"). */
export const otpMessages = {
  invalidPhone: 'Please enter a valid Indian mobile number: 10 digits starting with 6, 7, 8 or 9.',
  invalidCode: 'Please enter the 6-digit code.',
  expired: 'This code has expired. Please request a new one.',
  tooManyCodes: 'Too many codes requested. Please try again later.',
} as const;

/**
 * `POST /orders` from an account made by phone that has not given an e-mail yet (the order's confirmation and
 * invoice go by e-mail): 400 with this text; the name step asks for it.
 */
export const ORDER_NEEDS_EMAIL_MESSAGE =
  'Please add your e-mail address to your account before you order: your receipt and invoice go there.';

/** 'That code is not right. 4 tries left.' ('1 try left' for the last one). */
export function wrongCodeMessage(triesLeft: number): string {
  return `That code is not right. ${triesLeft} ${triesLeft === 1 ? 'try' : 'tries'} left.`;
}

/**
 * The number as the code screen shows it: `+919876543210` → '+91 98•••••210' (the first two and last three of
 * the ten digits; the rest hidden, so a screen-reader or a shoulder does not read the whole number).
 */
export function maskIndianMobile(e164: string): string {
  const digits = e164.slice(-10);
  return `+91 ${digits.slice(0, 2)}${'•'.repeat(5)}${digits.slice(7)}`;
}

/** 'Enter the 6-digit code sent to +91 98•••••210'. */
export function enterCodePrompt(maskedPhone: string): string {
  return `Enter the ${OTP_CODE_LENGTH}-digit code sent to ${maskedPhone}`;
}

/**
 * An Indian mobile number in any common spelling ('98765 43210', '+91 98765-43210', '09876543210'), read as
 * E.164 (`+919876543210`); anything else: `otpMessages.invalidPhone`.
 */
export const otpPhoneSchema = z
  .string({ error: otpMessages.invalidPhone })
  .max(20, otpMessages.invalidPhone)
  .transform((value, context) => {
    const digits = nationalMobileDigits(value.trim());
    if (digits === null) {
      context.addIssue({ code: 'custom', message: otpMessages.invalidPhone });
      return z.NEVER;
    }
    return `+91${digits}`;
  });

/** `POST /api/v1/users/otp` body and the phone step's form: `{ phone }`. */
export const otpRequestBodySchema = z.object({ phone: otpPhoneSchema });
export type OtpRequestInput = z.input<typeof otpRequestBodySchema>;
export type OtpRequestBody = z.output<typeof otpRequestBodySchema>;

/**
 * `POST /api/v1/users/otp` answer (202), the same for every valid number whether or not it has an account:
 * the masked number and the code's lifetime in seconds.
 */
export const otpRequestResponseSchema = z.object({
  phone: z.string(),
  expiresInSeconds: z.number().int(),
});
export type OtpRequestResponse = z.infer<typeof otpRequestResponseSchema>;

/** `POST /api/v1/users/otp/verify` body and the code step's form: `{ phone, code }` (six digits, spaces ignored). */
export const otpVerifyBodySchema = z.object({
  phone: otpPhoneSchema,
  code: z
    .string({ error: otpMessages.invalidCode })
    .max(20, otpMessages.invalidCode)
    .transform((value) => value.replace(/\s/g, ''))
    .pipe(z.string().regex(/^[0-9]{6}$/, otpMessages.invalidCode)),
});
export type OtpVerifyInput = z.input<typeof otpVerifyBodySchema>;
export type OtpVerifyBody = z.output<typeof otpVerifyBodySchema>;

/**
 * `POST /api/v1/users/otp/verify` answer (200): the session token of `POST /users/authorize`, and `needsName`
 * true when the account has no name yet (made by this code, or never finished) — the storefront then asks
 * 'What should we call you?' before going on.
 */
export const otpVerifyResponseSchema = authorizeResponseSchema.extend({ needsName: z.boolean() });
export type OtpVerifyResponse = z.infer<typeof otpVerifyResponseSchema>;

/**
 * `PATCH /api/v1/accountInfo` body and the name step's form: first and last name (2–50 characters each) and,
 * for an account that has no e-mail yet, the e-mail its receipts go to.
 */
export const accountNameBodySchema = z.object({
  firstName: firstNameSchema,
  lastName: lastNameSchema,
  email: emailSchema.optional(),
});
export type AccountNameInput = z.input<typeof accountNameBodySchema>;
export type AccountNameBody = z.output<typeof accountNameBodySchema>;
