/**
 * Where a webhook may be sent (docs/webhooks.md "Addresses", docs/decisions/026-outgoing-webhooks.md): only
 * http(s) URLs and, in production (`NODE_ENV=production`), only public internet addresses — never loopback,
 * private (RFC 1918, unique local), link-local (the cloud metadata address 169.254.169.254 among them), CGNAT,
 * multicast, reserved or documentation ranges (IANA special-purpose address registries, RFC 6890). The rule is
 * checked when the owner saves an endpoint (every address its name resolves to) and again when each delivery
 * connects (the address actually dialled: a name that resolved to a public address at saving and to a private
 * one later — DNS rebinding — is refused then). Outside production every address is allowed, so a shop and
 * its tests can use a receiver on the same machine.
 */
import { lookup as dnsLookup } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { webhookTexts } from '@shared/webhooks/webhook-schemas';

const NOT_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv6');
}

/** The IPv4 address inside an IPv4-mapped IPv6 address (`::ffff:10.0.0.1`, `::ffff:a00:1`), else null. */
function mappedIpv4(address: string): string | null {
  const match = /^::ffff:(?:0+:)?(.+)$/i.exec(address);
  if (!match) return null;
  const rest = match[1]!;
  if (isIP(rest) === 4) return rest;
  const hex = /^([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(rest);
  if (!hex) return null;
  const high = parseInt(hex[1]!, 16);
  const low = parseInt(hex[2]!, 16);
  return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
}

/** True for an IP address on the public internet; false for a special-purpose one or for text that is no IP. */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIP(bare);
  if (family === 0) return false;
  if (family === 4) return !NOT_PUBLIC.check(bare, 'ipv4');
  const mapped = mappedIpv4(bare);
  if (mapped) return !NOT_PUBLIC.check(mapped, 'ipv4');
  return !NOT_PUBLIC.check(bare, 'ipv6');
}

/** Resolves a host name to every address it has (`dns.lookup` with `all: true`). */
export type ResolveAll = (hostname: string) => Promise<{ address: string; family: number }[]>;

/** The system resolver, as the HTTP client uses it. */
export const systemResolveAll: ResolveAll = (hostname) =>
  new Promise((resolve, reject) =>
    dnsLookup(hostname, { all: true }, (error, addresses) => (error ? reject(error) : resolve(addresses))),
  );

/** The host of `url` without IPv6 brackets. */
export function hostOf(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, '');
}

/**
 * Why the endpoint `url` (already an http(s) URL) may not receive webhooks, or null when it may: with
 * `publicOnly`, an IP literal or any address its name resolves to that is not public, or a name that does not
 * resolve.
 */
export async function webhookAddressProblem(
  url: URL,
  options: { publicOnly: boolean; resolveAll?: ResolveAll },
): Promise<string | null> {
  if (!options.publicOnly) return null;
  const host = hostOf(url);
  if (isIP(host)) return isPublicAddress(host) ? null : webhookTexts.addressNotPublic;
  let addresses: { address: string }[];
  try {
    addresses = await (options.resolveAll ?? systemResolveAll)(host);
  } catch {
    return webhookTexts.hostNotFound;
  }
  if (addresses.length === 0) return webhookTexts.hostNotFound;
  return addresses.every((entry) => isPublicAddress(entry.address)) ? null : webhookTexts.addressNotPublic;
}

/** The error of a connection refused because the address it resolved to is not public. */
export class AddressNotPublicError extends Error {
  constructor(address: string) {
    super(`Refused: ${address} is not a public internet address`);
    this.name = 'AddressNotPublicError';
  }
}

/**
 * The `lookup` of an HTTP request that connects only to public addresses: it resolves the name itself and
 * fails with {@link AddressNotPublicError} when the chosen address is not public (checked at connect time, so
 * DNS rebinding cannot slip through).
 */
export function publicOnlyLookup(resolveAll: ResolveAll = systemResolveAll): LookupFunction {
  return (hostname, options, callback) => {
    resolveAll(hostname).then(
      (addresses) => {
        const wanted = options.family === 4 || options.family === 6 ? options.family : 0;
        const usable = addresses.filter((entry) => wanted === 0 || entry.family === wanted);
        const refused = usable.find((entry) => !isPublicAddress(entry.address));
        if (usable.length === 0) {
          callback(
            Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }),
            '',
            0,
          );
        } else if (refused) {
          callback(new AddressNotPublicError(refused.address), '', 0);
        } else if (options.all) {
          (callback as unknown as (error: null, addresses: { address: string; family: number }[]) => void)(
            null,
            usable,
          );
        } else {
          callback(null, usable[0]!.address, usable[0]!.family);
        }
      },
      (error: unknown) => callback(error as NodeJS.ErrnoException, '', 0),
    );
  };
}
