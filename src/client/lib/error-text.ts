/**
 * The one way a screen turns anything thrown into the text it shows (in `<FormError>`, `<Alert>` or a toast).
 * Kept apart from api-client.ts, which is on the home page's first load, because only screens that have
 * failed need it.
 */
import { ApiError, InvalidResponseError } from './api-client';

/** No answer arrived (offline, or the server is down): docs/product.md §8. */
export const NO_RESPONSE_TEXT = 'No response from server. Please try again later.';
/** A failure that carries no text of its own, when the screen gives no fallback either. */
export const FAILURE_TEXT = 'Something went wrong. Please try again.';

/**
 * The text to show for `error`:
 * - an {@link ApiError}: 'No response from server. Please try again later.' when no answer arrived; else the
 *   server's `error` sentence, else `fallback`, else 'Request failed with status {status}';
 * - an {@link InvalidResponseError} (the answer left the contract): `fallback`, else its message naming the
 *   call and the field (which the admin shows, and a shopper's screen replaces with its fallback);
 * - any other `Error` with a message (one our code throws to be shown, e.g. 'Authentication failed: Token is
 *   missing in the response'): its message;
 * - anything else: `fallback`, else 'Something went wrong. Please try again.'.
 */
export function errorText(error: unknown, fallback?: string): string {
  if (error instanceof ApiError) {
    if (error.status === 0) return NO_RESPONSE_TEXT;
    return error.serverMessage ?? fallback ?? error.message;
  }
  if (error instanceof InvalidResponseError) return fallback ?? error.message;
  if (error instanceof Error && error.message) return error.message;
  return fallback ?? FAILURE_TEXT;
}

/**
 * True for a server refusal that names fields (`{ error, fields }`): lib/form-errors.ts shows those under the
 * form's inputs, so the form's own error line stays empty.
 */
export function namesFields(error: unknown): error is ApiError {
  return error instanceof ApiError && Object.keys(error.fields).length > 0;
}
