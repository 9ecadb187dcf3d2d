/**
 * The admin's session: the bearer token of `POST /admin/sign-in` (its own, apart from the shopper's), the
 * signed-in member (`GET /admin/me`: e-mail, role, store) and signing out (the session is revoked on the
 * server). Signing in or out drops every cached admin answer.
 */
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, use, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { adminMeSchema, type AdminMe } from '@shared/admin/admin-schemas';
import { apiRequest } from '@client/lib/api-client';
import { readAdminToken, whenSignedOut, writeAdminToken } from './admin-api';

/** Every admin answer is cached under this key, dropped on sign-in and sign-out. */
export const ADMIN_QUERY_KEY = ['admin'] as const;

export const adminMeQuery = () =>
  queryOptions({
    queryKey: [...ADMIN_QUERY_KEY, 'me'],
    queryFn: () => apiRequest('/admin/me', { schema: adminMeSchema }),
    staleTime: 5 * 60_000,
  });

type AdminSession = {
  token: string | null;
  me: AdminMe | undefined;
  signIn(token: string): void;
  signOut(): Promise<void>;
};

const SessionContext = createContext<AdminSession | null>(null);

export function AdminSessionProvider({ children }: { children: ReactNode }) {
  const client = useQueryClient();
  const [token, setToken] = useState(readAdminToken);
  const me = useQuery({ ...adminMeQuery(), enabled: token !== null });

  useEffect(() => {
    whenSignedOut(() => {
      setToken(null);
      client.removeQueries({ queryKey: ADMIN_QUERY_KEY });
    });
  }, [client]);

  const signIn = useCallback(
    (next: string) => {
      client.removeQueries({ queryKey: ADMIN_QUERY_KEY });
      writeAdminToken(next);
      setToken(next);
    },
    [client],
  );
  const signOut = useCallback(async () => {
    const current = readAdminToken();
    writeAdminToken(null);
    setToken(null);
    client.removeQueries({ queryKey: ADMIN_QUERY_KEY });
    // The token is forgotten already, so the call names it itself; signing out here never fails.
    if (current) {
      await apiRequest('/users/logout', {
        method: 'POST',
        headers: { Authorization: `Bearer ${current}` },
      }).catch(() => undefined);
    }
  }, [client]);

  const value = useMemo(() => ({ token, me: me.data, signIn, signOut }), [token, me.data, signIn, signOut]);
  return <SessionContext value={value}>{children}</SessionContext>;
}

export function useAdminSession(): AdminSession {
  const session = use(SessionContext);
  if (!session) throw new Error('useAdminSession outside AdminSessionProvider');
  return session;
}
