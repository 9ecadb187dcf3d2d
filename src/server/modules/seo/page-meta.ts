/**
 * What each storefront route tells search engines and link previews (docs/seo.md), read from the store and
 * the catalogue with the same services the API uses: the home page (Organization and WebSite JSON-LD), a
 * listing (canonical URL with the lower-cased category and the page number, BreadcrumbList), a product (price,
 * availability and SKUs as a schema.org Product with its offers, a 1200 × 630 preview image, BreadcrumbList),
 * the policy pages, and every other route (not indexed). Unknown products and paths are answered 404.
 */
import { and, eq } from 'drizzle-orm';
import { productsHeadline } from '@shared/catalog/products-headline';
import { POLICY_TITLES } from '@shared/store-settings/policy-titles';
import { policySlugs, type PolicySlug } from '@shared/store-settings/store-info-schema';
import type { Db } from '../../db/database';
import { products } from '../../db/schema/catalog-tables';
import { stores } from '../../db/schema/store-tables';
import { getProduct } from '../catalog/product-detail';
import { getStoreInfo } from '../store-settings/store-info';
import {
  absolute,
  breadcrumbs,
  canonicalListingUrl,
  organization,
  payPrice,
  productJsonLd,
  webSite,
} from './json-ld';
import { plainSummary, type PageHead } from './page-head';
import { pageReviews, reviewProperties } from './review-json-ld';

/** The brand when the store names neither itself nor its company (as the storefront's header does). */
export const DEFAULT_BRAND = 'Resham';
/** Size of the product preview image (the Open Graph recommendation for large link cards). */
export const PREVIEW_IMAGE_SIZE = { width: 1200, height: 630 };

/** A page's head and the HTTP status its HTML is sent with. */
export type PageMeta = { head: PageHead; status: 200 | 404 };

/** Client routes that exist but are personal or transactional: served, never indexed. */
const PRIVATE_ROUTES: Readonly<Record<string, string>> = {
  '/cart': 'Shopping Cart',
  '/wishlist': 'My Wishlist',
  '/checkout': 'Checkout',
  '/account': 'My Account',
  '/orders': 'My Orders',
  '/payment': 'Payment',
  '/order-success': 'Order Placed',
  '/track-order': 'Track Order',
  '/login': 'Sign In',
  '/register': 'Create Account',
  '/forgot-password': 'Forgot Password',
  '/reset-password': 'Reset Password',
  '/contact': 'Contact Us',
  '/newsletter/unsubscribe': 'Unsubscribe',
  '/api-test': 'API Connection Test',
  '/404': 'Page not found',
};

const PRODUCT_PATH = /^\/product\/([^/]+)\/?$/;
/** The shopper's return request page of an order (docs/returns.md): personal, served, never indexed. */
const RETURN_REQUEST_PATH = /^\/orders\/[^/]+\/return\/?$/;

/** Where to find what a page needs: the store, the request's origin, and the catalogue's version. */
export type PageContext = {
  db: Db;
  storeId: number;
  origin: string;
  /** The instant whose running promotions price the page (default: now). */
  now?: Date;
};

/**
 * The product's own SKU (variants carry theirs) and the store's catalogue version, which names the preview
 * image's URL so a changed image gets a new one.
 */
async function productSku(
  context: PageContext,
  productId: string,
): Promise<{ sku: string; version: number }> {
  const [row] = await context.db
    .select({ sku: products.sku, version: stores.catalogVersion })
    .from(products)
    .innerJoin(stores, eq(stores.id, products.storeId))
    .where(and(eq(products.storeId, context.storeId), eq(products.id, productId)))
    .limit(1);
  return { sku: row?.sku ?? productId, version: row?.version ?? 0 };
}

/**
 * The head and status of the storefront page at `pathname` + `search` of `context.storeId`.
 * Unknown products, unknown single-segment paths and deeper unknown paths → 404 with a not-indexed head.
 */
export async function pageMetaFor(
  context: PageContext,
  pathname: string,
  search: URLSearchParams,
  testMode: boolean,
): Promise<PageMeta> {
  const { origin } = context;
  const info = await getStoreInfo(context.db, context.storeId, testMode);
  const brand = info.storeName || info.companyName || DEFAULT_BRAND;
  const shopDescription = plainSummary(
    info.description ?? 'Unstitched fabrics, ethnic wear and accessories, delivered across India.',
  );
  const base = { siteName: brand, description: shopDescription, jsonLd: [] as object[] };
  const home = { name: brand, url: `${origin}/` };
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;

  if (path === '/') {
    const logo = info.companyLogoUrl ? absolute(origin, info.companyLogoUrl) : null;
    return {
      status: 200,
      head: {
        ...base,
        title: info.description ? `${brand} — ${plainSummary(info.description, 60)}` : brand,
        canonicalUrl: `${origin}/`,
        type: 'website',
        ...(logo ? { image: { url: logo, alt: `${brand} logo` } } : {}),
        jsonLd: [organization(info, brand, origin), webSite(brand, origin)],
      },
    };
  }

  if (path === '/products') {
    const headline = productsHeadline({
      category: search.get('category'),
      parentCategory: search.get('parentCategory'),
      featured: search.get('featured') === 'true',
    });
    const query = search.get('q')?.trim();
    const canonicalUrl = canonicalListingUrl(origin, search);
    const title = query ? `Results for "${query}" | ${brand}` : `${headline} | ${brand}`;
    return {
      status: 200,
      head: {
        ...base,
        title,
        description: query
          ? `${headline} at ${brand} matching "${query}".`
          : plainSummary(`${headline} at ${brand}. ${shopDescription}`),
        canonicalUrl,
        type: 'website',
        // A search or a filtered view is a variant of its listing: indexed through the canonical URL only.
        noindex: Boolean(query),
        jsonLd: [breadcrumbs([home, { name: headline, url: canonicalUrl }])],
      },
    };
  }

  const productMatch = PRODUCT_PATH.exec(path);
  if (productMatch) {
    const id = decodeURIComponent(productMatch[1]!).toLowerCase();
    const product = await getProduct(context.db, context.storeId, id, context.now ?? new Date());
    if (!product) return notFound(base, brand);
    const { sku, version } = await productSku(context, product.id);
    const url = `${origin}/product/${product.id}`;
    const prices = product.variants.length
      ? product.variants.map((variant) => payPrice(variant.price, variant.discountedPrice))
      : [payPrice(product.regularPrice, product.discountedPrice)];
    const categoryUrl = canonicalListingUrl(origin, new URLSearchParams({ category: product.category }));
    return {
      status: 200,
      head: {
        ...base,
        title: `${product.title} | ${brand}`,
        description: plainSummary(product.description) || shopDescription,
        canonicalUrl: url,
        type: 'product',
        image: {
          url: `${origin}/og/product/${product.id}.jpg?v=${version}`,
          ...PREVIEW_IMAGE_SIZE,
          alt: product.title,
        },
        price: { amount: Math.min(...prices), currency: 'INR' },
        jsonLd: [
          productJsonLd(
            product,
            sku,
            url,
            origin,
            reviewProperties(product, await pageReviews(context.db, context.storeId, product)),
          ),
          breadcrumbs([
            home,
            { name: productsHeadline({ category: product.category }), url: categoryUrl },
            { name: product.title, url },
          ]),
        ],
      },
    };
  }

  const slug = path.slice(1);
  if ((policySlugs as readonly string[]).includes(slug)) {
    const title = POLICY_TITLES[slug as PolicySlug];
    const text = info.policies[slug];
    return {
      status: 200,
      head: {
        ...base,
        title: `${title} - ${info.companyName || brand}`,
        description: text ? plainSummary(text) || shopDescription : shopDescription,
        canonicalUrl: `${origin}/${slug}`,
        type: 'website',
        jsonLd: [breadcrumbs([home, { name: title, url: `${origin}/${slug}` }])],
      },
    };
  }

  const privateTitle =
    PRIVATE_ROUTES[path] ?? (RETURN_REQUEST_PATH.test(path) ? 'Return or exchange' : undefined);
  if (privateTitle) {
    return {
      status: 200,
      head: { ...base, title: `${privateTitle} | ${brand}`, type: 'website', noindex: true },
    };
  }
  return notFound(base, brand);
}

function notFound(base: Pick<PageHead, 'siteName' | 'description' | 'jsonLd'>, brand: string): PageMeta {
  return {
    status: 404,
    head: { ...base, jsonLd: [], title: `Page not found | ${brand}`, type: 'website', noindex: true },
  };
}
