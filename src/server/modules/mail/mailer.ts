/**
 * The transport of the shop's e-mails: with `SMTP_URL` a nodemailer SMTP transport sends the messages;
 * without it nodemailer's stream transport (`buffer: true`) builds each message and it is written as an
 * `.eml` file to `DATA_DIR/outbox`. Both run in a worker thread: building a MIME message costs about as
 * much CPU as writing an order, and the event loop also runs the embedded database (PGlite), so the
 * mail is built on another core. Only the outbox sender (./outbox-sender.ts) calls it; tests inject any
 * nodemailer transporter instead (`BuildAppOptions.mailer`).
 */
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { SendMailOptions } from 'nodemailer';
import type { AppConfig } from '../../config';

/** Anything that sends a nodemailer message: a nodemailer transporter, or a {@link WorkerMailer}. */
export interface Mailer {
  sendMail(message: SendMailOptions): Promise<unknown>;
  /** Releases connections and threads; called when the app closes. */
  close?(): void;
}

/** The header naming the order a message is about; the `.eml` folder names its file after it. */
export const ORDER_NUMBER_HEADER = 'X-Order-Number';

/** Where a {@link WorkerMailer} delivers: an SMTP server, or `.eml` files in a folder. */
export type MailTarget = { kind: 'smtp'; url: string } | { kind: 'outbox'; directory: string };

/** What the worker answers for one message. */
type WorkerReply =
  | { id: number; ok: true; messageId: string; path?: string }
  | { id: number; ok: false; error: { name: string; message: string; code?: string; responseCode?: number } };

// The worker's code (CommonJS, run with `eval`, so it needs no file of its own in the server bundle).
const WORKER_SOURCE = String.raw`
const { parentPort, workerData } = require('node:worker_threads');
const { mkdir, writeFile } = require('node:fs/promises');
const { join } = require('node:path');
const nodemailer = require(workerData.nodemailerPath);
const target = workerData.target;
const transport =
  target.kind === 'smtp'
    ? nodemailer.createTransport(target.url)
    : nodemailer.createTransport({ streamTransport: true, buffer: true });
let folderReady;

async function deliver(message) {
  const info = await transport.sendMail(message);
  if (target.kind === 'smtp') return { messageId: info.messageId };
  folderReady ??= mkdir(target.directory, { recursive: true });
  await folderReady;
  const headers = message.headers || {};
  const reference = String(headers[workerData.orderHeader] || 'message').replace(/[^A-Za-z0-9-]/g, '') || 'message';
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  for (let attempt = 0; ; attempt++) {
    const path = join(target.directory, stamp + '-' + reference + (attempt ? '-' + attempt : '') + '.eml');
    try {
      await writeFile(path, info.message, { flag: 'wx' });
      return { messageId: info.messageId, path };
    } catch (error) {
      if (error.code !== 'EEXIST' || attempt >= 20) throw error;
    }
  }
}

parentPort.on('message', async ({ id, message }) => {
  try {
    parentPort.postMessage({ id, ok: true, ...(await deliver(message)) });
  } catch (error) {
    parentPort.postMessage({
      id,
      ok: false,
      error: {
        name: String((error && error.name) || 'Error'),
        message: String((error && error.message) || error),
        code: typeof (error && error.code) === 'string' ? error.code : undefined,
        responseCode: typeof (error && error.responseCode) === 'number' ? error.responseCode : undefined,
      },
    });
  }
});
`;

const nodemailerPath = createRequire(import.meta.url).resolve('nodemailer');

/**
 * Sends messages through nodemailer in a worker thread (started on the first message, not keeping the
 * process alive). A message is answered with `{ messageId, path? }` or rejected with the transport's error
 * (name, message, code, responseCode). If the worker dies, its pending messages are rejected and the next
 * message starts a new one.
 */
export class WorkerMailer implements Mailer {
  private worker: Worker | undefined;
  private nextId = 0;
  private readonly pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();

  constructor(public readonly target: MailTarget) {}

  sendMail(message: SendMailOptions): Promise<{ messageId: string; path?: string }> {
    const worker = this.start();
    const id = ++this.nextId;
    return new Promise((resolve, reject) => {
      // While messages are on their way the worker keeps the process alive (a shutdown waits for them).
      if (this.pending.size === 0) worker.ref();
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      try {
        worker.postMessage({ id, message });
      } catch (error) {
        // A message that cannot be cloned (functions, streams): refuse it here.
        this.settled(id);
        reject(error as Error);
      }
    });
  }

  close(): void {
    const worker = this.worker;
    this.worker = undefined;
    this.failPending(new Error('the mailer was closed'));
    void worker?.terminate();
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { target: this.target, nodemailerPath, orderHeader: ORDER_NUMBER_HEADER },
    });
    worker.unref();
    worker.on('message', (reply: WorkerReply) => {
      const waiting = this.pending.get(reply.id);
      if (!waiting) return;
      this.settled(reply.id);
      if (reply.ok) {
        waiting.resolve({ messageId: reply.messageId, ...(reply.path ? { path: reply.path } : {}) });
      } else {
        const error = Object.assign(new Error(reply.error.message), {
          name: reply.error.name,
          ...(reply.error.code ? { code: reply.error.code } : {}),
          ...(reply.error.responseCode ? { responseCode: reply.error.responseCode } : {}),
        });
        waiting.reject(error);
      }
    });
    const lost = (error: Error) => {
      if (this.worker !== worker) return;
      this.worker = undefined;
      this.failPending(error);
    };
    worker.on('error', lost);
    worker.on('exit', (code) => lost(new Error(`the mail worker stopped (exit code ${code})`)));
    this.worker = worker;
    return worker;
  }

  /** Forgets message `id`; an idle worker no longer keeps the process alive. */
  private settled(id: number): void {
    this.pending.delete(id);
    if (this.pending.size === 0) this.worker?.unref();
  }

  private failPending(error: Error): void {
    for (const waiting of this.pending.values()) waiting.reject(error);
    this.pending.clear();
  }
}

/** The configured mailer: SMTP from `SMTP_URL`, else `.eml` files in `DATA_DIR/outbox`. */
export function createMailer(config: Pick<AppConfig, 'SMTP_URL' | 'DATA_DIR'>): WorkerMailer {
  return new WorkerMailer(
    config.SMTP_URL
      ? { kind: 'smtp', url: config.SMTP_URL }
      : { kind: 'outbox', directory: join(config.DATA_DIR, 'outbox') },
  );
}
