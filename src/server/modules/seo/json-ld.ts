/**
 * The schema.org objects (JSON-LD) and URLs of the storefront's pages (docs/seo.md): `Product` with its offers,
 * `BreadcrumbList`, `Organization` and `WebSite`, canonical listing URLs and absolute image URLs. Prices in
 * rupees, INR.
 */
import { indiaDateOf } from '@shared/discounts/promotion-times';
import type { ProductDetail } from '@shared/catalog/product-schema';
import type { StoreInfo } from '@shared/store-settings/store-info-schema';
import { plainSummary } from './page-head';

/** The rupees a shopper pays for a product or variant (the sale price when there is one). */
export const payPrice = (regular: number, discounted: number | null) => discounted ?? regular;

/** Absolute URL of a path or URL as the page names it (images may already be absolute). */
export function absolute(origin: string, pathOrUrl: string): string {
  return /^https?:\/\//i.test(pathOrUrl)
    ? pathOrUrl
    : `${origin}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`;
}

/** The canonical listing URL: only the lower-cased category (or sub-category) and a page number above 1. */
export function canonicalListingUrl(origin: string, search: URLSearchParams): string {
  const params = new URLSearchParams();
  const category = search.get('category')?.trim().toLowerCase();
  const parent = search.get('parentCategory')?.trim();
  if (category) params.set('category', category);
  if (category && parent) params.set('parentCategory', parent);
  const page = Number(search.get('page'));
  if (Number.isInteger(page) && page > 1) params.set('page', String(page));
  const query = params.toString();
  return `${origin}/products${query ? `?${query}` : ''}`;
}

export function breadcrumbs(items: { name: string; url: string }[]): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: item.name,
      item: item.url,
    })),
  };
}

export function organization(info: StoreInfo, brand: string, origin: string): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: brand,
    ...(info.companyName ? { legalName: info.companyName } : {}),
    url: `${origin}/`,
    ...(info.companyLogoUrl ? { logo: absolute(origin, info.companyLogoUrl) } : {}),
    ...(info.companyEmail ? { email: info.companyEmail } : {}),
    ...(info.companyPhone ? { telephone: info.companyPhone } : {}),
    ...(info.companyAddress
      ? { address: { '@type': 'PostalAddress', streetAddress: info.companyAddress, addressCountry: 'IN' } }
      : {}),
  };
}

export function webSite(brand: string, origin: string): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'WebSite',
    name: brand,
    url: `${origin}/`,
    potentialAction: {
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: `${origin}/products?q={search_term_string}` },
      'query-input': 'required name=search_term_string',
    },
  };
}

const availability = (available: boolean) =>
  available ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock';

/**
 * schema.org `Product` of a product page: one `Offer` per variant (its SKU, price and availability), or one
 * offer for a product without variants; prices in rupees, INR. While a promotion sets the product's prices, each
 * discounted offer carries `priceValidUntil`: the India date of the promotion's last second (schema.org `Offer`,
 * Google's product structured data). `ratings`: the `aggregateRating` and `review` of its real published
 * reviews (./review-json-ld.ts), none without them.
 */
export function productJsonLd(
  product: ProductDetail,
  sku: string,
  url: string,
  origin: string,
  ratings: object = {},
): object {
  const validUntil = (discountedPrice: number | null) =>
    product.promotion && discountedPrice !== null
      ? { priceValidUntil: indiaDateOf(new Date(Date.parse(product.promotion.endsAt) - 1)) }
      : {};
  const images = (product.images.length > 0 ? product.images.map((image) => image.url) : [product.imgUrl])
    .filter((image): image is string => Boolean(image))
    .map((image) => absolute(origin, image));
  const offers =
    product.variants.length > 0
      ? product.variants.map((variant) => ({
          '@type': 'Offer',
          sku: variant.sku,
          price: payPrice(variant.price, variant.discountedPrice).toFixed(2),
          priceCurrency: 'INR',
          ...validUntil(variant.discountedPrice),
          availability: availability(variant.available),
          url,
          ...(variant.size || variant.color
            ? { name: [variant.size, variant.color].filter(Boolean).join(' / ') }
            : {}),
        }))
      : [
          {
            '@type': 'Offer',
            sku,
            price: payPrice(product.regularPrice, product.discountedPrice).toFixed(2),
            priceCurrency: 'INR',
            ...validUntil(product.discountedPrice),
            availability: availability(product.available),
            url,
          },
        ];
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.title,
    description: plainSummary(product.description, 500),
    sku,
    category: product.parentCategory ? `${product.category} > ${product.parentCategory}` : product.category,
    ...(images.length > 0 ? { image: images } : {}),
    offers,
    ...ratings,
  };
}
