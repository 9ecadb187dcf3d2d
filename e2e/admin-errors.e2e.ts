/**
 * The admin's error paths: a screen that fails while rendering shows the storefront's error screen
 * ('Something went wrong' with 'Reload') inside the shell, whose tabs still lead to the other screens; a lazy
 * screen whose chunk is gone after a deploy reloads the page once by itself, then shows the error screen; and
 * a refusal of the server that names a field (inviting an e-mail that is already a member) shows under that
 * field.
 *
 * This file starts its own server (a fresh demo shop, so the demo owner exists).
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: plain ESM helper without type declarations
import { startServer } from '../scripts/start-server-process.mjs';
import { apiCall, eventually, toastByTitle, useStorefront } from './helpers';

const browser = useStorefront();
const DEMO_OWNER = { email: 'owner@demo.resham.in', password: 'demo-owner-2719' };
const ADMIN_TOKEN_KEY = 'resham-admin-token';
const CHUNK_RELOAD_KEY = 'resham:chunk-reload';
const SETTINGS_CHUNK = '**/assets/store-settings-page-*.js';

let server: { baseUrl: string; stop: () => Promise<void> };
const shop = () => server.baseUrl;

beforeAll(async () => {
  server = (await startServer()) as typeof server;
});
afterAll(async () => {
  await server?.stop();
});

/** A page of the admin signed in as the demo owner (the token the sign-in screen would keep). */
async function ownerPage(): Promise<Page> {
  const signedIn = await apiCall<{ token: string }>('POST', '/admin/sign-in', DEMO_OWNER, undefined, shop());
  expect(signedIn.status).toBe(200);
  const page = await browser.newPage();
  await page.addInitScript(
    ([key, token]) => {
      if (!localStorage.getItem(key)) localStorage.setItem(key, token);
    },
    [ADMIN_TOKEN_KEY, signedIn.body.token] as const,
  );
  return page;
}

const errorHeading = (page: Page) => page.getByRole('heading', { level: 1, name: 'Something went wrong' });
const tab = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Admin', exact: true }).getByRole('link', { name });
const reloadMark = (page: Page) => page.evaluate((key) => sessionStorage.getItem(key), CHUNK_RELOAD_KEY);

describe('the admin when something fails', () => {
  it('a screen that throws shows the error screen inside the shell, and another tab works', async () => {
    const page = await ownerPage();
    // The rupee formatter needs this string method for an amount with paise: the dashboard fails while it
    // renders today's sum, which the answer below gives a paisa.
    await page.route('**/api/v1/admin/dashboard', async (route) => {
      const response = await route.fetch();
      const dashboard = (await response.json()) as { today: { revenuePaise: number } };
      dashboard.today.revenuePaise += 1;
      await route.fulfill({ response, json: dashboard });
    });
    await page.addInitScript(() => {
      Object.defineProperty(String.prototype, 'padStart', {
        configurable: true,
        get() {
          throw new Error('The rupee formatter is broken for this test');
        },
      });
    });
    await page.goto(`${shop()}/admin`);
    await errorHeading(page).waitFor();
    const screen = page.getByRole('alert').filter({ has: errorHeading(page) });
    expect(await screen.getByText('This page could not be shown. Reloading it usually helps.').count()).toBe(
      1,
    );
    expect(await screen.getByRole('button', { name: 'Reload' }).isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: 'Dashboard' }).count()).toBe(0);
    expect(await reloadMark(page)).toBeNull();

    // 'Reload' reloads the page (the formatter is still broken, so the screen comes back).
    const reloaded = page.waitForEvent('load');
    await screen.getByRole('button', { name: 'Reload' }).click();
    await reloaded;
    await errorHeading(page).waitFor();

    // The shell stayed: its Staff tab (no amounts on it) shows the members, and the error is gone.
    await tab(page, 'Staff').click();
    await page.getByRole('list', { name: 'Members' }).getByText(DEMO_OWNER.email).waitFor();
    expect(await errorHeading(page).count()).toBe(0);
  });

  it('a screen chunk that fails to load reloads the page once, then shows the error screen', async () => {
    const page = await ownerPage();
    await page.goto(`${shop()}/admin`);
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();

    // The deploy replaced the files: the store settings screen's chunk is gone.
    let chunkRequests = 0;
    await page.route(SETTINGS_CHUNK, (route) => {
      chunkRequests += 1;
      return route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not found' });
    });
    let loads = 0;
    page.on('load', () => (loads += 1));

    await tab(page, 'Settings').click();
    await errorHeading(page).waitFor();
    await eventually(() => loads).toBe(1);
    await eventually(() => chunkRequests).toBe(2);
    expect(new URL(page.url()).pathname).toBe('/admin/settings');
    expect(await reloadMark(page)).not.toBeNull();
    // The tabs still lead on from the error screen.
    expect(await tab(page, 'Orders').isVisible()).toBe(true);

    // The chunk is back: 'Reload' shows the screen and clears the mark for the next deploy.
    await page.unroute(SETTINGS_CHUNK);
    await page.getByRole('button', { name: 'Reload' }).click();
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    expect(await reloadMark(page)).toBeNull();
    expect(loads).toBe(2);
  });

  it("the server's refusal of a field shows under that field, focused, and no toast", async () => {
    const page = await ownerPage();
    await page.goto(`${shop()}/admin/staff`);
    const email = page.getByLabel('Invite by e-mail');
    await email.fill(DEMO_OWNER.email);
    await page.getByRole('button', { name: 'Send invitation' }).click();

    const problem = page.locator('#invite-email-error');
    await problem.waitFor();
    expect(await problem.textContent()).toBe('is already a member');
    expect(await problem.getAttribute('role')).toBe('alert');
    expect(await email.getAttribute('aria-invalid')).toBe('true');
    expect((await email.getAttribute('aria-describedby'))?.split(' ')).toContain('invite-email-error');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('invite-email');

    // An invitation that goes through says so in a toast, the only one: the refusal made none.
    const invited = `admin.errors.${Date.now()}@example.com`;
    await email.fill(invited);
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await toastByTitle(page, `Invitation sent to ${invited}`).waitFor();
    expect(await page.locator('[data-sonner-toast]').count()).toBe(1);
    expect(await problem.count()).toBe(0);
  });
});
