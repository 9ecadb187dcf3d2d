/**
 * Routes for search engines and link previews, per store host (docs/seo.md): `/robots.txt` (cart, checkout,
 * account, admin and API kept out), `/sitemap.xml` (home, categories, every product, policies; a sitemap
 * index over `/sitemap-N.xml` files of at most 50,000 URLs once there are more) and
 * `/og/product/{id}.jpg` (a product's 1200 × 630 preview image).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { getProduct } from '../catalog/product-detail';
import { isProductId } from '../catalog/product-id';
import { previewImageFolders, productPreviewImage } from './preview-image';
import type { MediaStorage } from '../media/media-storage';
import { sitemapFile, sitemapUrlCount, SITEMAP_MAX_URLS } from './sitemap';

/** Paths no crawler needs: personal pages, checkout steps, the admin panel and the API. */
export const ROBOTS_DISALLOWED = [
  '/cart',
  '/checkout',
  '/account',
  '/orders',
  '/payment',
  '/order-success',
  '/track-order',
  '/admin',
  '/api/',
];

export type SeoRoutesOptions = {
  /** The store of a request, from its host (the API's rule). */
  storeIdOf: (request: FastifyRequest) => number;
  /** The shop's public origin for a request (`https://shop.example.com`). */
  originOf: (request: FastifyRequest) => string;
  /** Where uploaded images live (`DATA_DIR/media` or a bucket). */
  mediaStorage: MediaStorage;
};

/** Preview images kept in memory (JPEG bytes, about 60–120 KB each). */
const PREVIEW_CACHE_LIMIT = 64;

export async function registerSeoRoutes(app: FastifyInstance, options: SeoRoutesOptions): Promise<void> {
  const { storeIdOf, originOf } = options;
  const imageFolders = previewImageFolders();
  const previews = new Map<string, Buffer>();

  app.get('/robots.txt', async (request, reply) => {
    const lines = [
      'User-agent: *',
      ...ROBOTS_DISALLOWED.map((path) => `Disallow: ${path}`),
      '',
      `Sitemap: ${originOf(request)}/sitemap.xml`,
      '',
    ];
    return reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(lines.join('\n'));
  });

  const sendXml = (reply: FastifyReply, xml: string) =>
    reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600').send(xml);

  app.get('/sitemap.xml', async (request, reply) => {
    const storeId = storeIdOf(request);
    const origin = originOf(request);
    const total = await sitemapUrlCount(app.db, storeId);
    if (total <= SITEMAP_MAX_URLS) return sendXml(reply, await sitemapFile(app.db, storeId, origin, 1));
    const files = Math.ceil(total / SITEMAP_MAX_URLS);
    const entries = Array.from(
      { length: files },
      (_, index) => `  <sitemap><loc>${origin}/sitemap-${index + 1}.xml</loc></sitemap>`,
    );
    return sendXml(
      reply,
      `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</sitemapindex>\n`,
    );
  });

  app.get<{ Params: { page: string } }>('/sitemap-:page.xml', async (request, reply) => {
    const page = Number(request.params.page);
    const storeId = storeIdOf(request);
    const total = await sitemapUrlCount(app.db, storeId);
    if (!Number.isInteger(page) || page < 1 || (page - 1) * SITEMAP_MAX_URLS >= total) {
      return reply.code(404).send({ error: 'No such sitemap' });
    }
    return sendXml(reply, await sitemapFile(app.db, storeId, originOf(request), page));
  });

  app.get<{ Params: { file: string } }>('/og/product/:file', async (request, reply) => {
    const id = request.params.file.replace(/\.jpg$/i, '').toLowerCase();
    const storeId = storeIdOf(request);
    if (!request.params.file.toLowerCase().endsWith('.jpg') || !isProductId(id)) {
      return reply.code(404).send({ error: 'Product not found' });
    }
    const product = await getProduct(app.db, storeId, id);
    if (!product) return reply.code(404).send({ error: 'Product not found' });
    const imageUrl = product.imgUrl ?? product.images[0]?.url ?? null;
    const key = `${storeId}:${id}:${imageUrl}`;
    let jpeg = previews.get(key);
    if (!jpeg) {
      jpeg = await productPreviewImage(imageUrl, imageFolders, options.mediaStorage);
      if (previews.size >= PREVIEW_CACHE_LIMIT) previews.delete(previews.keys().next().value!);
      previews.set(key, jpeg);
    }
    return reply.type('image/jpeg').header('cache-control', 'public, max-age=86400').send(jpeg);
  });
}
