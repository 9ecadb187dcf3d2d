/**
 * Sign-in, registration and sign-out calls (docs/product.md §7): `POST /users/authorize`, `POST /users/register` and
 * `POST /users/logout`. All go through the shared `apiRequest`, which sends the bearer token and removes the
 * cookie on any 401 (docs/product.md §4). The account itself is read through lib/session/account-info-query.ts.
 */
import { useMutation } from '@tanstack/react-query';
import type { RegisterRequest } from '@shared/accounts/account-schemas';
import { apiRequest } from '@client/lib/api-client';
import { tokenFromResponse } from './account-messages';

/**
 * Signs in (docs/product.md §7 `POST /users/authorize {email, password}`).
 * @returns the token.
 * @throws {ApiError} on a non-2xx answer or no response; {Error} 'Authentication failed: Token is missing in
 *   the response' when a 2xx answer carries no token (docs/product.md §5).
 */
export async function authorize(credentials: { email: string; password: string }): Promise<string> {
  const body = await apiRequest('/users/authorize', {
    method: 'POST',
    body: { email: credentials.email, password: credentials.password },
  });
  return tokenFromResponse(body);
}

export function useSignInMutation() {
  return useMutation({ mutationFn: authorize });
}

/**
 * Registers (docs/product.md §7 `POST /users/register {firstName, lastName, email, password}`); does not sign in (§4).
 * The answer (the new account) is not used: the screen only needs to know that it succeeded.
 */
export function useRegisterMutation() {
  return useMutation({
    mutationFn: async (request: RegisterRequest): Promise<void> => {
      await apiRequest('/users/register', {
        method: 'POST',
        body: {
          firstName: request.firstName,
          lastName: request.lastName,
          email: request.email,
          password: request.password,
        },
      });
    },
  });
}

/** Revokes the current token on the server (`POST /users/logout`, 204); the caller clears the cookie. */
export function useLogoutMutation() {
  return useMutation({
    mutationFn: async (): Promise<void> => {
      await apiRequest('/users/logout', { method: 'POST' });
    },
  });
}
