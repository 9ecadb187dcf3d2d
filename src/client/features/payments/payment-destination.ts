/**
 * Where the browser may go after a payment answer: `upi:` URIs, this page's origin and the gateway origins the
 * server announces (`GET /payments/fields`). Anything else (`javascript:`, `data:`, other origins) is refused.
 */

/** The origin of an http(s) URL, or null for anything else. */
export function httpOrigin(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.origin : null;
  } catch {
    return null;
  }
}

/**
 * The URL the browser may follow, resolved against the page, or null when refused: `upi:` URIs, relative
 * paths and URLs of the page's origin, and URLs of an allowed gateway origin. `javascript:`, `data:`, other
 * schemes and other origins are refused.
 */
export function allowedDestination(
  url: string,
  allowedGatewayOrigins: readonly string[],
  pageOrigin: string,
): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url.trim(), pageOrigin);
  } catch {
    return null;
  }
  if (parsed.protocol === 'upi:') return parsed.href;
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return null;
  if (parsed.username || parsed.password) return null;
  const allowed = new Set([pageOrigin, ...allowedGatewayOrigins].map(httpOrigin).filter(Boolean));
  return allowed.has(parsed.origin) ? parsed.href : null;
}
