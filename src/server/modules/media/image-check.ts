/**
 * What an uploaded file must be before it is decoded (docs/admin.md "Images", docs/decisions/016-uploaded-images.md):
 * a JPEG, PNG or WebP by its first bytes (never by its name or Content-Type), ending exactly where the image's
 * own structure ends (no bytes after JPEG's end-of-image marker, PNG's IEND chunk or WebP's RIFF length: that
 * is where ZIP archives, HTML and scripts are hidden in "polyglot" files), and holding no HTML or script markup
 * anywhere (a comment or metadata chunk that a browser could read as a page). The pixels are then decoded and
 * re-encoded by ./image-pipeline.ts, so no byte of the upload itself is ever served.
 */

/** The formats taken, as sharp names them. */
export type ImageFormat = 'jpeg' | 'png' | 'webp';

/** Why a file is refused before decoding. */
export type ImageProblem = 'empty' | 'not_an_image' | 'data_after_end' | 'markup';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The format the first bytes of `bytes` announce, or null for anything else (GIF, text, HTML, …). */
export function sniffFormat(bytes: Buffer): ImageFormat | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  if (
    bytes.length >= 12 &&
    bytes.toString('latin1', 0, 4) === 'RIFF' &&
    bytes.toString('latin1', 8, 12) === 'WEBP'
  ) {
    return 'webp';
  }
  return null;
}

/**
 * The offset just after a JPEG's end-of-image marker (FFD9), found by walking its segments and the
 * entropy-coded data after each start-of-scan (a thumbnail's FFD9 inside EXIF is skipped with its segment);
 * null when the structure is broken.
 */
export function jpegEnd(bytes: Buffer): number | null {
  let at = 2;
  while (at < bytes.length) {
    if (bytes[at] !== 0xff) return null;
    while (bytes[at] === 0xff) at += 1;
    if (at >= bytes.length) return null;
    const marker = bytes[at]!;
    at += 1;
    if (marker === 0xd9) return at;
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) continue;
    if (at + 2 > bytes.length) return null;
    const length = bytes.readUInt16BE(at);
    if (length < 2) return null;
    at += length;
    if (marker !== 0xda) continue;
    // Entropy-coded data: FF00 is a data byte, FFD0–FFD7 restart markers; any other FFxx ends the scan.
    while (at < bytes.length - 1) {
      if (bytes[at] === 0xff) {
        const next = bytes[at + 1]!;
        if (next === 0x00 || (next >= 0xd0 && next <= 0xd7)) at += 2;
        else if (next === 0xff) at += 1;
        else break;
      } else {
        at += 1;
      }
    }
    if (at >= bytes.length - 1) return null;
  }
  return null;
}

/** The offset just after a PNG's IEND chunk (with its CRC), or null when the chunks are broken. */
export function pngEnd(bytes: Buffer): number | null {
  let at = 8;
  while (at + 12 <= bytes.length) {
    const length = bytes.readUInt32BE(at);
    const type = bytes.toString('latin1', at + 4, at + 8);
    const next = at + 12 + length;
    if (next > bytes.length) return null;
    if (type === 'IEND') return next;
    at = next;
  }
  return null;
}

/** The offset just after a WebP's RIFF container (8 + its declared size), or null when it overruns. */
export function webpEnd(bytes: Buffer): number | null {
  const size = bytes.readUInt32LE(4);
  const end = 8 + size + (size % 2);
  return end <= bytes.length ? end : null;
}

/** HTML or script markup a browser could act on, anywhere in the bytes (read as Latin-1). */
const MARKUP = /<(?:script|html|head|body|iframe|svg|object|embed|meta|!doctype|\?php)[\s/>]/i;

/**
 * The format of `bytes` when it may be decoded, else the problem: `empty` (zero bytes), `not_an_image`
 * (not JPEG, PNG or WebP by its first bytes, or a structure that cannot be walked), `data_after_end`
 * (anything after the image's end: an appended archive, page or script), `markup` (HTML or script tags
 * inside the file, e.g. in a JPEG comment or a PNG text chunk).
 */
export function checkImageBytes(bytes: Buffer): { format: ImageFormat } | { problem: ImageProblem } {
  if (bytes.length === 0) return { problem: 'empty' };
  const format = sniffFormat(bytes);
  if (!format) return { problem: 'not_an_image' };
  const end = format === 'jpeg' ? jpegEnd(bytes) : format === 'png' ? pngEnd(bytes) : webpEnd(bytes);
  if (end === null) return { problem: 'not_an_image' };
  if (end !== bytes.length) return { problem: 'data_after_end' };
  if (MARKUP.test(bytes.toString('latin1'))) return { problem: 'markup' };
  return { format };
}
