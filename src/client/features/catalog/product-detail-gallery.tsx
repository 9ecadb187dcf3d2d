/**
 * The product page's images (docs/product.md §2 "Product detail"): the main image with a thumbnail strip when the
 * product has several images; a broken image is replaced by the local fallback (docs/product.md §8 "Image failure").
 * Images uploaded in the admin come with a `srcset` of WebP widths and their pixel size, so the browser picks
 * the width the layout needs; the main image is fetched first (`fetchpriority="high"`), thumbnails lazily.
 */
import { useState, type SyntheticEvent } from 'react';
import { cn } from '@client/lib/utils';
import { PRODUCT_FALLBACK_IMAGE } from '@client/components/catalog/product-fallback-image';
import { failedBeforeHydration } from '@client/components/catalog/broken-image';
import type { ImageSources } from '@client/lib/catalog/product-variants';

/** The main image's rendered width: the full column below 768 px, half the page beside the details above. */
const MAIN_SIZES = '(min-width: 768px) 50vw, 100vw';

/** Swaps a broken image for the fallback once (the fallback itself is never retried). */
function swapToFallback(image: HTMLImageElement): void {
  if (image.src.endsWith(PRODUCT_FALLBACK_IMAGE)) return;
  image.removeAttribute('srcset');
  image.src = PRODUCT_FALLBACK_IMAGE;
}

const showFallbackImage = (event: SyntheticEvent<HTMLImageElement>) => swapToFallback(event.currentTarget);

/** The same for a picture that failed before the page was hydrated (its error event came too early). */
const fallBackIfFailedEarly = (image: HTMLImageElement | null) => {
  if (failedBeforeHydration(image)) swapToFallback(image);
};

/** The product's distinct image URLs, main image first. */
export function galleryImages(main: string, images: readonly string[]): string[] {
  return [...new Set([main, ...images].filter((url) => url.trim() !== ''))];
}

export function ProductDetailGallery({
  name,
  images,
  sources = {},
}: {
  name: string;
  images: string[];
  sources?: ImageSources;
}) {
  const [selected, setSelected] = useState(0);
  const current = images[selected] ?? images[0] ?? PRODUCT_FALLBACK_IMAGE;
  const source = sources[current];

  return (
    <div className="flex flex-col gap-3">
      <div className="overflow-hidden rounded-lg border border-stone-200 bg-brand-50">
        <img
          key={current}
          src={current}
          srcSet={source?.srcset}
          sizes={source ? MAIN_SIZES : undefined}
          alt={images.length > 1 ? `${name}, image ${selected + 1} of ${images.length}` : name}
          width={source?.width ?? 800}
          height={source?.height ?? 1000}
          decoding="async"
          fetchPriority="high"
          onError={showFallbackImage}
          ref={fallBackIfFailedEarly}
          className="aspect-[4/5] w-full object-cover"
        />
      </div>
      {images.length > 1 && (
        <ul className="flex gap-2 overflow-x-auto pb-1" aria-label="Product images">
          {images.map((url, index) => (
            <li key={url} className="shrink-0">
              <button
                type="button"
                onClick={() => setSelected(index)}
                aria-label={`Show image ${index + 1} of ${images.length}`}
                aria-pressed={index === selected}
                className={cn(
                  'block overflow-hidden rounded-md border-2 bg-brand-50 transition-colors',
                  index === selected ? 'border-brand-700' : 'border-transparent hover:border-stone-300',
                )}
              >
                <img
                  src={url}
                  srcSet={sources[url]?.srcset}
                  sizes={sources[url] ? '64px' : undefined}
                  alt=""
                  width={64}
                  height={80}
                  loading="lazy"
                  decoding="async"
                  onError={showFallbackImage}
                  ref={fallBackIfFailedEarly}
                  className="h-20 w-16 object-cover"
                />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
