/**
 * The Razorpay sandbox's API (docs/payments.md "Test mode and the sandbox"): the requests the adapter makes,
 * answered as Razorpay documents them (Orders, Payments and Refunds APIs: entities, collections and the error
 * body `{ "error": { "code": "BAD_REQUEST_ERROR", "description": … } }`), with the sandbox's public test key.
 * The shop asks it in process; `/sandbox/razorpay/v1/…` (./sandbox-razorpay.ts) answers the same over HTTP.
 *
 * Its orders and payments live in this process's memory (at most {@link MAX_SANDBOX_ORDERS}, oldest dropped
 * first): TEST MODE only, no money, nothing to keep across restarts.
 */
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { RazorpayOrder, RazorpayPayment, RazorpayRefund } from '@shared/payments/razorpay-schemas';
import { SANDBOX_RAZORPAY_KEY_ID, SANDBOX_RAZORPAY_KEY_SECRET } from '../settings';

/** How many orders the sandbox remembers. */
export const MAX_SANDBOX_ORDERS = 10_000;

type SandboxOrder = { order: RazorpayOrder; payments: RazorpayPayment[]; createdAt: number };

const orders = new Map<string, SandboxOrder>();
const refunds = new Map<string, RazorpayRefund[]>();

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A Razorpay-like id: `prefix_` and 14 random letters and digits (`order_Ksd3S2LQzBa7xy`). */
export function sandboxId(prefix: 'order' | 'pay' | 'rfnd' | 'evt'): string {
  let text = '';
  for (const byte of randomBytes(14)) text += ALPHABET[byte % ALPHABET.length];
  return `${prefix}_${text}`;
}

const now = () => Math.floor(Date.now() / 1000);

/** Razorpay's error answer. */
export function razorpayError(status: number, description: string, field?: string) {
  return {
    status,
    body: {
      error: {
        code: status === 401 ? 'BAD_REQUEST_ERROR' : status >= 500 ? 'SERVER_ERROR' : 'BAD_REQUEST_ERROR',
        description,
        source: status === 401 ? 'NA' : 'business',
        step: status === 401 ? 'NA' : 'payment_initiation',
        reason: status === 401 ? 'NA' : 'input_validation_failed',
        metadata: {},
        ...(field ? { field } : {}),
      },
    },
  };
}

const orderBodySchema = z.object({
  amount: z.number().int().min(100),
  currency: z.literal('INR'),
  receipt: z.string().max(40).optional(),
  notes: z.record(z.string(), z.string()).optional(),
});

const refundBodySchema = z.object({
  amount: z.number().int().min(100).optional(),
  speed: z.enum(['normal', 'optimum']).optional(),
  receipt: z.string().max(40).optional(),
});

function remember(entry: SandboxOrder): void {
  if (orders.size >= MAX_SANDBOX_ORDERS) orders.delete(orders.keys().next().value!);
  orders.set(entry.order.id, entry);
}

/** The sandbox's order `orderId`, or null. */
export function sandboxRazorpayOrder(orderId: string): RazorpayOrder | null {
  return orders.get(orderId)?.order ?? null;
}

function findPayment(paymentId: string): RazorpayPayment | null {
  for (const entry of orders.values()) {
    const found = entry.payments.find((payment) => payment.id === paymentId);
    if (found) return found;
  }
  return null;
}

/** One webhook event as Razorpay sends it: `{ entity: 'event', event, contains, payload, created_at }`. */
export function razorpayEventBody(
  event: string,
  entities: { payment?: RazorpayPayment; order?: RazorpayOrder; refund?: RazorpayRefund },
) {
  const payload = Object.fromEntries(
    Object.entries(entities)
      .filter(([, entity]) => entity !== undefined)
      .map(([name, entity]) => [name, { entity }]),
  );
  return {
    entity: 'event',
    account_id: 'acc_RESHAMSANDBOX',
    event,
    contains: Object.keys(payload),
    payload,
    created_at: now(),
  };
}

/**
 * The shopper's choice on the sandbox's Checkout page for order `orderId`: a captured payment (the order
 * becomes paid) or a failed one. Answers the payment and the webhook events Razorpay would send for it
 * (`payment.captured` and `order.paid`, or `payment.failed`); null for an unknown order.
 */
export function payInSandbox(
  orderId: string,
  outcome: 'success' | 'failure',
  payer: { email?: string; contact?: string } = {},
): { payment: RazorpayPayment; events: ReturnType<typeof razorpayEventBody>[] } | null {
  const entry = orders.get(orderId);
  if (!entry) return null;
  const success = outcome === 'success';
  const payment: RazorpayPayment = {
    id: sandboxId('pay'),
    entity: 'payment',
    amount: entry.order.amount,
    currency: entry.order.currency,
    status: success ? 'captured' : 'failed',
    order_id: orderId,
    method: 'upi',
    captured: success,
    description: `Order ${entry.order.receipt ?? ''}`.trim(),
    email: payer.email ?? 'void@razorpay.com',
    contact: payer.contact ?? '+919000090000',
    error_code: success ? null : 'BAD_REQUEST_ERROR',
    error_description: success ? null : 'Payment failed in the sandbox (TEST MODE)',
    created_at: now(),
  };
  entry.payments.push(payment);
  if (!success) {
    entry.order = { ...entry.order, status: 'attempted' };
    return { payment, events: [razorpayEventBody('payment.failed', { payment })] };
  }
  entry.order = { ...entry.order, status: 'paid', amount_paid: entry.order.amount, amount_due: 0 };
  return {
    payment,
    events: [
      razorpayEventBody('payment.captured', { payment }),
      razorpayEventBody('order.paid', { payment, order: entry.order }),
    ],
  };
}

const ORDER_PAYMENTS = /^\/v1\/orders\/([A-Za-z0-9_]{1,64})\/payments$/;
const PAYMENT_REFUND = /^\/v1\/payments\/([A-Za-z0-9_]{1,64})\/refund$/;
const PAYMENT_REFUNDS = /^\/v1\/payments\/([A-Za-z0-9_]{1,64})\/refunds$/;

/**
 * Answers one API request as Razorpay would: `POST /v1/orders`, `GET /v1/orders/{id}/payments`,
 * `POST /v1/payments/{id}/refund` (processed at once) and `GET /v1/payments/{id}/refunds`; 401 'Authentication
 * failed' for any key but the sandbox's; 400 for a bad body or an unknown id; 404 for another path.
 */
export async function handleSandboxRazorpayRequest(request: {
  method: string;
  path: string;
  authorization: string | undefined;
  body?: unknown;
}): Promise<{ status: number; body: unknown }> {
  const expected = `Basic ${Buffer.from(`${SANDBOX_RAZORPAY_KEY_ID}:${SANDBOX_RAZORPAY_KEY_SECRET}`).toString('base64')}`;
  if (request.authorization !== expected) return razorpayError(401, 'Authentication failed');
  const path = request.path.split('?')[0]!;

  if (request.method === 'POST' && path === '/v1/orders') {
    const parsed = orderBodySchema.safeParse(request.body);
    if (!parsed.success) {
      const field = String(parsed.error.issues[0]?.path[0] ?? 'amount');
      return razorpayError(400, `The ${field} field is invalid.`, field);
    }
    const order: RazorpayOrder = {
      id: sandboxId('order'),
      entity: 'order',
      amount: parsed.data.amount,
      amount_paid: 0,
      amount_due: parsed.data.amount,
      currency: parsed.data.currency,
      receipt: parsed.data.receipt ?? null,
      offer_id: null,
      status: 'created',
      attempts: 0,
      notes: parsed.data.notes ?? [],
      created_at: now(),
    };
    remember({ order, payments: [], createdAt: Date.now() });
    return { status: 200, body: order };
  }

  const ofOrder = ORDER_PAYMENTS.exec(path);
  if (request.method === 'GET' && ofOrder) {
    const entry = orders.get(ofOrder[1]!);
    if (!entry) return razorpayError(400, 'The id provided does not exist');
    return {
      status: 200,
      body: { entity: 'collection', count: entry.payments.length, items: entry.payments },
    };
  }

  const refundOf = PAYMENT_REFUND.exec(path);
  if (request.method === 'POST' && refundOf) {
    const payment = findPayment(refundOf[1]!);
    if (!payment) return razorpayError(400, 'The id provided does not exist');
    const parsed = refundBodySchema.safeParse(request.body ?? {});
    if (!parsed.success) return razorpayError(400, 'The amount must be atleast INR 1.00', 'amount');
    const earlier = refunds.get(payment.id) ?? [];
    const refunded = earlier.reduce((sum, refund) => sum + refund.amount, 0);
    const amount = parsed.data.amount ?? payment.amount - refunded;
    if (payment.status !== 'captured' && payment.status !== 'refunded') {
      return razorpayError(400, 'The payment has not been captured');
    }
    if (refunded + amount > payment.amount) {
      return razorpayError(400, 'The refund amount provided is greater than amount captured', 'amount');
    }
    const refund: RazorpayRefund = {
      id: sandboxId('rfnd'),
      entity: 'refund',
      amount,
      currency: payment.currency,
      payment_id: payment.id,
      notes: [],
      receipt: parsed.data.receipt ?? null,
      acquirer_data: { arn: null },
      created_at: now(),
      batch_id: null,
      status: 'processed',
      speed_processed: 'normal',
      speed_requested: parsed.data.speed ?? 'normal',
    };
    refunds.set(payment.id, [...earlier, refund]);
    return { status: 200, body: refund };
  }

  const refundsOf = PAYMENT_REFUNDS.exec(path);
  if (request.method === 'GET' && refundsOf) {
    if (!findPayment(refundsOf[1]!)) return razorpayError(400, 'The id provided does not exist');
    const items = refunds.get(refundsOf[1]!) ?? [];
    return { status: 200, body: { entity: 'collection', count: items.length, items } };
  }

  return razorpayError(404, 'The requested URL was not found on the server.');
}
