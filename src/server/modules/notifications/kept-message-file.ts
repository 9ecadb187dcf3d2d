/**
 * Test mode's kept messages (docs/messages.md "Test mode"): without a provider's keys a WhatsApp or SMS is not
 * sent but written as `DATA_DIR/outbox/messages/<id, 8 digits>-<channel>-<template>.json` holding exactly
 * `{ id, channel, to, template, variables, text, createdAt }`, where browser tests and the shop owner read it.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { SendableMessage } from './channels/channel-adapter';

/** The folder of the kept messages below `dataDir`. */
export function keptMessagesDir(dataDir: string): string {
  return join(dataDir, 'outbox', 'messages');
}

/** The file name of a kept message: `00000042-sms-otp.json`. */
export function keptMessageFileName(message: Pick<SendableMessage, 'id' | 'channel' | 'template'>): string {
  return `${String(message.id).padStart(8, '0')}-${message.channel}-${message.template}.json`;
}

/**
 * Writes `message` to the kept messages of `dataDir` (the folder is made when missing; a file of the same
 * message is overwritten).
 * @returns the file's path.
 */
export async function writeKeptMessage(dataDir: string, message: SendableMessage): Promise<string> {
  const directory = keptMessagesDir(dataDir);
  await mkdir(directory, { recursive: true });
  const path = join(directory, keptMessageFileName(message));
  const content = {
    id: message.id,
    channel: message.channel,
    to: message.recipient,
    template: message.template,
    variables: message.variables,
    text: message.text,
    createdAt: message.createdAt.toISOString(),
  };
  await writeFile(path, `${JSON.stringify(content, null, 2)}\n`);
  return path;
}
