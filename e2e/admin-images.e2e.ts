/**
 * Product images in the admin on a phone (390 × 844): the demo owner uploads a PNG and a JPEG (made with
 * sharp here) to a product, each with its own progress row, drags the second upload to the top with the
 * pointer, and the storefront's product page then shows it first as the main image with a `srcset` of WebP
 * widths and `fetchpriority="high"`. With `ADMIN_SCREENSHOTS=docs/admin` it saves the screen as images.png
 * there (docs/admin.md).
 *
 * This file starts its own server (a fresh demo shop, so the demo owner exists and its uploads stay apart).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from './servers';
import { apiCall, type ApiProduct, eventually, useStorefront } from './helpers';

const PHONE = { width: 390, height: 844 };
const browser = useStorefront(PHONE);
const DEMO_OWNER = { email: 'owner@demo.resham.in', password: 'demo-owner-2719' };

let server: { baseUrl: string; stop: () => Promise<void> };
let folder: string;
const shop = () => server.baseUrl;

beforeAll(async () => {
  server = (await startServer()) as typeof server;
  folder = mkdtempSync(join(tmpdir(), 'resham-admin-images-'));
});
afterAll(async () => {
  await server?.stop();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

/** A picture file of `width` × `height` pixels in one colour, written to the test's folder. */
async function pictureFile(name: string, format: 'png' | 'jpeg', width: number, height: number, r: number) {
  const picture = sharp({ create: { width, height, channels: 3, background: { r, g: 60, b: 90 } } });
  const bytes = await (format === 'png' ? picture.png() : picture.jpeg()).toBuffer();
  const path = join(folder, name);
  writeFileSync(path, bytes);
  return path;
}

describe('product images in the admin at 390 × 844', () => {
  it('the owner uploads two images, drags the second to the top, and the product page shows it with srcset', async () => {
    const list = await apiCall<{ data: ApiProduct[] }>(
      'GET',
      '/products?page=1&limit=1',
      undefined,
      undefined,
      shop(),
    );
    const product = list.body.data[0]!;
    const png = await pictureFile('zari-border.png', 'png', 900, 1200, 200);
    const jpeg = await pictureFile('pallu close-up.jpg', 'jpeg', 1400, 1750, 40);

    const page = await browser.newPage();
    await page.goto(`${shop()}/admin/products/${product.id}/images`);
    await page.waitForURL(/\/admin\/sign-in$/);
    await page.getByLabel('Email').fill(DEMO_OWNER.email);
    await page.getByLabel('Password').fill(DEMO_OWNER.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    // Back where the owner was going once signed in.
    await page.waitForURL(/\/images$/);
    await page.getByRole('heading', { name: 'Images' }).waitFor();
    await page.getByText(product.title).first().waitFor(); // the product's images have loaded
    const images = page.getByRole('list', { name: 'Images' }).getByRole('listitem');
    const before = await images.count();

    await page.locator('input[type="file"]').setInputFiles([png, jpeg]);
    const uploads = page.getByRole('list', { name: 'Uploads' }).getByRole('listitem');
    await eventually(() => uploads.count()).toBe(2);
    await eventually(() => uploads.filter({ hasText: 'Uploaded' }).count()).toBe(2);
    await eventually(() => images.count()).toBe(before + 2);
    const last = images.nth(before + 1);
    const jpegUrl = await last.getByRole('img').getAttribute('src');
    expect(jpegUrl).toMatch(/^\/media\/store\/\d+\/[0-9a-f]{20}-1280\.webp$/);
    expect(await last.getByRole('img').getAttribute('srcset')).toContain('-640.webp 640w');

    // Drag the last image's handle above the first image with the pointer, as a finger would.
    const handle = last.locator('[data-drag-handle]');
    await handle.scrollIntoViewIfNeeded();
    const from = (await handle.boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    const first = (await images.first().boundingBox())!;
    const steps = 12;
    for (let step = 1; step <= steps; step++) {
      const y = from.y + from.height / 2 + ((first.y + 5 - (from.y + from.height / 2)) * step) / steps;
      await page.mouse.move(from.x + from.width / 2, y);
      // The page has drawn a frame after the move (the drag follows the pointer frame by frame).
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    }
    await page.mouse.up();
    await eventually(() => images.first().getByRole('img').getAttribute('src')).toBe(jpegUrl);
    await images.first().getByText('Main image').waitFor();
    // Saved: a reload shows the same order.
    await page.reload();
    await eventually(() => images.first().getByRole('img').getAttribute('src')).toBe(jpegUrl);

    if (process.env.ADMIN_SCREENSHOTS) {
      mkdirSync(process.env.ADMIN_SCREENSHOTS, { recursive: true });
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: join(process.env.ADMIN_SCREENSHOTS, 'images.png') });
    }

    // Move down with the keyboard buttons, and back up.
    await images.first().getByRole('button', { name: 'Move Image 1 down' }).click();
    await eventually(() => images.nth(1).getByRole('img').getAttribute('src')).toBe(jpegUrl);
    await images.nth(1).getByRole('button', { name: 'Move Image 2 up' }).click();
    await eventually(() => images.first().getByRole('img').getAttribute('src')).toBe(jpegUrl);

    // The storefront's product page: the moved image is the main image, with srcset, sizes and high priority.
    const shopper = await browser.newPage();
    await shopper.goto(`${shop()}/product/${product.id}`);
    const main = shopper.locator('img[fetchpriority="high"]');
    await eventually(() => main.getAttribute('src')).toBe(jpegUrl);
    const srcset = (await main.getAttribute('srcset')) ?? '';
    const base = jpegUrl!.replace(/-1280\.webp$/, '');
    expect(srcset).toBe(
      `${base}-320.webp 320w, ${base}-640.webp 640w, ${base}-960.webp 960w, ${jpegUrl} 1280w`,
    );
    expect(await main.getAttribute('sizes')).toBe('(min-width: 768px) 50vw, 100vw');
    expect(await main.getAttribute('width')).toBe('1280');
    expect(await main.getAttribute('height')).toBe('1600');
    const thumbnails = shopper.getByRole('list', { name: 'Product images' }).locator('img');
    await eventually(() => thumbnails.count()).toBeGreaterThanOrEqual(2);
    expect(await thumbnails.first().getAttribute('loading')).toBe('lazy');
    expect(await thumbnails.first().getAttribute('srcset')).toContain('320w');
    // The browser fetched one of the WebP widths, and it loaded.
    await eventually(() =>
      main.evaluate(
        (image: HTMLImageElement) => image.complete && image.naturalWidth > 0 && image.currentSrc,
      ),
    ).toMatch(/-\d+\.webp$/);
  });
});
