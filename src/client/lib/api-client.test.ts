// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { orderSchema } from '@shared/orders/order-schemas';
import { accountInfoSchema } from '@shared/accounts/account-schemas';
import { ApiError, apiErrorFrom, apiRequest, InvalidResponseError, onUnauthorized } from './api-client';
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

const account = { firstName: 'Asha', lastName: 'Verma', email: 'asha@example.com', createdAt: '2025-04-18' };

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
