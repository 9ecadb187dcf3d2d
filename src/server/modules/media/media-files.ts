/**
 * Where uploaded images live and how they are named (docs/admin.md "Images"): `DATA_DIR/media/<store id>/`
 * holds `<hash>-<width>.webp` for each width written, served at `/media/store/<store id>/<hash>-<width>.webp`
 * with `Cache-Control: public, max-age=31536000, immutable` (the name changes with the content). Files are
 * written under a temporary name and renamed into place only once every file of a request was written, and
 * removed again when the request fails after that, so a refused upload leaves nothing behind.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ProcessedImage } from './image-pipeline';

/** The public path under which uploaded images are served. */
export const MEDIA_URL_PREFIX = '/media/store/';

/** The folder of uploaded images: `DATA_DIR/media`. */
export const mediaDirOf = (dataDir: string) => join(dataDir, 'media');

/** The public URL of one file of `hash` at `width` pixels. */
export const mediaUrl = (storeId: number, hash: string, width: number) =>
  `${MEDIA_URL_PREFIX}${storeId}/${hash}-${width}.webp`;

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
 * Writes every file of `images` for `storeId` into `mediaDir`: first all under temporary names, then renamed
 * into place. A file that already exists (the same picture uploaded before) is left as it is.
 * @throws the file-system error after removing whatever it wrote.
 */
export async function writeImageFiles(
  mediaDir: string,
  storeId: number,
  images: ProcessedImage[],
): Promise<WrittenFiles> {
  const folder = join(mediaDir, String(storeId));
  await mkdir(folder, { recursive: true });
  const pending: { temporary: string; final: string }[] = [];
  const created: string[] = [];
  const removeAll = async () => {
    const paths = [...pending.map((file) => file.temporary), ...created];
    await Promise.all(paths.map((path) => rm(path, { force: true })));
  };
  try {
    for (const image of images) {
      for (const file of image.files) {
        const final = join(folder, `${image.hash}-${file.width}.webp`);
        if (existsSync(final) || pending.some((entry) => entry.final === final)) continue;
        const temporary = join(folder, `.upload-${randomBytes(8).toString('hex')}.tmp`);
        pending.push({ temporary, final });
        await writeFile(temporary, file.bytes);
      }
    }
    while (pending.length > 0) {
      const file = pending[0]!;
      await rename(file.temporary, file.final);
      pending.shift();
      created.push(file.final);
    }
  } catch (error) {
    await removeAll();
    throw error;
  }
  return { remove: removeAll };
}
