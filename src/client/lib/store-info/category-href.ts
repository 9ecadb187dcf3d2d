/**
 * The link to a store category's listing, as the header, the footer and the home page's category cards give it
 * (docs/product.md §2 "Main layout", "Home"): /products with `category` set to the lower-cased, URL-encoded name,
 * e.g. 'Unstitched Fabrics' → `/products?category=unstitched%20fabrics`.
 */
export function categoryHref(category: string): string {
  return `/products?category=${encodeURIComponent(category.toLowerCase())}`;
}
