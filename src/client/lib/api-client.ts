/**
 * The one HTTP client of the storefront and the admin (docs/product.md §7): base `/api/v1` on the current
 * host, `X-Store-Host` with the page's host name (the server picks the store from it, else from `Host`),
 * credentials included, `Authorization: Bearer` when the page's session has a token. The session is the
 * shopper's (`auth_token` cookie; any 401 removes it, docs/product.md §4, and notifies the session) unless
 * the page gives its own with {@link setApiSession}: the admin's page passes its token source
 * (admin/lib/admin-api.ts). Answers are parsed through the response schema the caller passes (the zod schemas
 * of src/shared); an error answer `{ error, fields? }` becomes an {@link ApiError} in one place
 * ({@link apiErrorFrom}), whose `fields` lib/form-errors.ts puts into a form and whose text lib/error-text.ts
 * picks.
 * Files go down and up through lib/download-file.ts and lib/upload-file.ts with the same headers and errors.
 * This module is on the first-load path, so it imports no zod: schemas come from the callers, which are lazy
 * pages.
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
  // Declared, then set in the constructor: no field definitions for the first load to carry.
  /** The HTTP status, 0 when no response arrived. */
  declare readonly status: number;
  /** The answer's parsed JSON, or null. */
  declare readonly body: unknown;
  /** The server's `error` sentence, or null when the answer had none. */
  declare readonly serverMessage: string | null;
  /** The server's per-field problems: a field name or dotted path (`shippingAddress.city`) → message. */
  declare readonly fields: Record<string, string>;

  constructor(message: string, status: number, body: unknown = null) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
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
 * The one reading of an error answer: status and body → {@link ApiError} whose message is the server's
 * `error`, else 'Request failed with status {status}'. Bodies that are not `{ error, fields? }` keep status
 * and body.
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
  /** The HTTP status of the answer. */
  declare readonly status: number;

  constructor(message: string, status: number) {
    super(message);
    this.name = 'InvalidResponseError';
    this.status = status;
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

/**
 * Builds `/api/v1{path}?{query}` keeping only non-empty query values (docs/product.md §7 "any other non-empty filters").
 */
export function apiUrl(path: string, query: RequestOptions['query'] = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return `${API_BASE}${path}${search ? `?${search}` : ''}`;
}

/** A body's JSON, or null when it is empty or not JSON. */
export function jsonOf(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

/** Whose calls the page makes: where the bearer token comes from and what a 401 answer does. */
export type ApiSession = {
  /** The bearer token to send, or null to send none. */
  token(): string | null;
  /** The server answered 401: the session has ended (drop the token, show the signed-out screen). */
  signedOut(): void;
};

const unauthorizedListeners = new Set<() => void>();

/**
 * Subscribes to 401 answers of the shopper's calls (the session clears the user); returns the unsubscribe.
 */
export function onUnauthorized(listener: () => void): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

/**
 * The bearer token of this page's calls: the shopper's `auth_token` cookie unless {@link setApiSession}
 * changed it.
 */
let sessionToken: ApiSession['token'] = readAuthToken;
/** What a 401 answer does: the shopper's cookie is removed and the session told, unless changed. */
let endSession: ApiSession['signedOut'] = () => {
  removeAuthToken();
  unauthorizedListeners.forEach((listener) => listener());
};

/**
 * Gives every call of this page `session`'s token, and `session` the 401 answers: the admin's page passes its
 * own token source (admin/lib/admin-api.ts); the storefront keeps the shopper's cookie. Its functions are
 * called on their own (not as methods).
 */
export function setApiSession(session: ApiSession): void {
  sessionToken = session.token;
  endSession = session.signedOut;
}

/** The headers of every call: `Accept`, `X-Store-Host` and the session's bearer token, then `extra`. */
export function apiHeaders(extra?: Record<string, string>): Record<string, string> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    // On the server the transport names the store itself.
    ...(typeof location === 'object' && { 'X-Store-Host': location.hostname }),
    ...extra,
  };
  const token = sessionToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  return headers;
}

/** The {@link ApiError} of an error answer's status and JSON body; a 401 also ends the session. */
export function apiFailure(status: number, body: unknown): ApiError {
  if (status === 401) endSession();
  return apiErrorFrom(status, body);
}

/**
 * Calls the API and returns the answer parsed by `schema` (transforms applied); without a schema the parsed
 * JSON as `unknown` (null for an empty body), for the caller to parse with {@link parseAnswer}.
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
  const headers = apiHeaders(options.headers);
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
  const body = jsonOf(await response.text());
  if (!response.ok) throw apiFailure(response.status, body);
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
