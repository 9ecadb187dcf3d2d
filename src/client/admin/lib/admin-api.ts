/**
 * The admin's session on the one API client (lib/api-client.ts): its own bearer token, kept in `localStorage`
 * apart from the shopper's cookie of the storefront. The admin's page passes it to the client at start
 * (main.tsx, {@link adminApiSession}), so every `apiRequest('/admin/…')`, download and upload of the admin
 * carries it, and a 401 drops it and tells the session (which shows the sign-in screen).
 */
import type { ApiSession } from '@client/lib/api-client';

const TOKEN_KEY = 'resham-admin-token';

export function readAdminToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

export function writeAdminToken(token: string | null): void {
  try {
    if (token) localStorage.setItem(TOKEN_KEY, token);
    else localStorage.removeItem(TOKEN_KEY);
  } catch {
    // Private mode without storage: the session lasts as long as the page.
  }
}

let onSignedOut: () => void = () => undefined;
/** Called when the server answers 401 (the session ended or was revoked). */
export function whenSignedOut(listener: () => void): void {
  onSignedOut = listener;
}

/** The admin's token source for `setApiSession`: a 401 forgets the token and tells the session. */
export const adminApiSession: ApiSession = {
  token: readAdminToken,
  signedOut: () => {
    writeAdminToken(null);
    onSignedOut();
  },
};
