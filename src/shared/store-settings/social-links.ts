/**
 * The shop's social accounts shown under 'Follow Us' on the contact page: Instagram, Facebook, YouTube, X and
 * Pinterest, each an optional `https://` link to a page on that network's own site. Zod-free, so the storefront
 * can read the names without loading zod; the schemas live in social-links-schema.ts.
 */

/** The networks, in the order the contact page lists them. */
export const SOCIAL_NETWORKS = ['instagram', 'facebook', 'youtube', 'x', 'pinterest'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

/** Network → the link of the shop's page there; a network without a link is left out. */
export type SocialLinks = Partial<Record<SocialNetwork, string>>;

/** The name shown for each network. */
export const SOCIAL_NETWORK_NAMES: Record<SocialNetwork, string> = {
  instagram: 'Instagram',
  facebook: 'Facebook',
  youtube: 'YouTube',
  x: 'X',
  pinterest: 'Pinterest',
};

/** The host names (lower case, also under `www.`) a network's links may point to. */
const NETWORK_HOSTS: Record<SocialNetwork, readonly string[]> = {
  instagram: ['instagram.com'],
  facebook: ['facebook.com', 'm.facebook.com', 'fb.com'],
  youtube: ['youtube.com', 'm.youtube.com', 'youtu.be'],
  x: ['x.com', 'twitter.com'],
  pinterest: ['pinterest.com', 'in.pinterest.com', 'pinterest.co.in', 'pin.it'],
};

/** The message for a link that is not an `https://` link to a page of the network: 'must be an https:// link to instagram.com'. */
export function socialLinkMessage(network: SocialNetwork): string {
  return `must be an https:// link to ${NETWORK_HOSTS[network][0]}`;
}

/**
 * True when `url` is an `https://` link to a page (not the bare home page) on one of the network's hosts, without
 * a user name or password in it.
 */
export function isSocialLink(network: SocialNetwork, url: string): boolean {
  if (/\s/.test(url)) return false;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  const host = parsed.hostname.toLowerCase().replace(/^www\./, '');
  return (
    parsed.protocol === 'https:' &&
    parsed.username === '' &&
    parsed.password === '' &&
    parsed.port === '' &&
    NETWORK_HOSTS[network].includes(host) &&
    parsed.pathname.replace(/\/+$/, '') !== ''
  );
}

/** The links in the networks' order ({@link SOCIAL_NETWORKS}), whatever order they were read in. */
export function socialLinksInOrder(links: SocialLinks): SocialLinks {
  return Object.fromEntries(
    SOCIAL_NETWORKS.flatMap((network) => (links[network] ? [[network, links[network]]] : [])),
  );
}
