/**
 * The data a server-rendered page was drawn with, handed to the browser for hydration: a JSON array of
 * `[queryKey, data, updatedAt (ms since epoch)]` in `<script type="application/json" id="page-data">`. The
 * browser puts each entry into its query cache before hydrating, so its first render shows the same data
 * as the HTML and fetches nothing the server already loaded.
 */
import type { QueryClient, QueryKey } from '@tanstack/react-query';

/** The id of the script element carrying the page's data. */
export const PAGE_DATA_ELEMENT_ID = 'page-data';

/** One loaded query: its key, its answer, and when it was loaded (ms since epoch). */
export type PageDataEntry = [queryKey: QueryKey, data: unknown, updatedAt: number];

/**
 * The successful queries of a server render, as the JSON of the page-data script (with `<` escaped); `lean`
 * may drop from a query's data what the page's first render does not show (./lean-page-data.ts).
 */
export function pageDataJson(
  queryClient: QueryClient,
  lean: (queryKey: QueryKey, data: unknown) => unknown = (_queryKey, data) => data,
): string {
  const entries: PageDataEntry[] = queryClient
    .getQueryCache()
    .getAll()
    .filter((query) => query.state.status === 'success')
    .map((query) => [query.queryKey, lean(query.queryKey, query.state.data), query.state.dataUpdatedAt]);
  return JSON.stringify(entries).replace(/</g, '\\u003c');
}

/** Puts a server render's queries into the browser's cache; `json` is the page-data script's text. */
export function restorePageData(queryClient: QueryClient, json: string): void {
  for (const [queryKey, data, updatedAt] of JSON.parse(json) as PageDataEntry[])
    queryClient.setQueryData(queryKey, data, { updatedAt });
}
