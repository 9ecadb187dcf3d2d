/**
 * Guard for signed-in-only routes (docs/product.md §2 "Route table", §6): renders nothing while the session loads,
 * redirects an anonymous user to /login remembering the origin in navigation state (`state.from`).
 */
import { Navigate, Outlet, useLocation } from 'react-router';
import type { LoginRedirectState } from '@client/lib/session/login-redirect';
import { useSession } from '@client/lib/session/session-context';

export function RequireAuth() {
  const { isAuthenticated, isLoading } = useSession();
  const location = useLocation();
  if (isLoading) return null;
  if (!isAuthenticated) {
    const state: LoginRedirectState = { from: `${location.pathname}${location.search}` };
    return <Navigate to="/login" replace state={state} />;
  }
  return <Outlet />;
}
