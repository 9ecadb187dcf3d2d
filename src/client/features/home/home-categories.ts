/**
 * The home page's category section rules (docs/product.md §2 "Home", §9): every store category, so each one can be
 * reached from the home page (the header links only the first 3), the "TV & Video Accessories" fallback, each
 * card's image and link, and the column count.
 */
import { categoryHref } from '@client/lib/store-info/category-href';

/** The single category used when store info has no categories (docs/product.md §1, §2 "Home", §9). */
export const HOME_FALLBACK_CATEGORY = 'TV & Video Accessories';

/** Image used when a category has neither a store image nor a built-in fallback image (docs/product.md §2 "Home"). */
export const DEFAULT_CATEGORY_IMAGE = '/media/fallback/default-category.svg';

/**
 * The built-in fallback images by category name, kept exactly as docs/product.md §1 lists them (docs/product.md §1; no
 * other electrical-goods wording is used): TV Mounts, HDMI Cables, TV Remote Controls, Streaming Devices,
 * Entertainment Units, and the default image.
 */
export const HOME_FALLBACK_IMAGES: Readonly<Record<string, string>> = {
  'TV Mounts': '/media/fallback/tv-mounts.svg',
  'HDMI Cables': '/media/fallback/hdmi-cables.svg',
  'TV Remote Controls': '/media/fallback/tv-remote-controls.svg',
  'Streaming Devices': '/media/fallback/streaming-devices.svg',
  'Entertainment Units': '/media/fallback/entertainment-units.svg',
  default: DEFAULT_CATEGORY_IMAGE,
};

export type HomeCategory = { name: string; image: string; href: string };

/**
 * The categories of the home section (docs/product.md §2 "Home"): every non-blank name from store info, in its order,
 * or the single {@link HOME_FALLBACK_CATEGORY} when there are none.
 */
export function homeCategoryNames(categories: readonly string[] | null | undefined): string[] {
  const names = (categories ?? []).map((name) => name.trim()).filter(Boolean);
  return names.length ? names : [HOME_FALLBACK_CATEGORY];
}

function findByName(map: Readonly<Record<string, string>>, name: string): string | undefined {
  const exact = map[name];
  if (exact) return exact;
  const wanted = name.trim().toLowerCase();
  const key = Object.keys(map).find((candidate) => candidate.trim().toLowerCase() === wanted);
  return key ? map[key] : undefined;
}

/**
 * A category card's image (docs/product.md §2 "Home"): the store's `categoryImages` entry (the server gives a category
 * without an image of its own its first product's), else the built-in fallback
 * image by name, else the default image. Names match exactly first, then ignoring case and outer spaces;
 * blank URLs are skipped.
 */
export function homeCategoryImage(
  name: string,
  categoryImages: Readonly<Record<string, string>> | null | undefined,
): string {
  const fromStore = findByName(categoryImages ?? {}, name)?.trim();
  if (fromStore) return fromStore;
  const builtIn =
    name.trim().toLowerCase() === 'default' ? undefined : findByName(HOME_FALLBACK_IMAGES, name);
  return builtIn ?? DEFAULT_CATEGORY_IMAGE;
}

/** The cards of the home category section: names, images and links (docs/product.md §2 "Home"). */
export function homeCategories(
  categories: readonly string[] | null | undefined,
  categoryImages: Readonly<Record<string, string>> | null | undefined,
): HomeCategory[] {
  return homeCategoryNames(categories).map((name) => ({
    name,
    image: homeCategoryImage(name, categoryImages),
    href: categoryHref(name),
  }));
}

/**
 * Grid columns by category count (docs/product.md §2 "Home": 1, 2 or 3 columns); one column on phones. Rows stay full:
 * 3 columns for 3, 6, 9… categories, else 2 (4 as 2 × 2).
 */
export function homeCategoryGridClass(count: number): string {
  if (count % 3 === 0) return 'grid-cols-1 sm:grid-cols-3';
  return count > 1 ? 'grid-cols-1 sm:grid-cols-2' : 'grid-cols-1';
}
