/**
 * A local stand-in of MSG91's Flow API for tests (127.0.0.1, no network beyond it), speaking the documented
 * shapes (MSG91's docs "Send SMS" via Flow): `POST /api/v5/flow/` with the `authkey` header (401 `{ type:
 * 'error', message: 'Authentication failure' }` otherwise) and `{ template_id, short_url?, recipients: [{
 * mobiles: '91XXXXXXXXXX', …variables }] }` (400 `{ type: 'error', message }` for another shape or an unknown
 * template id). Success: `{ type: 'success', message: <request id, 24 hex> }`. It records every request; a test
 * can make the next call fail with any status and body.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Msg91StandInRequest = { path: string; authkey: string | null; body: Record<string, unknown> };

export type Msg91StandIn = {
  /** `MSG91_API_URL` for the app. */
  url: string;
  authKey: string;
  /** The flow template ids the stand-in's account has. */
  templateIds: Set<string>;
  requests: Msg91StandInRequest[];
  failNext(status: number, body: Record<string, unknown>): void;
  reset(): void;
  close(): Promise<void>;
};

/** What is wrong with a Flow request's body, or null. */
function bodyProblem(body: Record<string, unknown>): string | null {
  if (typeof body.template_id !== 'string' || !body.template_id) return 'template_id is required';
  const recipients = body.recipients;
  if (!Array.isArray(recipients) || recipients.length === 0) return 'recipients are required';
  for (const recipient of recipients as Record<string, unknown>[]) {
    if (typeof recipient.mobiles !== 'string' || !/^91\d{10}$/.test(recipient.mobiles)) {
      return 'mobiles must be a number with its country code (91XXXXXXXXXX)';
    }
    if (Object.values(recipient).some((value) => typeof value !== 'string')) {
      return 'variables must be strings';
    }
  }
  return null;
}

/** Starts the stand-in on a free port. */
export async function startMsg91StandIn(): Promise<Msg91StandIn> {
  const authKey = '412345AbCdEfGh6789stand';
  const templateIds = new Set<string>();
  const requests: Msg91StandInRequest[] = [];
  let failure: { status: number; body: Record<string, unknown> } | null = null;
  let sent = 0;

  const server: Server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    let body: Record<string, unknown> = {};
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
    } catch {
      body = {};
    }
    const path = (request.url ?? '').split('?')[0]!;
    const authkey = typeof request.headers.authkey === 'string' ? request.headers.authkey : null;
    requests.push({ path, authkey, body });
    const answer = (status: number, json: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(json));
    };
    if (failure) {
      const next = failure;
      failure = null;
      return answer(next.status, next.body);
    }
    if (request.method !== 'POST' || !/^\/api\/v5\/flow\/?$/.test(path)) {
      return answer(404, { type: 'error', message: 'Not found' });
    }
    if (authkey !== authKey) return answer(401, { type: 'error', message: 'Authentication failure' });
    const problem = bodyProblem(body);
    if (problem) return answer(400, { type: 'error', message: problem });
    if (!templateIds.has(body.template_id as string)) {
      return answer(400, { type: 'error', message: 'Invalid template id' });
    }
    sent += 1;
    return answer(200, { type: 'success', message: `3663${String(sent).padStart(20, '0')}` });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    authKey,
    templateIds,
    requests,
    failNext: (status, body) => void (failure = { status, body }),
    reset: () => {
      requests.length = 0;
      failure = null;
      templateIds.clear();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
