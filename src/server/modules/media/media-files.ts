/**
 * How uploaded images are named (docs/admin.md "Images"): each width written is the key
 * `<store id>/<hash>-<width>.webp` of the media storage (./media-storage.ts: the folder `DATA_DIR/media` or
 * a bucket), served at `/media/store/<store id>/<hash>-<width>.webp` with
 * `Cache-Control: public, max-age=31536000, immutable` (the name changes with the content). The files of a
 * request are removed again when the request fails after they were written, so a refused upload leaves
 * nothing behind.
 */
import { join } from 'node:path';
import type { ProcessedImage } from './image-pipeline';
import type { MediaStorage } from './media-storage';

/** The public path under which uploaded images are served. */
export const MEDIA_URL_PREFIX = '/media/store/';

/** The folder of uploaded images: `DATA_DIR/media`. */
export const mediaDirOf = (dataDir: string) => join(dataDir, 'media');

/** The public URL of one file of `hash` at `width` pixels. */
export const mediaUrl = (storeId: number, hash: string, width: number) =>
  `${MEDIA_URL_PREFIX}${storeId}/${hash}-${width}.webp`;

/** The key of one file of `hash` at `width` pixels: `<store id>/<hash>-<width>.webp`. */
export const mediaKey = (storeId: number, hash: string, width: number) => `${storeId}/${hash}-${width}.webp`;

const MEDIA_KEY = /^\d{1,10}\/[0-9a-f]{20}-\d{1,5}\.webp$/;

/** Whether `key` names a file the upload pipeline writes (no folders, dots or other names). */
export const isMediaKey = (key: string) => MEDIA_KEY.test(key);

/** The key behind an uploaded image's URL (`/media/store/3/<hash>-640.webp` → `3/<hash>-640.webp`), or null. */
export function mediaKeyOfUrl(url: string): string | null {
  if (!url.startsWith(MEDIA_URL_PREFIX)) return null;
  const key = url.slice(MEDIA_URL_PREFIX.length);
  return isMediaKey(key) ? key : null;
}

/**
 * The `srcset` of an uploaded image whose widest file is `url` and whose files are `widths` pixels wide:
 * `…-320.webp 320w, …-640.webp 640w`. Null when `url` is not one of ours.
 */
export function srcsetOf(url: string, widths: readonly number[]): string | null {
  const match = /^(.*)-\d+\.webp$/.exec(url);
  if (!match || !url.startsWith(MEDIA_URL_PREFIX)) return null;
  return widths.map((width) => `${match[1]}-${width}.webp ${width}w`).join(', ');
}

/**
 * The URL of the narrowest file of an uploaded image whose widest file is `url` and whose files are `widths`
 * pixels wide (`…-320.webp`): for thumbnails. `url` itself when it is not one of ours or no widths are known.
 */
export function narrowestFileOf(url: string, widths: readonly number[] | null): string {
  const match = /^(.*)-\d+\.webp$/.exec(url);
  if (!match || !url.startsWith(MEDIA_URL_PREFIX) || !widths || widths.length === 0) return url;
  return `${match[1]}-${Math.min(...widths)}.webp`;
}

/** Files put in place by {@link writeImageFiles}; `remove()` takes back the ones it created. */
export type WrittenFiles = { remove: () => Promise<void> };

/**
 * Writes every file of `images` for `storeId` into `storage`. A file that already exists (the same picture
 * uploaded before) is left as it is.
 * @throws the storage's error after removing whatever it wrote.
 */
export async function writeImageFiles(
  storage: MediaStorage,
  storeId: number,
  images: ProcessedImage[],
): Promise<WrittenFiles> {
  const created: string[] = [];
  const removeAll = async () => {
    await Promise.allSettled(created.map((key) => storage.delete(key)));
  };
  const seen = new Set<string>();
  try {
    for (const image of images) {
      for (const file of image.files) {
        const key = mediaKey(storeId, image.hash, file.width);
        if (seen.has(key)) continue;
        seen.add(key);
        if (await storage.has(key)) continue;
        await storage.put(key, file.bytes);
        created.push(key);
      }
    }
  } catch (error) {
    await removeAll();
    throw error;
  }
  return { remove: removeAll };
}
