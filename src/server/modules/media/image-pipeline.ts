/**
 * The upload pipeline (docs/admin.md "Images"): one checked file (./image-check.ts) becomes WebP files of a
 * few widths — {@link IMAGE_WIDTHS} pixels, never wider than the upload ({@link widthsFor}) — decoded and re-encoded by sharp,
 * turned upright by its EXIF orientation, with no metadata kept (EXIF, GPS, comments, colour profiles are
 * dropped). Every refusal is a {@link BadRequestError} naming the file; nothing is written here.
 */
import { createHash } from 'node:crypto';
import { loadSharp } from '../../sharp-loader';
import { BadRequestError } from '../../errors';
import { checkImageBytes, type ImageProblem } from './image-check';

/** The widths written, in pixels (each narrower than the upload; see {@link widthsFor}). */
export const IMAGE_WIDTHS = [320, 640, 960, 1280] as const;
/** Largest upload, in bytes: 10 MB. */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
/** Largest picture decoded, in pixels (width × height): 50 megapixels, against decompression bombs. */
export const MAX_IMAGE_PIXELS = 50_000_000;
/** WebP quality of the written files (sharp's 1–100 scale). */
const WEBP_QUALITY = 80;

/** One uploaded file as read from the request: its name as sent and its bytes. */
export type UploadedFile = { name: string; bytes: Buffer };

/** One picture ready to be written: its content hash and one WebP per width (ascending). */
export type ProcessedImage = {
  name: string;
  /** The first 20 hex digits of the SHA-256 of the uploaded bytes. */
  hash: string;
  /** Pixel size of the widest file. */
  width: number;
  height: number;
  files: { width: number; bytes: Buffer }[];
};

const PROBLEM_TEXT: Record<ImageProblem, string> = {
  empty: 'is empty',
  not_an_image: 'is not a JPEG, PNG or WebP image',
  data_after_end: 'has data after the end of the image',
  markup: 'contains HTML or script markup',
};

/**
 * The widths to write, in pixels, for a picture `width` pixels wide: the {@link IMAGE_WIDTHS} narrower than
 * it, and its own width up to the widest of them (1280) — never wider than the upload, and no detail of a
 * picture narrower than 1280 px lost: 1600 → 320, 640, 960, 1280; 700 → 320, 640, 700; 200 → 200.
 */
export function widthsFor(width: number): number[] {
  const widest = Math.min(width, IMAGE_WIDTHS.at(-1)!);
  return [...IMAGE_WIDTHS.filter((candidate) => candidate < widest), widest];
}

/**
 * Checks, decodes and re-encodes one file.
 * @throws {BadRequestError} (400) `<name> is empty` | `is not a JPEG, PNG or WebP image` | `has data after
 *   the end of the image` | `contains HTML or script markup` | `is larger than 10 MB` | `cannot be read as an
 *   image` | `is larger than 50 megapixels`.
 */
export async function processImage(file: UploadedFile): Promise<ProcessedImage> {
  if (file.bytes.length > MAX_IMAGE_BYTES) throw new BadRequestError(`${file.name} is larger than 10 MB`);
  const checked = checkImageBytes(file.bytes);
  if ('problem' in checked) throw new BadRequestError(`${file.name} ${PROBLEM_TEXT[checked.problem]}`);
  const sharp = await loadSharp();
  const open = () => sharp(file.bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' });
  let upright: { width: number; height: number };
  try {
    const metadata = await open().metadata();
    if (metadata.format !== checked.format) throw new Error(`decoded as ${metadata.format}`);
    upright = metadata.autoOrient;
  } catch (error) {
    throw unreadable(file.name, error);
  }
  const files: ProcessedImage['files'] = [];
  try {
    for (const width of widthsFor(upright.width)) {
      const { data, info } = await open()
        .rotate()
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: WEBP_QUALITY })
        .toBuffer({ resolveWithObject: true });
      files.push({ width: info.width, bytes: data });
    }
  } catch (error) {
    throw unreadable(file.name, error);
  }
  const widest = files.at(-1)!;
  const widestInfo = await sharp(widest.bytes).metadata();
  return {
    name: file.name,
    hash: createHash('sha256').update(file.bytes).digest('hex').slice(0, 20),
    width: widest.width,
    height: widestInfo.height,
    files,
  };
}

function unreadable(name: string, error: unknown): BadRequestError {
  const tooLarge = error instanceof Error && /pixel limit/i.test(error.message);
  return new BadRequestError(
    tooLarge ? `${name} is larger than 50 megapixels` : `${name} cannot be read as an image`,
  );
}
