/**
 * Keeps a server-rendered page's hydration data lean (docs/seo.md "How pages are sent"): product cards
 * (listings and the home page's featured products) show a product's name, picture, price, category and unit,
 * and choose from its sizes and colours; its description and attributes (most of a listed product's bytes)
 * are shown only on its own page and quick view, which load the product in full. Those two are sent empty
 * (`''`, `[]`), so the cards hydrate with the same shape.
 * Used by the server renderer only (not part of the browser's bundle).
 */
import type { QueryKey } from '@tanstack/react-query';
import type { Product } from '@shared/catalog/product-mapping';

const CARD_QUERIES = new Set(['list', 'featured']);

const cardOnly = (product: Product): Product => ({ ...product, description: '', attributes: [] });

/** `data` as the page-data script carries it: product-card queries without what cards never show. */
export function leanPageData(queryKey: QueryKey, data: unknown): unknown {
  if (queryKey[0] !== 'products' || !CARD_QUERIES.has(String(queryKey[1]))) return data;
  if (Array.isArray(data)) return (data as Product[]).map(cardOnly);
  if (data && typeof data === 'object' && Array.isArray((data as { products?: unknown }).products)) {
    const list = data as { products: Product[] };
    return { ...list, products: list.products.map(cardOnly) };
  }
  return data;
}
