/**
 * Which content codings a request's `Accept-Encoding` takes (RFC 9110 §12.5.3): a coding is taken when it is
 * listed, or `*` is, without `q=0`. The patterns are compiled once for every request of the process.
 */
import type { FastifyRequest } from 'fastify';

/** Per coding, the `Accept-Encoding` pattern that takes it or `*` (a `q=0` refusal aside). */
const TAKES = {
  br: /(^|,)\s*(br|\*)\s*(;\s*q=(?!0(\.0*)?\s*(,|$))[\d.]+)?\s*(,|$)/i,
  gzip: /(^|,)\s*(gzip|\*)\s*(;\s*q=(?!0(\.0*)?\s*(,|$))[\d.]+)?\s*(,|$)/i,
};

/** True when the request's `Accept-Encoding` takes `coding` (`br`, `gzip`) or `*` (a `q=0` refusal aside). */
export function acceptsEncoding(request: FastifyRequest, coding: 'br' | 'gzip'): boolean {
  const header = request.headers['accept-encoding'];
  return typeof header === 'string' && TAKES[coding].test(header);
}
