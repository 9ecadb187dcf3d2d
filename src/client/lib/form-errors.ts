/**
 * The one way a form shows what the server refused: an error answer's `fields` (read by `apiErrorFrom` in
 * api-client.ts) go into the form's errors with react-hook-form's `setError`, under the inputs they name;
 * what names no input is left for the form's `<FormError>` or a toast. Kept apart from api-client.ts, which
 * is on the home page's first load, because only the lazy form pages use it.
 */
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client';

/**
 * Which form field a key of the answer's `fields` names (after `prefix`): a list of the form's fields, one of
 * which the key names exactly, or a function from the key to its field (undefined: no field of the form), for
 * keys that name a part of a field (`zones.0.pinPrefixes.2` → the zone's PIN prefix text) or a form without a
 * fixed list of fields.
 */
export type FieldsOfForm<Form extends FieldValues> =
  readonly Path<Form>[] | ((key: string) => Path<Form> | undefined);

/**
 * Puts an error answer's `fields` into a react-hook-form with `setError`, focusing the first field it sets.
 * A key names a form field directly (`email`) or after `prefix` (`shippingAddress.city` with prefix
 * `shippingAddress.`); keys of no field in `formFields` are left for the caller. A form kept in plain state
 * (not react-hook-form) passes its own `setError` that stores the message.
 * @param message turns the server's text into the one shown (e.g. 'is required' → 'City is required'); it also
 *   gets the key as the server sent it.
 * @returns `shown`: the fields that got a message; `rest`: the entries no form field took (e.g.
 *   `products.<id>` problems). Both empty for an error that is not an {@link ApiError}.
 */
export function setFieldErrors<Form extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<Form>,
  formFields: FieldsOfForm<Form>,
  {
    prefix = '',
    message = (_field: Path<Form>, text: string, _key: string) => text,
  }: { prefix?: string; message?: (field: Path<Form>, text: string, key: string) => string } = {},
): { shown: Path<Form>[]; rest: [string, string][] } {
  const shown: Path<Form>[] = [];
  const rest: [string, string][] = [];
  if (!(error instanceof ApiError)) return { shown, rest };
  for (const [key, text] of Object.entries(error.fields)) {
    const name = prefix && key.startsWith(prefix) ? key.slice(prefix.length) : key;
    const field =
      typeof formFields === 'function'
        ? formFields(name)
        : formFields.find((candidate) => candidate === name);
    if (!field) {
      rest.push([key, text]);
      continue;
    }
    setError(
      field,
      { type: 'server', message: message(field, text, key) },
      { shouldFocus: shown.length === 0 },
    );
    shown.push(field);
  }
  return { shown, rest };
}
