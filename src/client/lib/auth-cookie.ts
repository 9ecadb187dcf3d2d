/**
 * The session token cookie (docs/product.md §4 "Session", §9): `auth_token`, 30 days, path /, SameSite=Lax, Secure on
 * https. The client sets it after sign-in and sends it as `Authorization: Bearer`; the server never reads it.
 */
export const AUTH_COOKIE = 'auth_token';
const THIRTY_DAYS_IN_SECONDS = 30 * 24 * 60 * 60;

export function readAuthToken(): string | null {
  if (typeof document === 'undefined') return null;
  const match = document.cookie.split('; ').find((part) => part.startsWith(`${AUTH_COOKIE}=`));
  return match ? decodeURIComponent(match.slice(AUTH_COOKIE.length + 1)) : null;
}

export function writeAuthToken(token: string): void {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${AUTH_COOKIE}=${encodeURIComponent(token)}; Max-Age=${THIRTY_DAYS_IN_SECONDS}; Path=/; SameSite=Lax${secure}`;
}

export function removeAuthToken(): void {
  document.cookie = `${AUTH_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`;
}
