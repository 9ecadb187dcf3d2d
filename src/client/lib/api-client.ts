/**
 * The one HTTP client of the storefront (spec §7): base `/api/v1` on the current host, `X-Store-Host` with
 * the page's host name (DESIGN.md), credentials included, `Authorization: Bearer` when a token exists.
 * Any 401 removes the token cookie (spec §4) and notifies the session.
 */
import { readAuthToken, removeAuthToken } from './auth-cookie';

export const API_BASE = '/api/v1';

/** A failed call: `status` is the HTTP status (0 when no response arrived), `body` the parsed JSON if any. */
export class ApiError extends Error {
  constructor(
    message: string,
    public readonly status: number,
    public readonly body: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** The server's `error` text when the body has one. */
  get serverMessage(): string | null {
    const body = this.body as { error?: unknown } | null;
    return body && typeof body.error === 'string' ? body.error : null;
  }

  /** The server's per-field problems when the body has them. */
  get fields(): Record<string, string> {
    const body = this.body as { fields?: Record<string, string> } | null;
    return body?.fields ?? {};
  }
}

/** TanStack Query's `retry` for API reads: a 4xx answer will not change on a retry; anything else is retried once. */
export function retryUnlessClientError(failureCount: number, error: unknown): boolean {
  return !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 1;
}

const unauthorizedListeners = new Set<() => void>();

/** Subscribes to 401 answers (the session clears the user); returns the unsubscribe function. */
export function onUnauthorized(listener: () => void): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, string | number | boolean | undefined | null>;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
};

/** Builds `/api/v1{path}?{query}` keeping only non-empty query values (spec §7 "any other non-empty filters"). */
export function apiUrl(path: string, query: RequestOptions['query'] = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return `${API_BASE}${path}${search ? `?${search}` : ''}`;
}

/**
 * Calls the API and returns the parsed JSON body.
 * @throws {ApiError} with the HTTP status on a non-2xx answer, or status 0 when no response arrived.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'X-Store-Host': location.hostname,
    ...options.headers,
  };
  const token = readAuthToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(apiUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      credentials: 'include',
      signal: options.signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError('No response from server', 0);
  }
  const text = await response.text();
  let body: unknown = null;
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      body = null;
    }
  }
  if (!response.ok) {
    if (response.status === 401) {
      removeAuthToken();
      unauthorizedListeners.forEach((listener) => listener());
    }
    const message =
      (body as { error?: string } | null)?.error ?? `Request failed with status ${response.status}`;
    throw new ApiError(message, response.status, body);
  }
  return body as T;
}
