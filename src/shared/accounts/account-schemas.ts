import { z } from 'zod';

/**
 * Customer accounts: the zod schemas shared by the sign-in and register forms and by the `/api/v1/users/*`
 * and `/api/v1/accountInfo` routes, requests and answers (docs/product.md §3 "User", §5 "Sign-in" / "Register", §7).
 * Message texts quoted in docs/product.md are copied exactly.
 */

/** docs/product.md §5 / §9: minimum password length. */
export const PASSWORD_MIN_LENGTH = 6;
/** Longest accepted password (keeps argon2's input small). */
export const PASSWORD_MAX_LENGTH = 128;
/** docs/product.md §9: minimum first and last name length. */
export const NAME_MIN_LENGTH = 2;
/** Longest accepted first or last name. */
export const NAME_MAX_LENGTH = 50;
/** RFC 5321 path limit: longest accepted e-mail address. */
export const EMAIL_MAX_LENGTH = 254;

/** docs/product.md §5 message texts (exact). */
export const accountMessages = {
  invalidEmail: 'Invalid email address',
  passwordTooShort: 'Password must be at least 6 characters',
  passwordTooLong: 'Password must be at most 128 characters',
  passwordRequired: 'Password is required',
  firstNameTooShort: 'First name must be at least 2 characters',
  firstNameTooLong: 'First name must be at most 50 characters',
  lastNameTooShort: 'Last name must be at least 2 characters',
  lastNameTooLong: 'Last name must be at most 50 characters',
  passwordsDoNotMatch: 'Passwords do not match',
} as const;

/** A required text field whose "missing" and "not text" messages are `missingMessage`. */
const text = (missingMessage: string) => z.string({ error: missingMessage });

/**
 * E-mail as both forms and the API read it: trimmed, lower-cased, then checked for an address shape
 * ('Invalid email address', docs/product.md §5) and at most 254 characters, so one address has one account per store.
 */
export const emailSchema = text(accountMessages.invalidEmail)
  .trim()
  .toLowerCase()
  .pipe(z.email(accountMessages.invalidEmail).max(EMAIL_MAX_LENGTH, accountMessages.invalidEmail));

/** A new password: 6–128 characters (docs/product.md §5). Not trimmed: spaces are part of a password. */
export const newPasswordSchema = text(accountMessages.passwordTooShort)
  .min(PASSWORD_MIN_LENGTH, accountMessages.passwordTooShort)
  .max(PASSWORD_MAX_LENGTH, accountMessages.passwordTooLong);

const nameSchema = (tooShort: string, tooLong: string) =>
  text(tooShort).trim().min(NAME_MIN_LENGTH, tooShort).max(NAME_MAX_LENGTH, tooLong);

/** First name: trimmed, 2–50 characters (docs/product.md §5 "Register"). */
export const firstNameSchema = nameSchema(
  accountMessages.firstNameTooShort,
  accountMessages.firstNameTooLong,
);
/** Last name: trimmed, 2–50 characters (docs/product.md §5 "Register"). */
export const lastNameSchema = nameSchema(accountMessages.lastNameTooShort, accountMessages.lastNameTooLong);

/**
 * The sign-in screen (docs/product.md §5 "Sign-in"): `{ email, password (≥ 6), rememberMe? }`.
 * Output: e-mail trimmed and lower-cased.
 */
export const signInFormSchema = z.object({
  email: emailSchema,
  password: text(accountMessages.passwordTooShort)
    .min(PASSWORD_MIN_LENGTH, accountMessages.passwordTooShort)
    .max(PASSWORD_MAX_LENGTH, accountMessages.passwordTooLong),
  rememberMe: z.boolean().optional(),
});
export type SignInFormInput = z.input<typeof signInFormSchema>;
export type SignInFormValues = z.output<typeof signInFormSchema>;

/**
 * The register screen (docs/product.md §5 "Register (screen)"): names ≥ 2, e-mail and password as for sign-in, and
 * `confirmPassword` equal to `password` ('Passwords do not match' on confirmPassword). The match is checked
 * even while other fields still have problems, so every message shows at once.
 */
export const registerFormSchema = z
  .object({
    firstName: firstNameSchema,
    lastName: lastNameSchema,
    email: emailSchema,
    password: newPasswordSchema,
    confirmPassword: z.string({ error: accountMessages.passwordsDoNotMatch }),
  })
  .refine((values) => values.password === values.confirmPassword, {
    message: accountMessages.passwordsDoNotMatch,
    path: ['confirmPassword'],
    when: (payload) => {
      const value = payload.value as { password?: unknown; confirmPassword?: unknown } | null;
      return typeof value?.password === 'string' && typeof value.confirmPassword === 'string';
    },
  });
export type RegisterFormInput = z.input<typeof registerFormSchema>;
export type RegisterFormValues = z.output<typeof registerFormSchema>;

/**
 * `POST /api/v1/users/register` body (docs/product.md §7): names trimmed 2–50, e-mail trimmed and
 * lower-cased, password 6–128. Unknown fields (e.g. `role`) are stripped, so they change nothing.
 */
export const registerBodySchema = z.object({
  firstName: firstNameSchema,
  lastName: lastNameSchema,
  email: emailSchema,
  password: newPasswordSchema,
});
export type RegisterBody = z.output<typeof registerBodySchema>;
/** What the client sends to register (before the server's trimming). */
export type RegisterRequest = z.input<typeof registerBodySchema>;

/**
 * `POST /api/v1/users/authorize` body (docs/product.md §7): `{ email, password }`. Any non-empty password up to 128
 * characters is checked against the account, so a wrong one is a 401 like an unknown e-mail.
 */
export const authorizeBodySchema = z.object({
  email: emailSchema,
  password: text(accountMessages.passwordRequired)
    .min(1, accountMessages.passwordRequired)
    .max(PASSWORD_MAX_LENGTH, accountMessages.passwordTooLong),
});
export type AuthorizeBody = z.output<typeof authorizeBodySchema>;

/** `POST /api/v1/users/authorize` answer: an opaque token (32 random bytes, base64url: 43 characters). */
export const authorizeResponseSchema = z.object({ token: z.string() });
export type AuthorizeResponse = z.infer<typeof authorizeResponseSchema>;

/**
 * `GET /api/v1/accountInfo` answer and `POST /api/v1/users/register` answer (docs/product.md §3 "User"):
 * `createdAt` is an ISO 8601 timestamp. An account made by signing in with a code (docs/messages.md "Sign in
 * with an OTP") has `phone` (E.164) and no `email` (null) until the shopper gives one, and empty names until the
 * name step. Never a password or token hash.
 */
export const accountInfoSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  createdAt: z.string(),
  /** 'Send me order updates on WhatsApp' is on (docs/messages.md "Consent"). */
  whatsappOptIn: z.boolean(),
});
export type AccountInfo = z.infer<typeof accountInfoSchema>;

/** `POST /api/v1/users/register` answer (201): the new account, in the `GET /accountInfo` shape. */
export const registerResponseSchema = accountInfoSchema;
export type RegisterResponse = z.infer<typeof registerResponseSchema>;

/** `POST /api/v1/users/logout` answer: 204 with no body. */
export const logoutResponseSchema = z.null();

/** The shape of a session token (32 random bytes in unpadded base64url: 43 characters). */
export const SESSION_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** Password reset texts (docs/product.md §2.19). */
export const passwordResetMessages = {
  /** The one answer to a reset request, whether or not the e-mail has an account. */
  requested:
    'If an account exists for this email, we have sent a link to reset your password. The link is valid for 30 minutes.',
  /** A reset with an unknown, used or expired token, or one of another store. */
  invalidLink: 'This reset link is invalid or has expired. Please request a new one.',
  /** The answer to a successful reset; the sign-in screen shows it too. */
  done: 'Your password has been reset. Please sign in with your new password.',
} as const;

/** The shape of a reset token: 32 random bytes in unpadded base64url (43 characters), as in a session token. */
export const RESET_TOKEN_PATTERN = SESSION_TOKEN_PATTERN;

/**
 * `POST /api/v1/users/forgot-password` body and the forgot-password form: `{ email }`, trimmed and lower-cased
 * ('Invalid email address', docs/product.md §5).
 */
export const forgotPasswordBodySchema = z.object({ email: emailSchema });
export type ForgotPasswordBody = z.output<typeof forgotPasswordBodySchema>;
export type ForgotPasswordInput = z.input<typeof forgotPasswordBodySchema>;

/** `POST /api/v1/users/forgot-password` answer (200): always `{ message: passwordResetMessages.requested }`. */
export const forgotPasswordResponseSchema = z.object({ message: z.string() });
export type ForgotPasswordResponse = z.infer<typeof forgotPasswordResponseSchema>;

/**
 * `POST /api/v1/users/reset-password` body: the token from the link and the new password (6–128 characters,
 * docs/product.md §5). A token of any other shape is refused like an unknown one (400 with
 * `passwordResetMessages.invalidLink`), by the service, so the answer does not tell shapes apart.
 */
export const resetPasswordBodySchema = z.object({
  token: z.string({ error: passwordResetMessages.invalidLink }),
  password: newPasswordSchema,
});
export type ResetPasswordBody = z.output<typeof resetPasswordBodySchema>;

/** `POST /api/v1/users/reset-password` answer (200): `{ message: passwordResetMessages.done }`. */
export const resetPasswordResponseSchema = z.object({ message: z.string() });
export type ResetPasswordResponse = z.infer<typeof resetPasswordResponseSchema>;

/**
 * The reset-password screen: the new password (rules of the register screen, docs/product.md §5) and its confirmation
 * ('Passwords do not match' on confirmPassword).
 */
export const resetPasswordFormSchema = z
  .object({
    password: newPasswordSchema,
    confirmPassword: z.string({ error: accountMessages.passwordsDoNotMatch }),
  })
  .refine((values) => values.password === values.confirmPassword, {
    message: accountMessages.passwordsDoNotMatch,
    path: ['confirmPassword'],
    when: (payload) => {
      const value = payload.value as { password?: unknown; confirmPassword?: unknown } | null;
      return typeof value?.password === 'string' && typeof value.confirmPassword === 'string';
    },
  });
export type ResetPasswordFormInput = z.input<typeof resetPasswordFormSchema>;
export type ResetPasswordFormValues = z.output<typeof resetPasswordFormSchema>;

/**
 * `PUT /api/v1/account/whatsapp-opt-in` body (docs/messages.md "Consent"): turns 'Send me order updates on
 * WhatsApp' on or off for the account and its numbers; answers the account info.
 */
export const whatsappOptInBodySchema = z.strictObject({
  optIn: z.boolean({ error: 'Please choose whether to get order updates on WhatsApp' }),
});
export type WhatsappOptInBody = z.infer<typeof whatsappOptInBodySchema>;
