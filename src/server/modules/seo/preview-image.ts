/**
 * The 1200 × 630 preview image of a product for link cards (Open Graph, Twitter), generated from its main
 * image with sharp: the picture whole in the middle over a blurred, cropped copy of itself, as JPEG. Only
 * images the shop serves itself are read (the demo shop's pictures and images uploaded in the admin); a
 * product whose picture lives elsewhere
 * gets a plain card in the shop's colour, so the server never fetches a URL named by catalogue data.
 */
import { readFile } from 'node:fs/promises';
import { join, normalize, sep } from 'node:path';
import { loadSharp } from '../../sharp-loader';
import { demoImagesDir } from '../../paths';
import { MEDIA_URL_PREFIX, mediaKeyOfUrl } from '../media/media-files';
import type { MediaStorage } from '../media/media-storage';
import { PREVIEW_IMAGE_SIZE } from './page-meta';

/** The shop's colour behind pictures that cannot be read (the storefront's theme colour). */
const CARD_BACKGROUND = { r: 124, g: 45, b: 18, alpha: 1 };
/** Folders the server may read for a preview: URL path prefix → folder. */
export type ImageFolders = readonly [prefix: string, folder: string][];

/**
 * The demo shop's pictures and, under `mediaDir` (`DATA_DIR/media`) when given, the images uploaded in the
 * admin (without it they are read from the media storage: {@link productPreviewImage}).
 */
export const previewImageFolders = (mediaDir?: string): ImageFolders =>
  mediaDir
    ? [
        ['/media/demo/', demoImagesDir],
        [MEDIA_URL_PREFIX, mediaDir],
      ]
    : [['/media/demo/', demoImagesDir]];

/**
 * The file behind an image URL the shop serves itself, or null (other hosts, paths leaving the folder).
 */
export function localImageFile(url: string | null, folders: ImageFolders): string | null {
  if (!url) return null;
  for (const [prefix, folder] of folders) {
    if (!url.startsWith(prefix)) continue;
    const name = decodeURIComponent(url.slice(prefix.length).split(/[?#]/)[0] ?? '');
    const file = normalize(join(folder, name));
    return file.startsWith(folder + sep) ? file : null;
  }
  return null;
}

/** The bytes behind an image URL the shop serves itself: an uploaded image from `storage`, else a file of `folders`. */
async function imageSource(
  url: string | null,
  folders: ImageFolders,
  storage: MediaStorage | undefined,
): Promise<Buffer | null> {
  const key = url && storage ? mediaKeyOfUrl(url) : null;
  if (key) return (await storage!.get(key).catch(() => null))?.bytes ?? null;
  const file = localImageFile(url, folders);
  return file ? await readFile(file).catch(() => null) : null;
}

/**
 * JPEG bytes of the preview of a product whose main image is `imageUrl` (a URL path as the catalogue stores
 * it), read from `storage` (an uploaded image) or `folders`. A picture that cannot be read or decoded gives
 * the plain card; never throws for bad images.
 */
export async function productPreviewImage(
  imageUrl: string | null,
  folders: ImageFolders,
  storage?: MediaStorage,
): Promise<Buffer> {
  const { width, height } = PREVIEW_IMAGE_SIZE;
  const sharp = await loadSharp();
  const source = await imageSource(imageUrl, folders, storage);
  if (source) {
    try {
      const backdrop = await sharp(source, { density: 144 })
        .resize(width, height, { fit: 'cover' })
        .blur(24)
        .modulate({ brightness: 0.9 })
        .toBuffer();
      const picture = await sharp(source, { density: 144 })
        .resize(height - 40, height - 40, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
        .png()
        .toBuffer();
      return await sharp(backdrop)
        .composite([{ input: picture, gravity: 'center' }])
        .jpeg({ quality: 82 })
        .toBuffer();
    } catch {
      // Not an image sharp can read: the plain card below.
    }
  }
  return sharp({ create: { width, height, channels: 4, background: CARD_BACKGROUND } })
    .jpeg({ quality: 82 })
    .toBuffer();
}
