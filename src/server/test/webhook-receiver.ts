/**
 * A local stand-in for a shop's webhook receiver (docs/webhooks.md): an HTTP server on 127.0.0.1 that records
 * each request's headers and raw body and answers what the test tells it — a status and body, or no answer at
 * all (to make an attempt time out). `next()` waits for the next request, without sleeping.
 */
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type ReceivedWebhook = { method: string; path: string; headers: IncomingHttpHeaders; body: string };
export type ReceiverAnswer = { status: number; body?: string } | 'hang';

export type WebhookReceiver = {
  url: string;
  received: ReceivedWebhook[];
  /** The answers of the next requests, in order; then `fallback`. */
  answers: ReceiverAnswer[];
  fallback: ReceiverAnswer;
  /** Resolves with the next request received (or the first one not yet waited for). */
  next(timeoutMs?: number): Promise<ReceivedWebhook>;
  close(): Promise<void>;
};

/** Starts a receiver at `http://127.0.0.1:<port>/hooks`. */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const waiters: ((request: ReceivedWebhook) => void)[] = [];
  let taken = 0;
  const hanging = new Set<ServerResponse>();
  const receiver: Omit<WebhookReceiver, 'url'> & { url?: string } = {
    received,
    answers: [],
    fallback: { status: 200, body: 'ok' },
    next(timeoutMs = 5000) {
      if (taken < received.length) return Promise.resolve(received[taken++]!);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no webhook received')), timeoutMs);
        waiters.push((request) => {
          clearTimeout(timer);
          taken++;
          resolve(request);
        });
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const response of hanging) response.destroy();
        server.close(() => resolve());
      }),
  };
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const entry = {
        method: request.method ?? '',
        path: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      received.push(entry);
      waiters.shift()?.(entry);
      const answer = receiver.answers.shift() ?? receiver.fallback;
      if (answer === 'hang') {
        hanging.add(response);
        return;
      }
      response.writeHead(answer.status, { 'content-type': 'text/plain' }).end(answer.body ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  return receiver as WebhookReceiver;
}
