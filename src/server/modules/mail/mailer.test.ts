import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SendMailOptions } from 'nodemailer';
import { createMailer, ORDER_NUMBER_HEADER, WorkerMailer } from './mailer';

const message: SendMailOptions = {
  from: { name: 'Silk House', address: 'care@silk.example' },
  to: 'asha@example.com',
  subject: 'Order confirmation RS-7KQ29XD3 – Silk House',
  text: 'Thank you for your order.',
  html: '<p>Thank you for your order.</p>',
  headers: { [ORDER_NUMBER_HEADER]: 'RS-7KQ29XD3' },
};

/**
 * A minimal SMTP server (RFC 5321 happy path): enough for nodemailer's SMTP transport to deliver a message.
 * Collects each message's envelope and data.
 */
function startSmtpServer(): Promise<{
  port: number;
  server: Server;
  received: { envelope: string[]; data: string }[];
}> {
  const received: { envelope: string[]; data: string }[] = [];
  const server = createServer((socket) => {
    let buffer = '';
    let inData = false;
    let envelope: string[] = [];
    let data = '';
    socket.write('220 test.local ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (let end = buffer.indexOf('\r\n'); end !== -1; end = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            received.push({ envelope, data });
            envelope = [];
            data = '';
            socket.write('250 2.0.0 queued\r\n');
          } else data += `${line.startsWith('..') ? line.slice(1) : line}\n`;
          continue;
        }
        const command = line.slice(0, 4).toUpperCase();
        if (command === 'EHLO' || command === 'HELO') socket.write('250-test.local\r\n250 8BITMIME\r\n');
        else if (command === 'MAIL' || command === 'RCPT') {
          envelope.push(line);
          socket.write('250 2.1.0 ok\r\n');
        } else if (command === 'DATA') {
          inData = true;
          socket.write('354 go ahead\r\n');
        } else if (command === 'QUIT') {
          socket.end('221 bye\r\n');
        } else socket.write('250 ok\r\n');
      }
    });
    socket.on('error', () => undefined);
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve({ port: typeof address === 'object' && address ? address.port : 0, server, received });
    });
  });
}

describe('WorkerMailer', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'resham-mail-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('writes each message to the outbox as <timestamp>-<orderNumber>.eml, never overwriting', async () => {
    const outbox = join(dir, 'outbox');
    const mailer = createMailer({ DATA_DIR: dir, SMTP_URL: undefined });
    expect(mailer.target).toEqual({ kind: 'outbox', directory: outbox });
    try {
      const results = await Promise.all([
        mailer.sendMail(message),
        mailer.sendMail(message),
        mailer.sendMail(message),
      ]);
      for (const result of results) expect(result.messageId).toMatch(/^<.+@.+>$/);
      const files = (await readdir(outbox)).sort();
      expect(files).toHaveLength(3);
      expect(new Set(results.map((result) => result.path))).toEqual(
        new Set(files.map((file) => join(outbox, file))),
      );
      for (const file of files) {
        expect(file).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z-RS-7KQ29XD3(-\d+)?\.eml$/);
      }
      const eml = await readFile(join(outbox, files[0]!), 'utf8');
      expect(eml).toMatch(/^From: Silk House <care@silk\.example>$/m);
      expect(eml).toMatch(/^To: asha@example\.com$/m);
      expect(eml).toMatch(/^X-Order-Number: RS-7KQ29XD3$/m);
      expect(eml).toMatch(/^Subject: /m);
      expect(eml).toContain('multipart/alternative');
    } finally {
      mailer.close();
    }
  });

  it('sends through the SMTP server of SMTP_URL', async () => {
    const smtp = await startSmtpServer();
    const mailer = createMailer({ DATA_DIR: dir, SMTP_URL: `smtp://127.0.0.1:${smtp.port}` });
    expect(mailer.target).toEqual({ kind: 'smtp', url: `smtp://127.0.0.1:${smtp.port}` });
    try {
      const result = await mailer.sendMail(message);
      expect(result.messageId).toMatch(/^<.+@.+>$/);
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]?.envelope).toEqual([
        'MAIL FROM:<care@silk.example>',
        'RCPT TO:<asha@example.com>',
      ]);
      expect(smtp.received[0]?.data).toMatch(/^X-Order-Number: RS-7KQ29XD3$/m);
    } finally {
      mailer.close();
      smtp.server.close();
    }
  });

  it('rejects with the transport error when the SMTP server cannot be reached, and keeps working', async () => {
    const mailer = new WorkerMailer({ kind: 'smtp', url: 'smtp://127.0.0.1:1' });
    try {
      const failure = await mailer.sendMail(message).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(Error);
      expect((failure as { code?: string }).code).toMatch(/^E[A-Z]+$/);
      const again = await mailer.sendMail(message).catch((error: unknown) => error);
      expect(again).toBeInstanceOf(Error);
    } finally {
      mailer.close();
    }
  });

  it('rejects pending messages when closed', async () => {
    const mailer = new WorkerMailer({ kind: 'outbox', directory: join(dir, 'closed') });
    const sending = mailer.sendMail(message);
    mailer.close();
    await expect(sending).rejects.toThrow('the mailer was closed');
  });
});
