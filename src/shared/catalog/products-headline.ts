/**
 * Texts of the products page header (docs/product.md §2 "Products page"): the headline and the collection heading.
 * Pure: the page passes in its query parameters.
 */
import { capitaliseWords } from '../text/capitalise-words';

export type ProductsHeadlineParams = {
  /** The `category` query parameter (the header sends it lower-cased). */
  category?: string | null;
  /** The `parentCategory` query parameter. */
  parentCategory?: string | null;
  /** True when the page was opened with `featured=true`. */
  featured?: boolean;
};

function clean(value: string | null | undefined): string {
  return value?.trim() ?? '';
}

/**
 * The products page headline (docs/product.md §2 "Products page"):
 * - a `parentCategory`, if present, replaces the headline (shown capitalised);
 * - category men → "Men's Ethnic Wear", women → "Women's Ethnic Wear" (case-insensitive);
 * - any other category → the capitalised category name ("unstitched fabrics" → "Unstitched Fabrics");
 * - no category → 'All Products', or 'Featured Products' when the page lists featured items (`featured=true`,
 *   the home page's 'Featured Items' button).
 */
export function productsHeadline({
  category,
  parentCategory,
  featured = false,
}: ProductsHeadlineParams): string {
  const parent = clean(parentCategory);
  if (parent) return capitaliseWords(parent);
  const name = clean(category);
  if (!name) return featured ? 'Featured Products' : 'All Products';
  switch (name.toLowerCase()) {
    case 'men':
      return "Men's Ethnic Wear";
    case 'women':
      return "Women's Ethnic Wear";
    default:
      return capitaliseWords(name);
  }
}

/**
 * The collection heading above the grid (docs/product.md §2 "Products page": "{Category}'s Collection", with special
 * headings for men, women and accessories):
 * - men → "Men's Collection", women → "Women's Collection", accessories → "Accessories Collection";
 * - another category → "{Category}'s Collection" with the capitalised name ("kids" would read "Kids
 *   Collection": a name ending in "s" takes no "'s", as the accessories heading does, so "unstitched fabrics"
 *   → "Unstitched Fabrics Collection" and "saree" → "Saree's Collection");
 * - no category → 'Featured Collection' for featured items, else 'Our Collection'.
 */
export function collectionHeading({
  category,
  featured = false,
}: Omit<ProductsHeadlineParams, 'parentCategory'>): string {
  const name = clean(category);
  if (!name) return featured ? 'Featured Collection' : 'Our Collection';
  switch (name.toLowerCase()) {
    case 'men':
      return "Men's Collection";
    case 'women':
      return "Women's Collection";
    case 'accessories':
      return 'Accessories Collection';
    default: {
      const title = capitaliseWords(name);
      return /s$/i.test(title) ? `${title} Collection` : `${title}'s Collection`;
    }
  }
}
