import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerSecurityHeaders, securityHeaders } from './security-headers';

const options = {
  contentSecurityPolicy: {
    directives: { 'img-src': ["'self'", 'data:'], 'upgrade-insecure-requests': null },
  },
};

describe('securityHeaders', () => {
  it("are helmet's headers for the options, computed once", () => {
    const headers = Object.fromEntries(securityHeaders(options));
    expect(headers['Content-Security-Policy']).toContain("img-src 'self' data:");
    expect(headers['Content-Security-Policy']).not.toContain('upgrade-insecure-requests');
    expect(headers).toMatchObject({
      'Cross-Origin-Opener-Policy': 'same-origin',
      'Cross-Origin-Resource-Policy': 'same-origin',
      'Origin-Agent-Cluster': '?1',
      'Referrer-Policy': 'no-referrer',
      'Strict-Transport-Security': 'max-age=31536000; includeSubDomains',
      'X-Content-Type-Options': 'nosniff',
      'X-DNS-Prefetch-Control': 'off',
      'X-Download-Options': 'noopen',
      'X-Frame-Options': 'SAMEORIGIN',
      'X-Permitted-Cross-Domain-Policies': 'none',
      'X-XSS-Protection': '0',
    });
  });

  it('refuses an invalid directive when the app is built, not at the first request', () => {
    expect(() =>
      securityHeaders({ contentSecurityPolicy: { directives: { 'bad;name': ["'self'"] } } }),
    ).toThrow('Content-Security-Policy received an invalid directive name "bad;name"');
  });
});

describe('registerSecurityHeaders', () => {
  it('sets the headers on every answer, errors and unknown paths included; a route may replace one', async () => {
    const app = Fastify();
    registerSecurityHeaders(app, options);
    app.get('/ok', async () => ({ ok: true }));
    app.get('/own-policy', async (_request, reply) =>
      reply.header('content-security-policy', "default-src 'none'").send('page'),
    );
    app.get('/fails', async () => {
      throw new Error('broken');
    });
    const expected = Object.fromEntries(
      securityHeaders(options).map(([name, value]) => [name.toLowerCase(), value]),
    );
    for (const url of ['/ok', '/fails', '/missing']) {
      const answer = await app.inject({ method: 'GET', url });
      expect(answer.headers).toMatchObject(expected);
    }
    const own = await app.inject({ method: 'GET', url: '/own-policy' });
    expect(own.headers['content-security-policy']).toBe("default-src 'none'");
    expect(own.headers['x-frame-options']).toBe('SAMEORIGIN');
    await app.close();
  });
});
