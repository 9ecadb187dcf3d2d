/**
 * A local stand-in of Meta's WhatsApp Cloud API for tests (127.0.0.1, no network beyond it), speaking the
 * documented shapes (Meta's docs "Send messages", "Template messages", "Error codes"): `POST
 * /v21.0/{phone-number-id}/messages` with `Authorization: Bearer <token>` (401 `{ error: { message, type:
 * 'OAuthException', code: 190, fbtrace_id } }` otherwise); an unknown phone number id answers 400 code 100; the
 * body must be `{ messaging_product: 'whatsapp', to: <digits>, type: 'template', template: { name, language: {
 * code }, components? } }` with body parameters `{ type: 'text', text }` and quick-reply buttons `{ type:
 * 'button', sub_type: 'quick_reply', index, parameters: [{ type: 'payload', payload }] }` (400 code 100
 * otherwise); a template name not approved answers 404 code 132001. Success: `{ messaging_product, contacts:
 * [{ input, wa_id }], messages: [{ id: 'wamid.…' }] }`. It records every request; a test can make the next
 * call fail with any status and body, or answer late.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type WhatsappStandInRequest = {
  path: string;
  authorization: string | null;
  body: Record<string, unknown>;
};

export type WhatsappCloudStandIn = {
  /** `WHATSAPP_API_URL` for the app (with the Graph API version). */
  url: string;
  phoneNumberId: string;
  token: string;
  /** Template names the stand-in's account has approved. */
  approvedTemplates: Set<string>;
  requests: WhatsappStandInRequest[];
  /** The next request is answered `status` with `body`. */
  failNext(status: number, body: Record<string, unknown>): void;
  /** The next request is answered after `ms`. */
  delayNext(ms: number): void;
  reset(): void;
  close(): Promise<void>;
};

const graphError = (message: string, code: number, type = 'OAuthException', details?: string) => ({
  error: {
    message,
    type,
    code,
    ...(details ? { error_data: { messaging_product: 'whatsapp', details } } : {}),
    fbtrace_id: 'AbCdEfGh123',
  },
});

/** What is wrong with a send request's body (Meta answers 400 code 100), or null. */
function bodyProblem(body: Record<string, unknown>): string | null {
  if (body.messaging_product !== 'whatsapp') return 'messaging_product must be whatsapp';
  if (typeof body.to !== 'string' || !/^\d{8,15}$/.test(body.to)) return 'to must be a phone number';
  if (body.type !== 'template') return 'type must be template';
  const template = body.template as Record<string, unknown> | undefined;
  if (!template || typeof template.name !== 'string') return 'template.name is required';
  const language = template.language as { code?: unknown } | undefined;
  if (typeof language?.code !== 'string') return 'template.language.code is required';
  for (const component of (template.components as Record<string, unknown>[] | undefined) ?? []) {
    const parameters = component.parameters as Record<string, unknown>[] | undefined;
    if (!Array.isArray(parameters)) return 'component parameters are required';
    if (component.type === 'body') {
      if (parameters.some((p) => p.type !== 'text' || typeof p.text !== 'string' || p.text === '')) {
        return 'body parameters must be non-empty text';
      }
    } else if (component.type === 'button') {
      if (component.sub_type !== 'quick_reply' || typeof component.index !== 'string') {
        return 'button components need sub_type quick_reply and an index';
      }
      if (parameters.some((p) => p.type !== 'payload' || typeof p.payload !== 'string')) {
        return 'quick reply parameters must be payloads';
      }
    } else {
      return `unknown component type ${String(component.type)}`;
    }
  }
  return null;
}

/** Starts the stand-in on a free port. */
export async function startWhatsappCloudStandIn(): Promise<WhatsappCloudStandIn> {
  const phoneNumberId = '106540352242922';
  const token = 'EAAG-stand-in-token-0123456789';
  const approvedTemplates = new Set<string>();
  const requests: WhatsappStandInRequest[] = [];
  let failure: { status: number; body: Record<string, unknown> } | null = null;
  let delay = 0;
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
    const authorization = request.headers.authorization ?? null;
    requests.push({ path, authorization, body });
    const answer = (status: number, json: unknown) => {
      const send = () => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(json));
      };
      if (delay > 0) {
        const wait = delay;
        delay = 0;
        setTimeout(send, wait);
      } else send();
    };
    if (failure) {
      const next = failure;
      failure = null;
      return answer(next.status, next.body);
    }
    const match = /^\/v21\.0\/([^/]+)\/messages$/.exec(path);
    if (request.method !== 'POST' || !match) {
      return answer(400, graphError('Unknown path components', 2500));
    }
    if (authorization !== `Bearer ${token}`) {
      return answer(401, graphError('Invalid OAuth access token - Cannot parse access token', 190));
    }
    if (match[1] !== phoneNumberId) {
      return answer(
        400,
        graphError(
          `Unsupported post request. Object with ID '${match[1]}' does not exist`,
          100,
          'GraphMethodException',
        ),
      );
    }
    const problem = bodyProblem(body);
    if (problem) return answer(400, graphError('(#100) Invalid parameter', 100, 'OAuthException', problem));
    const template = body.template as { name: string; language: { code: string } };
    if (!approvedTemplates.has(template.name)) {
      return answer(
        404,
        graphError(
          '(#132001) Template name does not exist in the translation',
          132001,
          'OAuthException',
          `template name (${template.name}) does not exist in ${template.language.code}`,
        ),
      );
    }
    sent += 1;
    return answer(200, {
      messaging_product: 'whatsapp',
      contacts: [{ input: body.to, wa_id: body.to }],
      messages: [
        {
          id: `wamid.HBgMOTE5ODc2NTQzMjEwFQIAERgS${String(sent).padStart(6, '0')}`,
          message_status: 'accepted',
        },
      ],
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v21.0`,
    phoneNumberId,
    token,
    approvedTemplates,
    requests,
    failNext: (status, body) => void (failure = { status, body }),
    delayNext: (ms) => void (delay = ms),
    reset: () => {
      requests.length = 0;
      failure = null;
      delay = 0;
      approvedTemplates.clear();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
