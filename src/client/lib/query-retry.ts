/** How API reads retry; apart from api-client.ts so the home page's first load does not carry it. */
import { ApiError, InvalidResponseError } from './api-client';

/**
 * TanStack Query's `retry` for API reads: a 4xx answer or an answer outside the contract will not change on
 * a retry; anything else (no response, 5xx) is retried once.
 */
export function retryUnlessClientError(failureCount: number, error: unknown): boolean {
  if (error instanceof InvalidResponseError) return false;
  return !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 1;
}
