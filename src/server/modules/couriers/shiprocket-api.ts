/**
 * Shiprocket's API as the shop calls it (docs/shipping.md; Shiprocket API docs, apidocs.shiprocket.in): JSON
 * `POST`s under `SHIPROCKET_API_URL` (default https://apiv2.shiprocket.in) with `Authorization: Bearer <token>`.
 * The token comes from `POST /v1/external/auth/login` with the API user's e-mail and password (answer
 * `{ token, … }`) and is kept until it expires (Shiprocket's tokens last 10 days; kept 9 here, so that one is
 * never used in its last day); a 401 answer clears it and signs in once more. Shiprocket's errors are JSON
 * `{ message, status_code }` (422s add `errors`): they become a 409 with Shiprocket's own message. Never logs
 * or answers the password or the token.
 */
import { ConflictError } from '../../errors';

/** `fetch` as the client uses it: the real one, or the TEST MODE sandbox's in-process one. */
export type ShiprocketFetch = (url: string, init: RequestInit) => Promise<Response>;

/** How long a token is reused (milliseconds): 9 days of Shiprocket's 10. */
export const SHIPROCKET_TOKEN_LIFETIME_MS = 9 * 24 * 60 * 60 * 1000;
/** How long one call may take before it is given up (milliseconds). */
const CALL_TIMEOUT_MS = 20_000;

/** Where the token of the last sign-in is kept (the store's `shiprocket_accounts` row). */
export type ShiprocketTokenStore = {
  read(): Promise<{ token: string; expiresAt: Date } | null>;
  write(token: string, expiresAt: Date): Promise<void>;
  clear(): Promise<void>;
};

export type ShiprocketConnection = {
  /** `SHIPROCKET_API_URL`, no trailing slash. */
  apiUrl: string;
  fetch: ShiprocketFetch;
  email: string;
  password: string;
  tokens: ShiprocketTokenStore;
  /** The clock (tests move it to expire a token). */
  now?: () => Date;
};

/** The 409 sentence of a refusal: `Shiprocket: <its message>`. */
export const shiprocketRefusal = (message: string) => `Shiprocket: ${message}`;

/** Shiprocket's message in an error body (`message`, else the first of `errors`), or a sentence of the status. */
export function shiprocketMessage(body: unknown, status: number): string {
  if (body && typeof body === 'object') {
    const record = body as Record<string, unknown>;
    if (typeof record.message === 'string' && record.message.trim()) return record.message.trim();
    if (record.errors && typeof record.errors === 'object') {
      const first = Object.values(record.errors as Record<string, unknown>).flat()[0];
      if (typeof first === 'string' && first.trim()) return first.trim();
    }
  }
  return `the API answered HTTP ${status}`;
}

/** Sends one JSON request; answers the status and the parsed body (null when it is not JSON). */
async function send(
  connection: ShiprocketConnection,
  path: string,
  body: unknown,
  token: string | null,
): Promise<{ status: number; body: unknown }> {
  let response: Response;
  try {
    response = await connection.fetch(`${connection.apiUrl}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        accept: 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
    });
  } catch {
    throw new ConflictError(shiprocketRefusal('the API did not answer; try again in a minute'));
  }
  const text = await response.text();
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = null;
  }
  return { status: response.status, body: parsed };
}

/** Signs in (`POST /v1/external/auth/login`) and keeps the token. @throws {ConflictError} when refused. */
async function signIn(connection: ShiprocketConnection): Promise<string> {
  const answer = await send(
    connection,
    '/v1/external/auth/login',
    { email: connection.email, password: connection.password },
    null,
  );
  const token = (answer.body as { token?: unknown } | null)?.token;
  if (answer.status >= 300 || typeof token !== 'string' || !token) {
    throw new ConflictError(shiprocketRefusal(shiprocketMessage(answer.body, answer.status)));
  }
  const now = connection.now?.() ?? new Date();
  await connection.tokens.write(token, new Date(now.getTime() + SHIPROCKET_TOKEN_LIFETIME_MS));
  return token;
}

/** The kept token while it has not expired, else a new one. */
async function tokenOf(connection: ShiprocketConnection): Promise<string> {
  const kept = await connection.tokens.read();
  const now = connection.now?.() ?? new Date();
  if (kept && kept.expiresAt.getTime() > now.getTime()) return kept.token;
  return signIn(connection);
}

/**
 * `POST path` with JSON `body` (`GET` when `body` is undefined) and the Bearer token; signs in again once on a 401 (the token was revoked or expired early).
 * @returns the parsed JSON answer of a 2xx.
 * @throws {ConflictError} (409) `Shiprocket: <its message>` for any other answer or no answer.
 */
export async function callShiprocket(
  connection: ShiprocketConnection,
  path: string,
  body: unknown,
): Promise<Record<string, unknown>> {
  let answer = await send(connection, path, body, await tokenOf(connection));
  if (answer.status === 401) {
    await connection.tokens.clear();
    answer = await send(connection, path, body, await signIn(connection));
  }
  if (answer.status < 200 || answer.status >= 300 || !answer.body || typeof answer.body !== 'object') {
    throw new ConflictError(shiprocketRefusal(shiprocketMessage(answer.body, answer.status)));
  }
  return answer.body as Record<string, unknown>;
}

/**
 * Downloads the label PDF at `url` (Shiprocket's `label_url`, a file on its storage; no token is sent to it).
 * Only https URLs, or URLs on the API's own origin (the tests' stand-in).
 * @throws {ConflictError} when it cannot be fetched or is not a PDF.
 */
export async function downloadLabel(connection: ShiprocketConnection, url: string): Promise<Buffer> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new ConflictError(shiprocketRefusal('the label link is not a URL'));
  }
  if (parsed.protocol !== 'https:' && parsed.origin !== new URL(connection.apiUrl).origin) {
    throw new ConflictError(shiprocketRefusal('the label link is not an https URL'));
  }
  try {
    const response = await connection.fetch(parsed.href, {
      method: 'GET',
      signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
    });
    const bytes = Buffer.from(await response.arrayBuffer());
    if (response.ok && bytes.subarray(0, 5).toString('latin1') === '%PDF-') return bytes;
  } catch {
    // Answered below.
  }
  throw new ConflictError(shiprocketRefusal('the label could not be downloaded; try again in a minute'));
}
