/** The shop's public origin, as the gateway and the browser must reach it. */
import type { FastifyRequest } from 'fastify';
import type { PaymentSettings } from './settings';

/** The shop's public origin: `PUBLIC_URL`, else the request's protocol and Host (a safe host name only). */
export function baseUrlOf(request: FastifyRequest, settings: PaymentSettings): string {
  if (settings.publicUrl) return settings.publicUrl;
  const host = /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/.test(request.host)
    ? request.host
    : 'localhost';
  return `${request.protocol}://${host}`;
}
