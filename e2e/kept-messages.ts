/**
 * The messages a server kept instead of sending them (no provider keys: docs/messages.md), read as the shopper
 * would get them: each a JSON file `DATA_DIR/outbox/messages/<8-digit id>-<channel>-<template>.json` with
 * `{ id, channel, to, template, variables, text, createdAt }`. Used by the browser tests of cash on delivery,
 * whose orders wait at 'COD — awaiting confirmation' until the shopper confirms through the message's link,
 * of sign-in by OTP (the code) and of back-in-stock alerts.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { eventually } from './helpers';

/** A kept message file's content. */
export type KeptMessage = {
  id: number;
  channel: string;
  to: string;
  template: string;
  variables: Record<string, string>;
  text: string;
};

/**
 * The newest kept message of `template` (on any channel) for which `match` holds, in the server whose data
 * folder is `dataDir`, waiting until the message sender has written it.
 */
export async function newestKeptMessage(
  dataDir: string,
  template: string,
  match: (kept: KeptMessage) => boolean,
): Promise<KeptMessage> {
  const folder = join(dataDir, 'outbox', 'messages');
  const name = new RegExp(`^\\d{8}-\\w+-${template}\\.json$`);
  let found: KeptMessage | undefined;
  await eventually(async () => {
    const files = (await readdir(folder).catch(() => [] as string[]))
      .filter((file) => name.test(file))
      .sort()
      .reverse();
    for (const file of files) {
      const kept = JSON.parse(await readFile(join(folder, file), 'utf8')) as KeptMessage;
      if (match(kept)) {
        found = kept;
        break;
      }
    }
    return found !== undefined;
  }).toBe(true);
  return found!;
}

/**
 * The `confirmLink` (`{origin}/c/{token}`) of the kept 'cod-confirmation' message of order `orderNumber` in the
 * server whose data folder is `dataDir`, waiting until the message sender has written it.
 */
export async function keptCodConfirmLink(dataDir: string, orderNumber: string): Promise<string> {
  const folder = join(dataDir, 'outbox', 'messages');
  let link: string | undefined;
  await eventually(async () => {
    const files = (await readdir(folder).catch(() => [] as string[])).filter((name) =>
      name.endsWith('-cod-confirmation.json'),
    );
    for (const name of files) {
      const kept = JSON.parse(await readFile(join(folder, name), 'utf8')) as KeptMessage;
      if (kept.variables.orderNumber === orderNumber) link = kept.variables.confirmLink;
    }
    return link !== undefined;
  }).toBe(true);
  return link!;
}

/**
 * Confirms the COD order `orderNumber` as its shopper does: opens the link of its kept message on `page` (at
 * the server `origin`), presses 'Confirm order' and waits for the thanks, so the order moves on to Processing.
 */
export async function confirmCodByLink(
  page: Page,
  origin: string,
  dataDir: string,
  orderNumber: string,
): Promise<void> {
  const link = new URL(await keptCodConfirmLink(dataDir, orderNumber));
  await page.goto(`${origin}${link.pathname}`);
  await page.getByRole('button', { name: 'Confirm order' }).click();
  await page.getByText(`Thank you! Order ${orderNumber} is confirmed.`).waitFor();
}
