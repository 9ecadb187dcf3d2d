/**
 * The `<head>` of a storefront page as the server sends it, so search engines and link-preview fetchers (a
 * product link pasted into WhatsApp) read the page's title, description, canonical URL, Open Graph and Twitter
 * card tags and schema.org JSON-LD without running JavaScript (docs/seo.md). Pure functions: a {@link PageHead}
 * is turned into escaped tags and put into the built `index.html` in place of its default title and
 * description.
 */
import { escapeHtml } from '../../html-escape';

/** A price shown in link previews: rupees (not paise) in INR. */
export type PreviewPrice = { amount: number; currency: 'INR' };

/** What one page tells search engines and link previews. URLs are absolute. */
export type PageHead = {
  /** `<title>` and `og:title`. */
  title: string;
  /** Meta description, `og:description` (plain text, at most {@link DESCRIPTION_MAX_LENGTH} characters). */
  description: string;
  /** `<link rel="canonical">` and `og:url`; absent for pages that are not to be indexed. */
  canonicalUrl?: string;
  /** `og:type`: a product page or any other page. */
  type: 'website' | 'product';
  /** `og:image` (1200 × 630 for products) with its size and alt text. */
  image?: { url: string; width?: number; height?: number; alt: string };
  /** `product:price:amount` / `product:price:currency` of a product page. */
  price?: PreviewPrice;
  /** `og:site_name`: the shop's name. */
  siteName: string;
  /** schema.org objects written as `application/ld+json` scripts. */
  jsonLd: object[];
  /** `noindex`: carts, accounts, search results, unknown pages. */
  noindex?: boolean;
};

/** Longest meta description written (search engines show about 155–160 characters). */
export const DESCRIPTION_MAX_LENGTH = 160;

/**
 * JSON for inside `<script type="application/ld+json">`: `<`, `>`, `&` and the line separators written as
 * `\u` escapes, so no text in it can close the script or start a comment.
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * Plain text of an HTML fragment or a description (tags dropped, common entities read, spaces collapsed), cut
 * at a word to at most `max` characters with '…'.
 */
export function plainSummary(html: string, max = DESCRIPTION_MAX_LENGTH): string {
  const text = html
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  // Cut at the last space unless the cut already ends a word (the next character is a space).
  const lastSpace = text[max - 1] === ' ' ? cut.length : cut.lastIndexOf(' ');
  return `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s,.;:–-]+$/, '')}…`;
}

const meta = (attribute: 'name' | 'property', key: string, content: string) =>
  `<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`;

/** The tags of `head` (everything but `<title>`), one per line. */
export function headTags(head: PageHead): string {
  const tags = [meta('name', 'description', head.description)];
  if (head.noindex) tags.push(meta('name', 'robots', 'noindex, follow'));
  if (head.canonicalUrl) tags.push(`<link rel="canonical" href="${escapeHtml(head.canonicalUrl)}" />`);
  tags.push(
    meta('property', 'og:type', head.type),
    meta('property', 'og:site_name', head.siteName),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:locale', 'en_IN'),
  );
  if (head.canonicalUrl) tags.push(meta('property', 'og:url', head.canonicalUrl));
  if (head.image) {
    tags.push(meta('property', 'og:image', head.image.url), meta('property', 'og:image:alt', head.image.alt));
    if (head.image.width && head.image.height) {
      tags.push(
        meta('property', 'og:image:width', String(head.image.width)),
        meta('property', 'og:image:height', String(head.image.height)),
      );
    }
  }
  if (head.price) {
    tags.push(
      meta('property', 'product:price:amount', head.price.amount.toFixed(2)),
      meta('property', 'product:price:currency', head.price.currency),
    );
  }
  tags.push(
    meta('name', 'twitter:card', head.image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', head.description),
  );
  if (head.image) tags.push(meta('name', 'twitter:image', head.image.url));
  for (const object of head.jsonLd) {
    tags.push(`<script type="application/ld+json">${scriptSafeJson(object)}</script>`);
  }
  return tags.join('\n    ');
}

const TITLE = /<title>[\s\S]*?<\/title>/;
const DEFAULT_DESCRIPTION = /<meta\s+name="description"[\s\S]*?\/>/;

/**
 * The built `index.html` with `head`: its `<title>` replaced, its default description removed and the tags of
 * {@link headTags} put after the title.
 * @throws Error when the page has no `<title>` (a build that does not look like ours).
 */
export function pageWithHead(indexHtml: string, head: PageHead): string {
  if (!TITLE.test(indexHtml)) throw new Error('index.html has no <title> to replace');
  return indexHtml
    .replace(DEFAULT_DESCRIPTION, '')
    .replace(TITLE, () => `<title>${escapeHtml(head.title)}</title>\n    ${headTags(head)}`);
}
