/**
 * The signed-in user's account (docs/product.md §3 "User", §7 `GET /accountInfo`), read by the account page, the
 * checkout (to prefill the name) and order tracking (to prefill the e-mail). It sends the bearer token, so it
 * lives under the session key and is dropped when the user signs in or out.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { accountInfoSchema } from '@shared/accounts/account-schemas';
import { apiRequest } from '@client/lib/api-client';
import { retryUnlessClientError } from '@client/lib/query-retry';
import { SESSION_QUERY_KEY } from '@client/lib/query-keys';
import { useSession } from './session-context';

/**
 * `GET /accountInfo` answers the shared account info, bare or wrapped in `data` (docs/product.md §3 "User"); both read
 * the same. Blank names or e-mail show the account page's placeholders.
 */
export const accountInfoAnswerSchema = z.union([
  accountInfoSchema,
  z.object({ data: accountInfoSchema }).transform((answer) => answer.data),
]);

/** `GET /accountInfo` as a query. Enable it only while signed in (see {@link useAccountInfo}). */
export const accountInfoQueryOptions = () =>
  queryOptions({
    queryKey: [...SESSION_QUERY_KEY, 'accountInfo'],
    queryFn: ({ signal }) => apiRequest('/accountInfo', { signal, schema: accountInfoAnswerSchema }),
    retry: retryUnlessClientError,
    staleTime: 60_000,
  });

/** The signed-in user's account info; idle while signed out. */
export function useAccountInfo() {
  const { isAuthenticated } = useSession();
  return useQuery({ ...accountInfoQueryOptions(), enabled: isAuthenticated });
}
