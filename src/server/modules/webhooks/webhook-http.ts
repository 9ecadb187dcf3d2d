/**
 * One webhook POST (docs/webhooks.md "Deliveries"): the raw JSON body with `Content-Type: application/json`,
 * `X-Resham-Event`, `X-Resham-Delivery` and `X-Resham-Signature`, over node:http(s) with a time limit for the
 * whole exchange. Redirects are not followed (a 3xx is a failed attempt). With `publicOnly` the address is
 * checked when connecting (./webhook-address.ts). Never throws: every failure is an outcome with its error.
 */
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { hostOf, isPublicAddress, publicOnlyLookup, type ResolveAll } from './webhook-address';
import type { AttemptOutcome } from './webhook-deliveries';

/** Characters of an answer's body kept for the admin. */
export const RESPONSE_EXCERPT_CHARS = 1000;
/** The time limit of one attempt (ms), connection to the answer's end. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** The `User-Agent` of deliveries. */
export const WEBHOOK_USER_AGENT = 'Resham-Webhooks/1';

export type WebhookPost = {
  url: string;
  body: string;
  headers: Record<string, string>;
  timeoutMs: number;
  publicOnly: boolean;
  /** The resolver behind the public-only check (tests stand in a name's addresses). */
  resolveAll?: ResolveAll | undefined;
};

/** Posts `post.body` to `post.url` and reports the answer's status and first characters, or the error. */
export function postWebhook(post: WebhookPost): Promise<AttemptOutcome> {
  const started = performance.now();
  const elapsed = () => performance.now() - started;
  const failed = (error: string): AttemptOutcome => ({
    statusCode: null,
    responseExcerpt: null,
    error,
    durationMs: elapsed(),
  });
  let url: URL;
  try {
    url = new URL(post.url);
  } catch {
    return Promise.resolve(failed('Invalid URL'));
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return Promise.resolve(failed(`Refused: ${url.protocol} is not http or https`));
  }
  const host = hostOf(url);
  if (post.publicOnly && isIP(host) && !isPublicAddress(host)) {
    return Promise.resolve(failed(`Refused: ${host} is not a public internet address`));
  }
  return new Promise((resolve) => {
    let settled = false;
    const finish = (outcome: AttemptOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome);
    };
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const request = send(url, {
      method: 'POST',
      headers: {
        ...post.headers,
        'content-length': String(Buffer.byteLength(post.body)),
        'user-agent': WEBHOOK_USER_AGENT,
      },
      ...(post.publicOnly ? { lookup: publicOnlyLookup(post.resolveAll) } : {}),
    });
    const timer = setTimeout(() => {
      finish(failed(`Timed out after ${post.timeoutMs / 1000} s`));
      request.destroy();
    }, post.timeoutMs);
    request.on('error', (error: Error) => finish(failed(error.message)));
    request.on('response', (response: IncomingMessage) => {
      let excerpt = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        if (excerpt.length < RESPONSE_EXCERPT_CHARS) excerpt += chunk;
        if (excerpt.length >= RESPONSE_EXCERPT_CHARS) response.destroy();
      });
      const answered = () =>
        finish({
          statusCode: response.statusCode ?? null,
          responseExcerpt: excerpt.slice(0, RESPONSE_EXCERPT_CHARS),
          error: null,
          durationMs: elapsed(),
        });
      response.on('end', answered);
      response.on('close', answered);
      response.on('error', answered);
    });
    request.end(post.body);
  });
}
