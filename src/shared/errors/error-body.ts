/**
 * The body of every error answer of the API, shared by the server (which writes it in one error handler) and
 * the client (which parses it in one place and puts `fields` into form errors).
 */
import { z } from 'zod';

/**
 * `{ error, fields? }`: `error` is a sentence for people; `fields` maps a field or parameter name (dotted path,
 * e.g. `shippingAddress.postalCode`) to what is wrong with it.
 */
export const errorBodySchema = z.object({
  error: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});

export type ErrorBody = z.infer<typeof errorBodySchema>;

/** Where an invalid value was found, as named in the error sentence. */
export type InvalidPlace = 'field' | 'query parameter' | 'path parameter' | 'header';

/**
 * The sentence of a validation error: `Invalid field: email`, `Invalid query parameters: page, limit`.
 * @param names the invalid names, in the order they were found (at least one).
 */
export function invalidFieldsMessage(place: InvalidPlace, names: readonly string[]): string {
  return `Invalid ${place}${names.length > 1 ? 's' : ''}: ${names.join(', ')}`;
}
