/**
 * An admin list's filters in the address (`/admin/orders?status=shipped&page=2`), so Back returns to the same
 * list: read with the zod schema the server's route validates its query string with (src/shared), so the
 * screen and the server agree on every name, default and limit. A value the schema refuses (an address typed
 * by hand) is left out, and the list shows without it.
 */
import { useSearchParams } from 'react-router';
import type { z } from 'zod';

/** A query-string schema of src/shared: an object whose every field is optional or has a default. */
type QuerySchema = z.ZodObject;

/**
 * The filters `schema` reads from `params` (keys of the schema only); a refused value is dropped.
 * @throws {z.ZodError} only when the schema refuses the address without any value, which a query-string schema
 *   (every field optional or defaulted) never does.
 */
export function filtersFromUrl<Schema extends QuerySchema>(
  schema: Schema,
  params: URLSearchParams,
): z.output<Schema> {
  const values: Record<string, string> = {};
  for (const key of Object.keys(schema.shape)) {
    const value = params.get(key);
    if (value !== null && value !== '') values[key] = value;
  }
  const parsed = schema.safeParse(values);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) delete values[String(issue.path[0])];
  return schema.parse(values);
}

/** The changes to the address: a name → its new value, or undefined (or '') to remove it. */
export type FilterChanges = Record<string, string | undefined>;

/**
 * The list's filters from the address, and the function that changes them. Any change but the page's
 * goes back to page 1.
 */
export function useUrlFilters<Schema extends QuerySchema>(
  schema: Schema,
): [z.output<Schema>, (changes: FilterChanges) => void] {
  const [params, setParams] = useSearchParams();
  const change = (changes: FilterChanges) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    if (!('page' in changes)) next.delete('page');
    setParams(next);
  };
  return [filtersFromUrl(schema, params), change];
}
