// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { orderSchema } from '@shared/orders/order-schemas';
import { accountInfoSchema } from '@shared/accounts/account-schemas';
import {
  ApiError,
  apiErrorFrom,
  apiFailure,
  apiHeaders,
  apiRequest,
  InvalidResponseError,
  jsonOf,
  onUnauthorized,
  setApiSession,
} from './api-client';
import { retryUnlessClientError } from './query-retry';
import { readAuthToken, writeAuthToken } from './auth-cookie';

/** The network answers every request with `status` and `body` (JSON unless a string); requests are kept. */
function answer(status: number, body: unknown) {
  const requests: Request[] = [];
  vi.stubGlobal('fetch', async (input: string, init: RequestInit) => {
    requests.push(new Request(new URL(input, 'http://shop.test'), init));
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    return new Response(status === 204 ? null : text, { status });
  });
  return requests;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The shopper's session, as the storefront's page has it. */
const shopperSession = { token: readAuthToken, signedOut: () => undefined };

const account = {
  firstName: 'Asha',
  lastName: 'Verma',
  email: 'asha@example.com',
  phone: null,
  createdAt: '2025-04-18',
  whatsappOptIn: false,
};

describe('ApiError', () => {
  it('keeps the status and body, and reads nothing from an answer that never came', () => {
    const offline = new ApiError('No response from server', 0);
    expect(offline).toBeInstanceOf(Error);
    expect(offline).toMatchObject({
      name: 'ApiError',
      message: 'No response from server',
      status: 0,
      body: null,
    });
    expect(offline.serverMessage).toBeNull();
    expect(offline.fields).toEqual({});
    expect(Object.keys(offline)).toEqual(
      expect.arrayContaining(['status', 'body', 'serverMessage', 'fields']),
    );
  });
});

describe('apiErrorFrom (the one reading of an error answer)', () => {
  it("takes the server's error sentence and its string fields", () => {
    const error = apiErrorFrom(400, {
      error: 'Invalid fields: email, password',
      fields: { email: 'Invalid email address', password: 7 },
    });
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(400);
    expect(error.message).toBe('Invalid fields: email, password');
    expect(error.serverMessage).toBe('Invalid fields: email, password');
    expect(error.fields).toEqual({ email: 'Invalid email address' });
  });

  it('falls back to the status for a body that is not an error answer, keeping the body', () => {
    for (const body of [null, 'Bad gateway', { message: 'nope' }, ['error']]) {
      const error = apiErrorFrom(502, body);
      expect(error.message).toBe('Request failed with status 502');
      expect(error.serverMessage).toBeNull();
      expect(error.fields).toEqual({});
      expect(error.body).toEqual(body);
    }
  });
});

describe('apiRequest', () => {
  it('parses a 2xx answer through the schema (unknown fields dropped)', async () => {
    answer(200, { ...account, passwordHash: 'x' });
    expect(await apiRequest('/accountInfo', { schema: accountInfoSchema })).toEqual(account);
  });

  it('refuses an answer outside the schema with an error naming the call and the field', async () => {
    answer(200, { ...account, createdAt: 5 });
    const failure = apiRequest('/accountInfo', { schema: accountInfoSchema });
    await expect(failure).rejects.toBeInstanceOf(InvalidResponseError);
    await expect(failure).rejects.toThrow(/^Unexpected answer from GET \/accountInfo: createdAt: /);
    expect(retryUnlessClientError(0, await failure.catch((error: unknown) => error))).toBe(false);
  });

  it('names the first problems of a nested answer by their path', async () => {
    answer(200, { id: 'RS-1' });
    await expect(apiRequest('/orders/RS-1', { schema: orderSchema })).rejects.toThrow(
      /^Unexpected answer from GET \/orders\/RS-1: status: .*; createdAt: .*; items: /,
    );
  });

  it("turns an error answer into an ApiError with the server's fields", async () => {
    answer(409, { error: 'Not enough stock for Banarasi Silk Saree' });
    const error = await apiRequest('/orders', { method: 'POST', body: {} }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, message: 'Not enough stock for Banarasi Silk Saree' });
  });

  it('sends the host header and the token, and a 401 removes the token and tells the session', async () => {
    writeAuthToken('token-1');
    const requests = answer(401, { error: 'Unauthorized' });
    let told = 0;
    const stop = onUnauthorized(() => told++);
    await expect(apiRequest('/accountInfo')).rejects.toMatchObject({ status: 401 });
    stop();
    expect(requests[0]!.headers.get('authorization')).toBe('Bearer token-1');
    expect(requests[0]!.headers.get('x-store-host')).toBe(location.hostname);
    expect(readAuthToken()).toBeNull();
    expect(told).toBe(1);
  });

  it('without a schema returns the JSON as unknown, and null for an empty body', async () => {
    answer(200, [1, 2]);
    expect(await apiRequest('/payments/fields')).toEqual([1, 2]);
    answer(204, '');
    expect(await apiRequest('/users/logout', { method: 'POST' })).toBeNull();
  });
});

describe('a page with its own session (the admin)', () => {
  afterEach(() => setApiSession(shopperSession));

  it("sends the page's own token, and a 401 ends that session but leaves the shopper's cookie", async () => {
    writeAuthToken('shopper-token');
    let adminToken: string | null = 'admin-token';
    let signedOut = 0;
    setApiSession({
      token: () => adminToken,
      signedOut: () => {
        adminToken = null;
        signedOut++;
      },
    });
    const requests = answer(200, { ...account });
    await apiRequest('/admin/me');
    expect(requests[0]!.headers.get('authorization')).toBe('Bearer admin-token');

    answer(401, { error: 'Unauthorized' });
    let told = 0;
    const stop = onUnauthorized(() => told++);
    await expect(apiRequest('/admin/me')).rejects.toMatchObject({ status: 401 });
    stop();
    expect(signedOut).toBe(1);
    expect(told).toBe(0);
    expect(readAuthToken()).toBe('shopper-token');
    expect(apiHeaders()).not.toHaveProperty('Authorization');
  });
});

describe('the pieces file transfers share', () => {
  afterEach(() => setApiSession(shopperSession));

  it('apiHeaders: the JSON accept header, the store host, the token, then the extra headers', () => {
    setApiSession({ token: () => 'token-7', signedOut: () => undefined });
    expect(apiHeaders({ Accept: 'application/pdf' })).toEqual({
      Accept: 'application/pdf',
      'X-Store-Host': location.hostname,
      Authorization: 'Bearer token-7',
    });
  });

  it('apiFailure: the ApiError of the answer; only a 401 ends the session', () => {
    let ended = 0;
    setApiSession({ token: () => null, signedOut: () => void ended++ });
    expect(apiFailure(404, { error: 'Product not found' })).toMatchObject({
      status: 404,
      message: 'Product not found',
    });
    expect(ended).toBe(0);
    expect(apiFailure(401, null)).toMatchObject({ status: 401, message: 'Request failed with status 401' });
    expect(ended).toBe(1);
  });

  it('jsonOf: the JSON of a body, null for an empty or broken one', () => {
    expect(jsonOf('{"error":"x"}')).toEqual({ error: 'x' });
    expect(jsonOf('')).toBeNull();
    expect(jsonOf('<html>')).toBeNull();
  });
});
