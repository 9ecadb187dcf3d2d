/**
 * Sign-in with a code sent by WhatsApp or SMS (docs/messages.md "Sign in with an OTP"): `POST /users/otp`,
 * `POST /users/otp/verify` and the name step's `PATCH /accountInfo`, through the shared `apiRequest` and read
 * with the shared answer schemas.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  otpRequestResponseSchema,
  otpVerifyResponseSchema,
  type AccountNameBody,
  type OtpRequestResponse,
  type OtpVerifyResponse,
} from '@shared/accounts/otp-schemas';
import { accountInfoSchema } from '@shared/accounts/account-schemas';
import { apiRequest } from '@client/lib/api-client';
import { SESSION_QUERY_KEY } from '@client/lib/query-keys';

/** Asks for a code for `phone` (any common spelling of an Indian mobile); the answer masks the number. */
export function useRequestOtpMutation() {
  return useMutation({
    mutationFn: (phone: string): Promise<OtpRequestResponse> =>
      apiRequest('/users/otp', { method: 'POST', body: { phone }, schema: otpRequestResponseSchema }),
  });
}

/** Sends the code; the answer is the session token and whether the account still needs a name. */
export function useVerifyOtpMutation() {
  return useMutation({
    mutationFn: (input: { phone: string; code: string }): Promise<OtpVerifyResponse> =>
      apiRequest('/users/otp/verify', { method: 'POST', body: input, schema: otpVerifyResponseSchema }),
  });
}

/** The name step: sets the names (and the e-mail of an account without one); the account query is refreshed. */
export function useAccountNameMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AccountNameBody) =>
      apiRequest('/accountInfo', { method: 'PATCH', body, schema: accountInfoSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY }),
  });
}
