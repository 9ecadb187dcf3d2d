/**
 * The signed-in user's account (spec §3 "User", §7 `GET /accountInfo`), read by the account page, the
 * checkout (to prefill the name) and order tracking (to prefill the e-mail). It sends the bearer token, so it
 * lives under the session key and is dropped when the user signs in or out.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AccountInfo } from '@shared/users/user-schemas';
import { apiRequest, retryUnlessClientError } from '@client/lib/api-client';
import { SESSION_QUERY_KEY } from '@client/lib/query-keys';
import { useSession } from './session-context';

/**
 * The account fields of a `GET /accountInfo` answer, wrapped in `data` or bare (spec §3 "User"). Fields that
 * are missing or not text are left out; the page shows placeholders for them.
 */
export function unwrapAccountInfo(body: unknown): Partial<AccountInfo> {
  const outer = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const inner =
    outer.data && typeof outer.data === 'object' ? (outer.data as Record<string, unknown>) : outer;
  const info: Partial<AccountInfo> = {};
  for (const key of ['firstName', 'lastName', 'email', 'createdAt'] as const) {
    const value = inner[key];
    if (typeof value === 'string' && value.trim() !== '') info[key] = value;
  }
  return info;
}

/**
 * `GET /accountInfo` as a query: `{ firstName?, lastName?, email?, createdAt? }`, from a bare or a
 * `data`-wrapped answer (spec §3 "User"). Enable it only while signed in (see {@link useAccountInfo}).
 */
export const accountInfoQueryOptions = () =>
  queryOptions({
    queryKey: [...SESSION_QUERY_KEY, 'accountInfo'],
    queryFn: async ({ signal }): Promise<Partial<AccountInfo>> =>
      unwrapAccountInfo(await apiRequest<unknown>('/accountInfo', { signal })),
    retry: retryUnlessClientError,
    staleTime: 60_000,
  });

/** The signed-in user's account info; idle while signed out. */
export function useAccountInfo() {
  const { isAuthenticated } = useSession();
  return useQuery({ ...accountInfoQueryOptions(), enabled: isAuthenticated });
}
