/**
 * The one HTTP client of the storefront (spec §7): base `/api/v1` on the current host, `X-Store-Host` with
 * the page's host name (the server picks the store from it, else from `Host`), credentials included,
 * `Authorization: Bearer` when a token exists. Any 401 removes the token cookie (spec §4) and notifies the
 * session. Answers are parsed through the response schema the caller passes (the zod schemas of src/shared);
 * an error answer `{ error, fields? }` becomes an {@link ApiError} in one place ({@link apiErrorFrom}), whose
 * `fields` lib/form-errors.ts puts into a form. This module is on the first-load path, so it imports no zod:
 * schemas come from the callers, which are lazy pages.
 */
import { readAuthToken, removeAuthToken } from './auth-cookie';

export const API_BASE = '/api/v1';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A failed call: `status` is the HTTP status (0 when no response arrived), `body` the parsed JSON if any.
 * `serverMessage` and `fields` are the error answer's `error` and `fields` (src/shared/errors/error-body.ts).
 */
export class ApiError extends Error {
  /** The server's `error` sentence, or null when the answer had none. */
  readonly serverMessage: string | null;
  /** The server's per-field problems: a field name or dotted path (`shippingAddress.city`) → message. */
  readonly fields: Record<string, string>;

  constructor(
    message: string,
    public readonly status: number,
    public readonly body: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
    const answer = isRecord(body) ? body : {};
    this.serverMessage = typeof answer.error === 'string' ? answer.error : null;
    this.fields = isRecord(answer.fields)
      ? Object.fromEntries(
          Object.entries(answer.fields).filter(
            (entry): entry is [string, string] => typeof entry[1] === 'string',
          ),
        )
      : {};
  }
}

/**
 * The one reading of an error answer: status and body → {@link ApiError} whose message is the server's `error`,
 * else 'Request failed with status {status}'. Bodies that are not `{ error, fields? }` keep status and body.
 */
export function apiErrorFrom(status: number, body: unknown): ApiError {
  const error = new ApiError('', status, body);
  error.message = error.serverMessage ?? `Request failed with status ${status}`;
  return error;
}

/**
 * A 2xx answer whose body does not match the response schema: the contract and the server disagree. The
 * message names the call and the first problems, e.g. `Unexpected answer from GET /orders: 0.total: …`.
 */
export class InvalidResponseError extends Error {
  constructor(
    message: string,
    public readonly status: number,
  ) {
    super(message);
    this.name = 'InvalidResponseError';
  }
}

/** What `apiRequest` needs of a response schema: zod's `safeParse` (any schema of src/shared fits). */
export type ResponseSchema<T> = {
  safeParse(
    value: unknown,
  ):
    | { success: true; data: T }
    | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };
};

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

/** How a request reaches the API: `fetch(url, init)` with a same-origin URL (`/api/v1/...`). */
export type ApiTransport = (url: string, init: RequestInit) => Promise<Response>;

let transport: ApiTransport = (url, init) => fetch(url, init);

/**
 * Replaces how requests reach the API. The server-side renderer sends them straight into the server's own
 * routes (no network); the browser keeps `fetch`.
 */
export function setApiTransport(next: ApiTransport): void {
  transport = next;
}

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
 * Calls the API and returns the answer parsed by `schema` (transforms applied); without a schema the parsed
 * JSON as `unknown` (null for an empty body), for the caller to read field by field.
 * @throws {ApiError} with the HTTP status on a non-2xx answer, or status 0 when no response arrived.
 * @throws {InvalidResponseError} when a 2xx answer does not match `schema`.
 */
export async function apiRequest<T>(
  path: string,
  options: RequestOptions & { schema: ResponseSchema<T> },
): Promise<T>;
export async function apiRequest(path: string, options?: RequestOptions): Promise<unknown>;
export async function apiRequest<T>(
  path: string,
  options: RequestOptions & { schema?: ResponseSchema<T> } = {},
): Promise<unknown> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    // On the server the transport names the store itself.
    ...(typeof location === 'object' && { 'X-Store-Host': location.hostname }),
    ...options.headers,
  };
  const token = readAuthToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  const method = options.method ?? 'GET';

  let response: Response;
  try {
    response = await transport(apiUrl(path, options.query), {
      method,
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
    throw apiErrorFrom(response.status, body);
  }
  return options.schema ? parseAnswer(options.schema, body, `${method} ${path}`, response.status) : body;
}

/**
 * Parses an answer through its response schema, for `apiRequest` and for callers that load the schema
 * themselves (store info, read on the first load before zod is there).
 * @param call names the call in the error, e.g. `GET /storeInfo`.
 * @throws {InvalidResponseError} naming the call and the first three problems when the answer does not match.
 */
export function parseAnswer<T>(schema: ResponseSchema<T>, body: unknown, call: string, status = 200): T {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.map(String).join('.') || '(answer)'}: ${issue.message}`);
  throw new InvalidResponseError(`Unexpected answer from ${call}: ${problems.join('; ')}`, status);
}
