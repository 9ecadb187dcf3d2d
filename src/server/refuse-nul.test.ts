import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandling } from './errors';
import { NUL_MESSAGE, nulPaths, refuseNulCharacters } from './refuse-nul';

describe('nulPaths', () => {
  it('names strings holding NUL by dotted path, in document order', () => {
    expect(
      nulPaths({
        firstName: 'As\u0000ha',
        lastName: 'Verma',
        shippingAddress: { city: 'Varanasi', state: '\u0000' },
        items: [{ sku: 'A' }, { sku: 'B\u0000' }],
      }),
    ).toEqual(['firstName', 'shippingAddress.state', 'items.1.sku']);
  });

  it('names keys holding NUL, written as \\u0000', () => {
    expect(nulPaths({ products: { 'abc\u0000': 1 } })).toEqual(['products.abc\\u0000']);
  });

  it('answers (root) for a bare string and nothing for clean values, numbers and buffers', () => {
    expect(nulPaths('a\u0000')).toEqual(['(root)']);
    expect(nulPaths({ a: 'fine', b: 1, c: null, d: true, e: Buffer.from([0]) })).toEqual([]);
    expect(nulPaths(undefined)).toEqual([]);
  });

  it('walks a 100,000-deep array without overflowing the stack', () => {
    let deep: unknown = '\u0000';
    for (let depth = 0; depth < 100_000; depth += 1) deep = [deep];
    expect(nulPaths(deep)[0]?.split('.')).toHaveLength(100_000);
  });

  it('stops after 20 names', () => {
    const many = Object.fromEntries(Array.from({ length: 50 }, (_, index) => [`f${index}`, '\u0000']));
    expect(nulPaths(many)).toHaveLength(20);
  });
});

describe('refuseNulCharacters on a Fastify route', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = Fastify();
    registerErrorHandling(app);
    app.addHook('preValidation', refuseNulCharacters);
    app.post('/json/:id', async (request) => ({ body: request.body }));
    await app.register(async (raw) => {
      // Parsers as the payment routes use them: form posts as the raw string, JSON as raw bytes.
      raw.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_r, body, done) =>
        done(null, body),
      );
      raw.removeContentTypeParser('application/json');
      raw.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_r, body, done) =>
        done(null, body),
      );
      raw.post('/raw', async () => ({ ok: true }));
    });
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
  });

  it('checks path parameters first, then the query, then the body', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/json/a%00?q=%00',
      payload: { name: '\u0000' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'Invalid path parameter: id', fields: { id: NUL_MESSAGE } });
    const query = await app.inject({
      method: 'POST',
      url: '/json/a?q=%00&r=ok',
      payload: { name: '\u0000' },
    });
    expect(query.json()).toEqual({ error: 'Invalid query parameter: q', fields: { q: NUL_MESSAGE } });
  });

  it('names every body field holding NUL', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/json/a',
      payload: { firstName: 'A\u0000', lastName: 'B', address: { city: '\u0000' } },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'Invalid fields: firstName, address.city',
      fields: { firstName: NUL_MESSAGE, 'address.city': NUL_MESSAGE },
    });
  });

  it('reads form posts and raw JSON bytes too', async () => {
    const form = await app.inject({
      method: 'POST',
      url: '/raw',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'txnid=1&firstname=A%00',
    });
    expect(form.statusCode).toBe(400);
    expect(form.json()).toEqual({ error: 'Invalid field: firstname', fields: { firstname: NUL_MESSAGE } });
    const json = await app.inject({
      method: 'POST',
      url: '/raw',
      headers: { 'content-type': 'application/json' },
      payload: '{"utr":"12\\u0000"}',
    });
    expect(json.json()).toEqual({ error: 'Invalid field: utr', fields: { utr: NUL_MESSAGE } });
    const clean = await app.inject({
      method: 'POST',
      url: '/raw',
      headers: { 'content-type': 'application/json' },
      payload: 'not json',
    });
    expect(clean.statusCode).toBe(200);
  });

  it('lets text without NUL through: right-to-left marks, lone surrogates, long strings', async () => {
    for (const text of ['\u202Eabc', '\uD800', 'x'.repeat(10_000)]) {
      const response = await app.inject({ method: 'POST', url: '/json/a', payload: { text } });
      expect(response.statusCode).toBe(200);
    }
  });
});
