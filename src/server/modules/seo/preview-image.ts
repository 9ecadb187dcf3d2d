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
import { MEDIA_URL_PREFIX } from '../media/media-files';
import { PREVIEW_IMAGE_SIZE } from './page-meta';

/** The shop's colour behind pictures that cannot be read (the storefront's theme colour). */
const CARD_BACKGROUND = { r: 124, g: 45, b: 18, alpha: 1 };
/** Folders the server may read for a preview: URL path prefix → folder. */
export type ImageFolders = readonly [prefix: string, folder: string][];

/** The demo shop's pictures and, under `mediaDir` (`DATA_DIR/media`), the images uploaded in the admin. */
export const previewImageFolders = (mediaDir: string): ImageFolders => [
  ['/media/demo/', demoImagesDir],
  [MEDIA_URL_PREFIX, mediaDir],
];

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

/**
 * JPEG bytes of the preview of a product whose main image is `imageUrl` (a URL path as the catalogue stores
 * it), read from `folders`. A picture that cannot be read or decoded gives the plain card; never throws for bad images.
 */
export async function productPreviewImage(imageUrl: string | null, folders: ImageFolders): Promise<Buffer> {
  const { width, height } = PREVIEW_IMAGE_SIZE;
  const sharp = await loadSharp();
  const file = localImageFile(imageUrl, folders);
  const source = file ? await readFile(file).catch(() => null) : null;
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
