/**
 * The session (docs/product.md §4 "Session", §6): a user counts as signed in when the `auth_token` cookie exists; it
 * is not validated on load. Any 401 from the API removes the cookie and signs the user out here. Signing in
 * or out also drops the cached data of the previous user (queries under the `['session']` key).
 */
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { onUnauthorized } from '@client/lib/api-client';
import { readAuthToken, removeAuthToken, writeAuthToken } from '@client/lib/auth-cookie';
import { SESSION_QUERY_KEY } from '@client/lib/query-keys';
import { useHydrated } from '@client/lib/server-html';

type SessionContextValue = {
  token: string | null;
  isAuthenticated: boolean;
  /** True while the session state is still being read; guarded routes render nothing then. */
  isLoading: boolean;
  /** Stores the token from a successful sign-in. */
  signIn(token: string): void;
  /** Clears the token locally (the caller revokes it on the server). */
  signOut(): void;
};

const SessionContext = createContext<SessionContextValue | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  // The cookie is read synchronously, so the session is never "loading" in this client. A server-rendered
  // page is drawn signed out, and so is its hydrating render; the cookie shows right after.
  const [token, setToken] = useState<string | null>(() => readAuthToken());
  const shownToken = useHydrated() ? token : null;

  // Drop the previous user's data once a token change has been committed (not before: a page still on
  // screen would fetch it again without a token).
  const committedToken = useRef(token);
  useEffect(() => {
    if (committedToken.current === token) return;
    committedToken.current = token;
    queryClient.removeQueries({ queryKey: SESSION_QUERY_KEY });
  }, [token, queryClient]);

  useEffect(() => onUnauthorized(() => setToken(null)), []);

  const signIn = useCallback((next: string) => {
    writeAuthToken(next);
    setToken(next);
  }, []);
  const signOut = useCallback(() => {
    removeAuthToken();
    setToken(null);
  }, []);

  const value = useMemo(
    () => ({ token: shownToken, isAuthenticated: shownToken !== null, isLoading: false, signIn, signOut }),
    [shownToken, signIn, signOut],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside SessionProvider');
  return value;
}
