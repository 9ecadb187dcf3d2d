/**
 * The session and account texts (docs/product.md §5, §8 "Session and account") and the pure rules that pick
 * them: error descriptions, the token check, the register session-layer check and the return path after
 * sign-in. No React, no DOM: unit-tested in account-messages.test.ts.
 */
import {
  authorizeResponseSchema,
  type RegisterFormValues,
  type RegisterRequest,
} from '@shared/accounts/account-schemas';
import { ApiError } from '@client/lib/api-client';
import { errorText, FAILURE_TEXT } from '@client/lib/error-text';

/** docs/product.md §8 "Success toasts". */
export const SIGN_IN_SUCCESS = 'Logged in successfully.';
/** docs/product.md §5 "Sign-in": a 2xx answer without a token. */
export const TOKEN_MISSING = 'Authentication failed: Token is missing in the response';
/** docs/product.md §8: the sign-in failure toast's title; every sign-in failure shows this toast. */
export const SIGN_IN_ERROR_TITLE = 'Error';
export const SIGN_IN_FAILED = 'Failed to login. Please check your credentials.';

/** docs/product.md §8 success toast after registering (then /login opens with the e-mail prefilled). */
export const REGISTER_SUCCESS = 'Account created successfully. You can now log in.';
export const REGISTER_ERROR_TITLE = 'Registration Error';
export const REGISTER_FAILED = 'Failed to register. Please try again.';
/** docs/product.md §2 "Register": the advice to prefer common e-mail providers. */
export const EMAIL_PROVIDER_ADVICE =
  'For best results, use a common e-mail provider such as Gmail or Outlook.';
/** docs/product.md §5 "Register (session layer)". */
export const INVALID_EMAIL_TITLE = 'Invalid Email';
export const INVALID_EMAIL_DESCRIPTION = 'Please enter a valid email address.';

/** docs/product.md §2 "Account": the Sign Out toast. */
export const LOGOUT_TITLE = 'Logged out';
export const LOGOUT_DESCRIPTION = 'You have been successfully logged out.';
/** docs/product.md §8: a failed logout call (the user is signed out locally anyway). */
export const LOGOUT_FAILED = 'Failed to log out properly.';
/** docs/product.md §8: the account load failure's base text. */
export const ACCOUNT_LOAD_FAILED = 'Failed to load account information';
export const ACCOUNT_ERROR_TITLE = 'Error';

/**
 * The sign-in failure toast's description (docs/product.md §8): the server's `error` field; else, for an answer without
 * one, 'Failed to login. Please check your credentials.'; with no response (status 0), 'No response from
 * server. Please try again later.'; for any other failure (e.g. the missing token) its message.
 */
export function signInErrorDescription(error: unknown): string {
  return errorText(error, SIGN_IN_FAILED);
}

/** A forgot-password or reset failure that the server did not explain (e.g. a 500 without a body). */
export const PASSWORD_RESET_FAILED = FAILURE_TEXT;

/**
 * The one message of a failed forgot-password or reset call that named no form field: 'No response from
 * server. Please try again later.' when none arrived, else the server's `error` (e.g. the invalid-link or
 * rate-limit sentence), else {@link PASSWORD_RESET_FAILED}.
 */
export function passwordResetFailureMessage(error: unknown): string {
  return errorText(error instanceof ApiError ? error : null, PASSWORD_RESET_FAILED);
}

/**
 * True when a failed reset says the link itself is unusable (400 without a field: unknown, used or expired
 * token), so the screen offers a new link instead of the form.
 */
export function isInvalidResetLink(error: unknown): boolean {
  return error instanceof ApiError && error.status === 400 && Object.keys(error.fields).length === 0;
}

/** The registration failure toast's description (docs/product.md §8): the server's `error` field, else the fallback. */
export function registerErrorDescription(error: unknown): string {
  return (error instanceof ApiError && error.serverMessage) || REGISTER_FAILED;
}

/**
 * The account load failure text (docs/product.md §8): 'Failed to load account information' plus ' (Status: {code})'
 * when a response arrived, ' (No response received)' when none did, or ': {message}' for any other error.
 */
export function accountLoadErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    return error.status === 0
      ? `${ACCOUNT_LOAD_FAILED} (No response received)`
      : `${ACCOUNT_LOAD_FAILED} (Status: ${error.status})`;
  }
  if (error instanceof Error && error.message) return `${ACCOUNT_LOAD_FAILED}: ${error.message}`;
  return ACCOUNT_LOAD_FAILED;
}

/**
 * The token of a `POST /users/authorize` answer, read through the shared `authorizeResponseSchema`.
 * @throws {Error} 'Authentication failed: Token is missing in the response' when there is no non-empty token.
 */
export function tokenFromResponse(body: unknown): string {
  const answer = authorizeResponseSchema.safeParse(body);
  if (!answer.success || answer.data.token === '') throw new Error(TOKEN_MISSING);
  return answer.data.token;
}

/** docs/product.md §5 "Register (session layer)": a simple address pattern without spaces. */
export const SIMPLE_EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The session-layer step before `POST /users/register` (docs/product.md §5): the e-mail is trimmed and lower-cased and
 * must match {@link SIMPLE_EMAIL_PATTERN}; otherwise nothing is sent (the caller shows 'Invalid Email').
 * `confirmPassword` is not sent.
 */
export function prepareRegistration(
  values: Pick<RegisterFormValues, 'firstName' | 'lastName' | 'email' | 'password'>,
): { ok: true; request: RegisterRequest } | { ok: false } {
  const email = values.email.trim().toLowerCase();
  if (!SIMPLE_EMAIL_PATTERN.test(email)) return { ok: false };
  return {
    ok: true,
    request: { firstName: values.firstName, lastName: values.lastName, email, password: values.password },
  };
}

/**
 * Where to go after signing in (docs/product.md §2 "Sign-in"): `state.from` when it is a path of this site, else '/'.
 * Another origin ('//host', 'https://…') and the sign-in and register screens themselves give '/'.
 */
export function returnPathFrom(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//') || from.startsWith('/\\')) {
    return '/';
  }
  const path = from.split(/[?#]/)[0];
  return path === '/login' || path === '/register' ? '/' : from;
}

/** The remembered origin to carry between /login and /register, when there is one. */
export function rememberedFrom(state: unknown): string | undefined {
  const path = returnPathFrom(state);
  return path === '/' ? undefined : path;
}

/** The e-mail the register screen hands to /login in navigation state, to prefill the sign-in form. */
export function prefilledEmail(state: unknown): string {
  const email = (state as { email?: unknown } | null)?.email;
  return typeof email === 'string' ? email : '';
}
