/**
 * Link previews and search engines read the server's HTML without running JavaScript: a product link fetched
 * the way WhatsApp's preview fetcher does (one plain GET) yields the title, the price and a preview image;
 * the page carries valid JSON-LD; robots.txt and the sitemap are served.
 */
import { describe, expect, it } from 'vitest';
import { baseUrl } from './browser';
import { apiProducts, screenPrice } from './helpers';

const PREVIEW_FETCHER = { 'User-Agent': 'WhatsApp/2.23.20.0 A', Accept: 'text/html' };

const metaOf = (html: string, key: string) =>
  new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)" />`).exec(html)?.[1];

describe('link previews without JavaScript', () => {
  it('a product link gives its title, price and a 1200 × 630 preview image', async () => {
    const product = (await apiProducts('category=women&page=1&limit=1')).products[0]!;
    const response = await fetch(`${baseUrl()}/product/${product.id}`, { headers: PREVIEW_FETCHER });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(metaOf(html, 'og:title')).toMatch(
      new RegExp(`^${product.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\| `),
    );
    expect(Number(metaOf(html, 'product:price:amount'))).toBeLessThanOrEqual(screenPrice(product));
    expect(metaOf(html, 'product:price:currency')).toBe('INR');
    const image = metaOf(html, 'og:image')!;
    expect(image).toMatch(/\/og\/product\/[0-9a-f-]+\.jpg\?v=\d+$/);
    const picture = await fetch(image.replace(/^https?:\/\/[^/]+/, baseUrl()));
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toBe('image/jpeg');
    expect((await picture.arrayBuffer()).byteLength).toBeGreaterThan(5_000);

    const jsonLd = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
      (match) => JSON.parse(match[1]!) as { '@type': string; offers?: { priceCurrency: string }[] },
    );
    expect(jsonLd.map((object) => object['@type'])).toEqual(['Product', 'BreadcrumbList']);
    expect(jsonLd[0]!.offers!.every((offer) => offer.priceCurrency === 'INR')).toBe(true);
    expect(html).toContain('<html lang="en-IN">');
  });

  it('an unknown product is a 404 page, robots.txt and the sitemap are served', async () => {
    const missing = await fetch(`${baseUrl()}/product/00000000-0000-4000-8000-000000000000`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('Product Not Found');

    const robots = await (await fetch(`${baseUrl()}/robots.txt`)).text();
    expect(robots).toContain('Disallow: /checkout');
    const sitemap = await fetch(`${baseUrl()}/sitemap.xml`);
    expect(sitemap.status).toBe(200);
    expect(await sitemap.text()).toMatch(/<loc>https?:\/\/[^<]+\/product\/[0-9a-f-]+<\/loc>/);
  });
});
