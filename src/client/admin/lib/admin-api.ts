/**
 * The admin's one HTTP client: `/api/v1/admin/…` with the admin's own bearer token (kept apart from the
 * shopper's session of the storefront in `localStorage`), every answer parsed with the schema of
 * `src/shared` (the storefront's `parseAnswer`), every error answer an `ApiError` with its `fields`. A 401
 * drops the token and tells the session (which shows the sign-in screen).
 */
import { apiErrorFrom, ApiError, apiUrl, parseAnswer, type ResponseSchema } from '@client/lib/api-client';

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

type Query = Record<string, string | number | boolean | undefined | null>;

async function send(
  path: string,
  init: { method?: 'GET' | 'POST' | 'PUT'; query?: Query; body?: unknown },
): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json', 'X-Store-Host': location.hostname };
  const token = readAdminToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  try {
    return await fetch(apiUrl(`/admin${path}`, init.query), {
      method: init.method ?? 'GET',
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  } catch {
    throw new ApiError('No response from server', 0);
  }
}

async function failure(response: Response): Promise<ApiError> {
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    body = null;
  }
  if (response.status === 401) {
    writeAdminToken(null);
    onSignedOut();
  }
  return apiErrorFrom(response.status, body);
}

/** `GET`, `POST` or `PUT` `/api/v1/admin{path}`; resolves to the answer parsed with `schema`. @throws {ApiError} */
export async function adminRequest<T>(
  path: string,
  options: { method?: 'GET' | 'POST' | 'PUT'; query?: Query; body?: unknown; schema: ResponseSchema<T> },
): Promise<T> {
  const response = await send(path, options);
  if (!response.ok) throw await failure(response);
  const text = await response.text();
  return parseAnswer(
    options.schema,
    text ? JSON.parse(text) : null,
    `${options.method ?? 'GET'} /admin${path}`,
  );
}

/** Downloads `/api/v1/admin{path}` (e.g. the CSV export) as a file named `filename`. @throws {ApiError} */
export async function adminDownload(path: string, query: Query, filename: string): Promise<void> {
  const response = await send(path, { query });
  if (!response.ok) throw await failure(response);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
