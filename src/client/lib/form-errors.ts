/**
 * The one way a form shows what the server refused: an error answer's `fields` (read by `apiErrorFrom` in
 * api-client.ts) go into react-hook-form's errors with `setError`, under the inputs they name. Kept apart from
 * api-client.ts, which is on the home page's first load, because only the lazy form pages use it.
 */
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client';

/**
 * Puts an error answer's `fields` into a react-hook-form with `setError`, focusing the first field it sets.
 * A key names a form field directly (`email`) or after `prefix` (`shippingAddress.city` with prefix
 * `shippingAddress.`); keys of no field in `formFields` are left for the caller.
 * @param message turns the server's text into the one shown (e.g. 'is required' → 'City is required').
 * @returns `shown`: the fields that got a message; `rest`: the entries no form field took (e.g.
 *   `products.<id>` problems). Both empty for an error that is not an {@link ApiError}.
 */
export function setFieldErrors<Form extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<Form>,
  formFields: readonly Path<Form>[],
  { prefix = '', message = (_field: Path<Form>, text: string) => text } = {},
): { shown: Path<Form>[]; rest: [string, string][] } {
  const shown: Path<Form>[] = [];
  const rest: [string, string][] = [];
  if (!(error instanceof ApiError)) return { shown, rest };
  for (const [key, text] of Object.entries(error.fields)) {
    const name = prefix && key.startsWith(prefix) ? key.slice(prefix.length) : key;
    const field = formFields.find((candidate) => candidate === name);
    if (!field) {
      rest.push([key, text]);
      continue;
    }
    setError(field, { type: 'server', message: message(field, text) }, { shouldFocus: shown.length === 0 });
    shown.push(field);
  }
  return { shown, rest };
}
