/**
 * The admin's Webhooks screen (docs/webhooks.md): the owner adds an endpoint (a local receiver), sees its
 * signing secret once, sends a test ping and sees the delivery with the receiver's answer; the secret is not
 * shown again after a reload.
 *
 * This file starts its own server (a fresh demo shop, so the demo owner exists).
 */
import { createHmac } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: plain ESM helper without type declarations
import { startServer } from '../scripts/start-server-process.mjs';
import { startWebhookReceiver, type WebhookReceiver } from '../src/server/test/webhook-receiver';
import { apiCall, eventually, useStorefront } from './helpers';

const browser = useStorefront();
const DEMO_OWNER = { email: 'owner@demo.resham.in', password: 'demo-owner-2719' };
const ADMIN_TOKEN_KEY = 'resham-admin-token';

let server: { baseUrl: string; stop: () => Promise<void> };
let receiver: WebhookReceiver;
const shop = () => server.baseUrl;

beforeAll(async () => {
  server = (await startServer()) as typeof server;
  receiver = await startWebhookReceiver();
  receiver.fallback = { status: 200, body: 'thanks from the ERP' };
});
afterAll(async () => {
  await receiver?.close();
  await server?.stop();
});

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

describe('the Webhooks screen', () => {
  it('adds an endpoint, shows the secret once, and lists a test ping with its answer', async () => {
    const page = await ownerPage();
    await page.goto(`${shop()}/admin/settings`);
    await page.getByRole('link', { name: 'Webhooks' }).click();
    await page.getByRole('heading', { name: 'Webhooks' }).waitFor();
    await page.getByText('No webhooks yet.').waitFor();

    const form = page.getByRole('form', { name: 'Add a webhook' });
    await form.getByRole('button', { name: 'Add webhook' }).click();
    await form.getByText('Please choose at least one event').waitFor();
    await form.getByLabel('URL').fill(receiver.url);
    await form.getByRole('checkbox', { name: /order\.paid/ }).check();
    await form.getByRole('checkbox', { name: /stock\.low/ }).check();
    await form.getByRole('button', { name: 'Add webhook' }).click();

    const secret = page.getByLabel('Signing secret');
    await secret.waitFor();
    const secretText = (await secret.textContent()) ?? '';
    expect(secretText).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    const endpoints = page.getByRole('list', { name: 'Webhook endpoints' });
    await endpoints.getByText(receiver.url).waitFor();
    expect(await endpoints.getByText('Active · order.paid, stock.low').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'I have saved it' }).click();
    expect(await secret.count()).toBe(0);

    await endpoints.getByRole('button', { name: 'Send test ping' }).click();
    const request = await receiver.next(15_000);
    expect(request.headers['x-resham-event']).toBe('ping');
    expect(request.headers['x-resham-signature']).toBe(
      `sha256=${createHmac('sha256', secretText).update(request.body).digest('hex')}`,
    );
    const deliveries = page.getByRole('table', { name: 'Deliveries' });
    await eventually(() => deliveries.getByText('thanks from the ERP').count()).toBe(1);
    expect(await deliveries.getByText('HTTP 200').count()).toBe(1);
    expect(await deliveries.getByText('Delivered').count()).toBe(1);

    await page.reload();
    await endpoints.getByText(receiver.url).waitFor();
    expect(await page.getByText(secretText).count()).toBe(0);
  });
});
