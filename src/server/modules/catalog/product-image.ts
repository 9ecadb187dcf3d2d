/** One image of a product as the storefront gets it (docs/product.md §3 `{ url }`, plus `srcset` and size when uploaded). */
import type { ProductImage } from '@shared/catalog/product-schema';
import { srcsetOf } from '../media/media-files';

/**
 * `{ url }`, with `srcset`, `width` and `height` (pixels of the widest file) when `url` is an image uploaded
 * in the admin (its `uploaded_images` row gave `widths`, `width`, `height`).
 */
export function productImage(
  url: string,
  widths: number[] | null,
  width: number | null,
  height: number | null,
): ProductImage {
  const srcset = widths && widths.length > 0 ? srcsetOf(url, widths) : null;
  if (!srcset || width === null || height === null) return { url };
  return { url, srcset, width, height };
}
