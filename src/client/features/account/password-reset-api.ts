/**
 * Forgotten-password calls: `POST /users/forgot-password` and `POST /users/reset-password`, through the shared
 * `apiRequest`, their answers read with the shared response schemas.
 */
import { useMutation } from '@tanstack/react-query';
import {
  forgotPasswordResponseSchema,
  resetPasswordResponseSchema,
  type ForgotPasswordBody,
} from '@shared/accounts/account-schemas';
import { apiRequest } from '@client/lib/api-client';

/**
 * Asks for a reset link for `email` (already trimmed and lower-cased by the form's schema).
 * @returns the server's message, the same whether or not the address has an account.
 * @throws {ApiError} on a non-2xx answer (400 naming `email`, 429) or no response.
 */
export function useForgotPasswordMutation() {
  return useMutation({
    mutationFn: async (request: ForgotPasswordBody): Promise<string> => {
      const answer = await apiRequest('/users/forgot-password', {
        method: 'POST',
        body: { email: request.email },
        schema: forgotPasswordResponseSchema,
      });
      return answer.message;
    },
  });
}

/**
 * Sets a new password with the token of a reset link; the server ends every session of the account.
 * @returns the server's message.
 * @throws {ApiError} on a non-2xx answer (400 for an unusable link or, naming `password`, a refused password;
 *   429) or no response.
 */
export function useResetPasswordMutation() {
  return useMutation({
    mutationFn: async (request: { token: string; password: string }): Promise<string> => {
      const answer = await apiRequest('/users/reset-password', {
        method: 'POST',
        body: { token: request.token, password: request.password },
        schema: resetPasswordResponseSchema,
      });
      return answer.message;
    },
  });
}
