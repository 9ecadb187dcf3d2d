/**
 * Search-box suggestions as a TanStack `queryOptions()`: `GET /api/v1/search/suggest?q=` answers up to 8
 * products and 3 category / sub-category pairs for the text typed so far (prices in rupees).
 */
import { queryOptions } from '@tanstack/react-query';
import { suggestResponseSchema } from '@shared/search/search-schemas';
import { apiRequest } from '@client/lib/api-client';

/** Suggestions for `q` (trimmed by the caller; the server refuses an empty or over-100-character text). */
export const suggestQueryOptions = (q: string) =>
  queryOptions({
    queryKey: ['search', 'suggest', q],
    queryFn: ({ signal }) =>
      apiRequest('/search/suggest', { query: { q }, signal, schema: suggestResponseSchema }),
    staleTime: 60_000,
  });
