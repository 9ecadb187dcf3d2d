/**
 * A product's picture in the admin's product list: its thumbnail (the server's `thumbnailUrl`, an uploaded
 * image's narrowest file) at a fixed 40 × 48 pixels, so the rows never shift as pictures arrive, with the
 * product's title as its alt text; a neutral box of the same size for a product without images. It fills the
 * first column of the row's grid, both lines high.
 */
import { ImageOff } from 'lucide-react';

/** Width and height of the thumbnail in CSS pixels (a portrait 5:6 box; pictures are cropped to fill it). */
export const THUMBNAIL_SIZE = { width: 40, height: 48 } as const;

export function ProductThumbnail({ url, title }: { url: string | null; title: string }) {
  if (!url) {
    return (
      <span
        aria-hidden="true"
        data-testid="no-picture"
        className="row-span-2 flex h-12 w-10 items-center justify-center rounded border border-stone-200 bg-stone-100 text-stone-400"
      >
        <ImageOff className="size-4" />
      </span>
    );
  }
  return (
    <img
      src={url}
      alt={title}
      width={THUMBNAIL_SIZE.width}
      height={THUMBNAIL_SIZE.height}
      loading="lazy"
      decoding="async"
      className="row-span-2 h-12 w-10 rounded border border-stone-200 bg-stone-100 object-cover"
    />
  );
}
