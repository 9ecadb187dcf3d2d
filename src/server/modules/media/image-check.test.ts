/** The byte checks before decoding: formats by their first bytes, the image's end, markup inside. */
import { describe, expect, it } from 'vitest';
import { jpegWithComment, pngWithText, testImage, ZIP_PAYLOAD } from '../../test/image-files';
import { checkImageBytes, sniffFormat } from './image-check';

describe('checkImageBytes', () => {
  it('takes JPEG, PNG and WebP by their first bytes', async () => {
    expect(checkImageBytes(await testImage('jpeg'))).toEqual({ format: 'jpeg' });
    expect(checkImageBytes(await testImage('png'))).toEqual({ format: 'png' });
    expect(checkImageBytes(await testImage('webp'))).toEqual({ format: 'webp' });
  });

  it('refuses GIF, text, HTML and nothing at all', async () => {
    expect(checkImageBytes(await testImage('gif'))).toEqual({ problem: 'not_an_image' });
    expect(checkImageBytes(Buffer.from('just some text'))).toEqual({ problem: 'not_an_image' });
    expect(sniffFormat(Buffer.from('<!doctype html><p>hi'))).toBeNull();
    expect(checkImageBytes(Buffer.alloc(0))).toEqual({ problem: 'empty' });
  });

  it('refuses anything after the end of the image', async () => {
    for (const format of ['jpeg', 'png', 'webp'] as const) {
      const image = await testImage(format, { width: 64, height: 64 });
      expect(checkImageBytes(Buffer.concat([image, ZIP_PAYLOAD]))).toEqual({ problem: 'data_after_end' });
      expect(checkImageBytes(Buffer.concat([image, Buffer.from('<html></html>')]))).toEqual({
        problem: 'data_after_end',
      });
    }
  });

  it('refuses markup inside the image and a broken structure', async () => {
    const jpeg = await testImage('jpeg', { width: 64, height: 64 });
    expect(checkImageBytes(jpegWithComment(jpeg, '<html><script>alert(1)</script></html>'))).toEqual({
      problem: 'markup',
    });
    expect(checkImageBytes(jpegWithComment(jpeg, 'Shot on a phone'))).toEqual({ format: 'jpeg' });
    const png = await testImage('png', { width: 64, height: 64 });
    expect(checkImageBytes(pngWithText(png, '<svg onload=alert(1)>'))).toEqual({ problem: 'markup' });
    expect(checkImageBytes(jpeg.subarray(0, jpeg.length - 20))).toEqual({ problem: 'not_an_image' });
    expect(checkImageBytes(png.subarray(0, png.length - 6))).toEqual({ problem: 'not_an_image' });
  });
});
