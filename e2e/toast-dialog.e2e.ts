/**
 * Toasts never cover an open dialog, on a phone (390 × 844): toasts show in the lane at the top of the screen
 * and dialogs and sheets keep clear of it (src/client/theme.css `--toast-lane`). Quick View's 'Add to Cart'
 * without a size shows its toast while the dialog stays open: toast and dialog do not overlap, however many
 * toasts stack, and the dialog's buttons stay clickable.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiProducts, toastByTitle, useStorefront } from './helpers';

const PHONE = { width: 390, height: 844 };
const { newPage } = useStorefront(PHONE);

type Box = { x: number; y: number; width: number; height: number };

const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** `locator`'s box once its transitions (a toast sliding in, a dialog opening) have ended. */
async function settledBox(locator: Locator): Promise<Box> {
  await locator.evaluate((element) =>
    Promise.all(element.getAnimations({ subtree: true }).map((animation) => animation.finished)),
  );
  const found = await locator.boundingBox();
  if (!found) throw new Error('not laid out');
  return found;
}

/** The boxes of every toast shown, settled. */
async function toastBoxes(page: Page): Promise<Box[]> {
  const toasts = page.locator('[data-sonner-toast][data-visible="true"]');
  return Promise.all((await toasts.all()).map(settledBox));
}

describe('toasts and dialogs at 390 × 844', () => {
  it("Quick View's toast shows above the dialog, not over it, and the dialog's buttons stay free", async () => {
    const { products } = await apiProducts('category=men&page=1&limit=12');
    const product = products[0]!;
    const page = await newPage();
    await page.goto('/products?category=men');
    const card = page.getByRole('article', { name: product.title });
    await card.hover();
    await card.getByRole('button', { name: 'Quick View' }).click();
    const dialog = page.getByRole('dialog', { name: product.title });
    await dialog.getByRole('group', { name: /^Clothing Size/ }).waitFor();

    // No size chosen: the toast shows while the dialog stays open.
    const addToCart = dialog.getByRole('button', { name: 'Add to Cart' });
    await addToCart.click();
    await toastByTitle(page, 'Please select a size').first().waitFor({ state: 'visible' });
    const dialogBox = await settledBox(dialog);
    expect(dialogBox.y).toBeGreaterThanOrEqual(0);
    expect(dialogBox.y + dialogBox.height).toBeLessThanOrEqual(PHONE.height);
    for (const toast of await toastBoxes(page))
      expect(overlap(toast, dialogBox), JSON.stringify(toast)).toBe(false);

    // Three toasts stacked: still clear of the dialog, whose close button and Add to Cart still take a tap.
    await addToCart.click();
    await addToCart.click();
    await page.locator('[data-sonner-toast][data-visible="true"]').nth(2).waitFor();
    const boxes = await toastBoxes(page);
    expect(boxes.length).toBeGreaterThanOrEqual(3);
    for (const toast of boxes) expect(overlap(toast, dialogBox), JSON.stringify(toast)).toBe(false);
    const close = dialog.getByRole('button', { name: 'Close quick view' });
    const { x, y, width, height } = await settledBox(close);
    const hit = await page.evaluate(
      ([px, py]) => document.elementFromPoint(px!, py!)?.closest('[aria-label="Close quick view"]') !== null,
      [x + width / 2, y + height / 2],
    );
    expect(hit).toBe(true);
  });
});
