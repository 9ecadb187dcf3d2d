/**
 * A local stand-in of Shiprocket's API for tests (127.0.0.1, no network beyond it), speaking the documented
 * request and answer shapes (apidocs.shiprocket.in): `POST /v1/external/auth/login` `{ email, password }` →
 * `{ token, … }` (401 `{ message, status_code }` for a wrong password); every other call needs
 * `Authorization: Bearer <token>` (401 `Token has expired` otherwise); `orders/create/adhoc` checks the
 * required fields and the pickup location (422 `{ message, errors, status_code }`) → `{ order_id, shipment_id,
 * status: 'NEW', … }`; `courier/assign/awb` → `{ awb_assign_status: 1, response: { data: { awb_code,
 * courier_name, … } } }`; `courier/generate/pickup` → `{ pickup_status: 1, response: { … } }`;
 * `courier/generate/label` → `{ label_created: 1, label_url }`, the URL serving a small PDF. It records every
 * request, and a test can make the next call of a path fail with Shiprocket's own error body, or revoke the
 * tokens it gave.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type StandInRequest = {
  method: string;
  path: string;
  authorization: string | null;
  body: Record<string, unknown>;
};

export type ShiprocketStandIn = {
  /** `SHIPROCKET_API_URL` for the app. */
  url: string;
  email: string;
  password: string;
  /** Every request received, in order. */
  requests: StandInRequest[];
  /** The requests of `path` (e.g. `/v1/external/auth/login`). */
  calls(path: string): StandInRequest[];
  /** The next request of `path` is answered `status` with `body` (Shiprocket's error shape). */
  failNext(path: string, status: number, body: Record<string, unknown>): void;
  /** Every token given so far is refused from now on (401 'Token has expired'). */
  revokeTokens(): void;
  /** Forgets requests, failures, orders and tokens. */
  reset(): void;
  close(): Promise<void>;
};

/** The stand-in's courier (a known courier's name with Shiprocket's service after it). */
export const STAND_IN_COURIER = 'Delhivery Surface';
/** The only pickup location the stand-in's account has. */
export const STAND_IN_PICKUP = 'Primary';
/** A tiny valid PDF, the stand-in's label. */
export const STAND_IN_LABEL = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj ' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 288 432]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  'latin1',
);

const REQUIRED_ADHOC_FIELDS = [
  'order_id',
  'order_date',
  'pickup_location',
  'billing_customer_name',
  'billing_address',
  'billing_city',
  'billing_pincode',
  'billing_state',
  'billing_country',
  'billing_email',
  'billing_phone',
  'order_items',
  'payment_method',
  'sub_total',
  'length',
  'breadth',
  'height',
  'weight',
];

async function readBody(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

/** Starts the stand-in on a free port; its account is `email` / `password`. */
export async function startShiprocketStandIn(
  email = 'api-user@silk.example',
  password = 'sr-api-password-1234',
): Promise<ShiprocketStandIn> {
  const requests: StandInRequest[] = [];
  const failures = new Map<string, { status: number; body: Record<string, unknown> }[]>();
  const tokens = new Set<string>();
  const orders = new Map<string, { orderId: number; shipmentId: number }>();
  let next = 1;

  const server: Server = createServer((request, response) => {
    void (async () => {
      const path = new URL(request.url ?? '/', 'http://stand-in').pathname;
      const body = request.method === 'POST' ? await readBody(request) : {};
      const authorization = request.headers.authorization ?? null;
      requests.push({ method: request.method ?? 'GET', path, authorization, body });
      const send = (status: number, answer: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(answer));
      };
      if (path.startsWith('/labels/')) {
        response.writeHead(200, { 'content-type': 'application/pdf' });
        response.end(STAND_IN_LABEL);
        return;
      }
      const failure = failures.get(path)?.shift();
      if (failure) return send(failure.status, failure.body);
      if (path === '/v1/external/auth/login') {
        if (body.email !== email || body.password !== password) {
          return send(400, { message: 'Invalid email and password combination', status_code: 400 });
        }
        const token = `stand-in-token-${next++}`;
        tokens.add(token);
        return send(200, { id: 42, first_name: 'API', last_name: 'User', email, company_id: 7, token });
      }
      const token = authorization?.replace(/^Bearer /, '') ?? '';
      if (!tokens.has(token)) return send(401, { message: 'Token has expired', status_code: 401 });
      const shipmentOf = (value: unknown) => Number(Array.isArray(value) ? value[0] : value);
      switch (path) {
        case '/v1/external/orders/create/adhoc': {
          const missing = REQUIRED_ADHOC_FIELDS.filter(
            (field) => body[field] === undefined || body[field] === '',
          );
          if (missing.length > 0) {
            return send(422, {
              message: 'Oops! Invalid Data.',
              errors: Object.fromEntries(
                missing.map((field) => [field, [`The ${field.replaceAll('_', ' ')} field is required.`]]),
              ),
              status_code: 422,
            });
          }
          if (body.pickup_location !== STAND_IN_PICKUP) {
            return send(422, {
              message: 'Wrong Pickup location entered. Please choose one location from data given',
              status_code: 422,
            });
          }
          const key = String(body.order_id);
          const order = orders.get(key) ?? { orderId: 300_000_000 + next, shipmentId: 500_000_000 + next++ };
          orders.set(key, order);
          return send(200, {
            order_id: order.orderId,
            shipment_id: order.shipmentId,
            status: 'NEW',
            status_code: 1,
            onboarding_completed_now: 0,
            awb_code: '',
            courier_company_id: '',
            courier_name: '',
          });
        }
        case '/v1/external/courier/assign/awb': {
          const shipmentId = shipmentOf(body.shipment_id);
          return send(200, {
            awb_assign_status: 1,
            response: {
              data: {
                courier_company_id: 12,
                awb_code: `1900${shipmentId}`,
                courier_name: STAND_IN_COURIER,
                shipment_id: shipmentId,
                applied_weight: 0.5,
              },
            },
          });
        }
        case '/v1/external/courier/generate/pickup':
          return send(200, {
            pickup_status: 1,
            response: {
              pickup_scheduled_date: '2026-11-28 11:00:00',
              pickup_token_number: 'Reference No: 1',
              status: 3,
            },
          });
        case '/v1/external/courier/generate/label': {
          const shipmentId = shipmentOf(body.shipment_id);
          return send(200, {
            label_created: 1,
            label_url: `${url}/labels/${shipmentId}.pdf`,
            response: 'Label has been created and uploaded successfully!',
            not_created: [],
          });
        }
        default:
          return send(404, { message: 'Not found', status_code: 404 });
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    email,
    password,
    requests,
    calls: (path) => requests.filter((request) => request.path === path),
    failNext: (path, status, body) => failures.set(path, [...(failures.get(path) ?? []), { status, body }]),
    revokeTokens: () => tokens.clear(),
    reset() {
      requests.length = 0;
      failures.clear();
      tokens.clear();
      orders.clear();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
