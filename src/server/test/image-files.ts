/**
 * Test images made with sharp (JPEG, PNG, WebP, GIF of a given size, a JPEG with an EXIF orientation) and
 * the hostile files the upload must refuse (polyglots, markup in a comment, truncated), plus a
 * `multipart/form-data` body builder for `app.inject()`.
 */
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';

type Size = { width: number; height: number };

/** A plain picture of `width` × `height` pixels (a gradient-free colour block with a stripe). */
export function testImage(
  format: 'jpeg' | 'png' | 'webp' | 'gif',
  { width, height }: Size = { width: 1600, height: 1000 },
): Promise<Buffer> {
  const image = sharp({ create: { width, height, channels: 3, background: { r: 180, g: 40, b: 60 } } });
  return image[format]().toBuffer();
}

/** A JPEG stored sideways: `width` × `height` pixels with EXIF orientation 6 (turn 90° clockwise to show). */
export function sidewaysJpeg({ width, height }: Size): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 10, g: 120, b: 90 } } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/** A JPEG with a comment segment (COM, FFFE) holding `text`, right after its start-of-image marker. */
export function jpegWithComment(jpeg: Buffer, text: string): Buffer {
  const body = Buffer.from(text, 'latin1');
  const header = Buffer.from([0xff, 0xfe, 0, 0]);
  header.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), header, body, jpeg.subarray(2)]);
}

/** A PNG with a `tEXt` chunk holding `text`, before its IEND chunk (CRC left zero: never decoded). */
export function pngWithText(png: Buffer, text: string): Buffer {
  const data = Buffer.from(`Comment\0${text}`, 'latin1');
  const chunk = Buffer.alloc(12 + data.length);
  chunk.writeUInt32BE(data.length, 0);
  chunk.write('tEXt', 4, 'latin1');
  data.copy(chunk, 8);
  const iend = png.length - 12;
  return Buffer.concat([png.subarray(0, iend), chunk, png.subarray(iend)]);
}

/** The bytes of a small ZIP archive's local file header and end record (enough for `unzip -l` to list it). */
export const ZIP_PAYLOAD = Buffer.concat([
  Buffer.from('PK\x03\x04', 'latin1'),
  randomBytes(40),
  Buffer.from('PK\x05\x06', 'latin1'),
  Buffer.alloc(18),
]);

/** One file of a multipart body. */
export type MultipartFile = { name: string; bytes: Buffer; type?: string; field?: string };

/** A `multipart/form-data` payload with `files`, and its content-type header. */
export function multipartBody(files: MultipartFile[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----resham${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const file of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'files'}"; filename="${file.name}"\r\n` +
          `Content-Type: ${file.type ?? 'image/jpeg'}\r\n\r\n`,
        'latin1',
      ),
      file.bytes,
      Buffer.from('\r\n', 'latin1'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`, 'latin1'));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
