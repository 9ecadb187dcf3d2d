/**
 * The shop's public origin (`https://shop.example.com`, no trailing slash), as the browser and the payment
 * gateway must reach it: the links of order e-mails (the payment page), the gateway's return addresses and the
 * storefront pages' canonical URLs all use it.
 */
import type { FastifyRequest } from 'fastify';

/**
 * `publicUrl` (`PUBLIC_URL` without a trailing slash) when set, else the request's protocol and Host — a safe
 * host name only (letters, digits, dots, dashes, an IPv6 literal, an optional port), anything else read as
 * `localhost`.
 */
export function shopOrigin(request: FastifyRequest, publicUrl: string | null): string {
  if (publicUrl) return publicUrl;
  const host = /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/.test(request.host)
    ? request.host
    : 'localhost';
  return `${request.protocol}://${host}`;
}
