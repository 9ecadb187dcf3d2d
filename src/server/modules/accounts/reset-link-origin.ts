/**
 * The origin a password reset link may point to. Anyone can send a reset request with any `Host` header, and
 * the link goes to the account's owner, so a link built from an unchecked `Host` would hand the owner's token
 * to whatever site the requester named (password reset poisoning, OWASP Forgot Password Cheat Sheet "URL
 * tokens": never trust the Host header for them). The link therefore uses, in this order:
 *
 * 1. `PUBLIC_URL`, when the host it names selects the request's store (its own `store_hosts` row, or no row
 *    and the request's store is the default store): the shop's public address as its owner set it;
 * 2. the request's own origin (protocol and `Host`), when that host name is one of the store's own host
 *    names (`store_hosts`), which only the shop's owner can add;
 * 3. the request's own origin when its host is a loopback name (`localhost`, `127.x.x.x`, `[::1]`), which
 *    reaches only the recipient's own computer: a shop tried out on one machine;
 * 4. otherwise none: no link can be trusted, and no reset e-mail is sent (the server logs that `PUBLIC_URL`
 *    is needed).
 */
import { inArray, eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { storeHosts, stores } from '../../db/schema/store-tables';
import { normalizeHost } from '../stores/service';

/** The request as the link needs it: `request.protocol` and `request.host` (host name and port). */
export type RequestSite = { protocol: string; host: string };

/** A host header value that is a plain host name or bracketed IPv6 address, with an optional port. */
const SAFE_HOST = /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/;

/** True for names that reach only the computer they are used on: `localhost`, `*.localhost`, 127/8, `[::1]`. */
export function isLoopbackHost(host: string): boolean {
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    /^127(?:\.\d{1,3}){3}$/.test(host) ||
    host === '[::1]'
  );
}

/**
 * The origin (`https://shop.example`, or `PUBLIC_URL` with its path) for a reset link of `storeId`, by the
 * rules of this module, or null when no trustworthy origin is known.
 * @param publicUrl `PUBLIC_URL` without a trailing slash, or null.
 */
export async function resetLinkOrigin(
  db: Db,
  storeId: number,
  site: RequestSite,
  publicUrl: string | null,
): Promise<string | null> {
  const requestHost = SAFE_HOST.test(site.host) ? normalizeHost(site.host) : '';
  const publicHost = publicUrl ? normalizeHost(new URL(publicUrl).host) : '';
  const names = [requestHost, publicHost].filter(Boolean);
  const rows =
    names.length === 0
      ? []
      : await db
          .select({ host: storeHosts.host, storeId: storeHosts.storeId })
          .from(storeHosts)
          .where(inArray(storeHosts.host, names));
  const ownerOf = (host: string) => rows.find((row) => row.host === host)?.storeId;

  if (publicUrl) {
    const owner = ownerOf(publicHost);
    if (owner === storeId) return publicUrl;
    if (owner === undefined) {
      const [store] = await db
        .select({ isDefault: stores.isDefault })
        .from(stores)
        .where(eq(stores.id, storeId))
        .limit(1);
      if (store?.isDefault) return publicUrl;
    }
  }
  if (!requestHost) return null;
  const requestOrigin = `${site.protocol === 'https' ? 'https' : 'http'}://${site.host}`;
  if (ownerOf(requestHost) === storeId) return requestOrigin;
  if (isLoopbackHost(requestHost)) return requestOrigin;
  return null;
}
