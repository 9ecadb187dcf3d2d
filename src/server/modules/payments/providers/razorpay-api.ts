/**
 * Razorpay's REST API as the adapter uses it (Razorpay docs: "Orders API", "Payments API", "Refunds API"):
 * JSON over HTTPS at `RAZORPAY_API_URL`, HTTP Basic with the key id and key secret, amounts in **paise**.
 * Errors answer `{ "error": { "code": "BAD_REQUEST_ERROR", "description": "…", … } }` with a 4xx/5xx status.
 * The built-in sandbox (./sandbox-razorpay-api.ts) answers the same requests in process, so the adapter code
 * is the same for both.
 */
import { z } from 'zod';
import {
  razorpayOrderSchema,
  razorpayPaymentSchema,
  razorpayRefundSchema,
  type RazorpayOrder,
  type RazorpayPayment,
  type RazorpayRefund,
} from '@shared/payments/razorpay-schemas';
import type { RazorpayGatewaySettings } from '../settings';
import { handleSandboxRazorpayRequest } from './sandbox-razorpay-api';

/** How long the shop waits for Razorpay's answer (milliseconds). */
export const RAZORPAY_TIMEOUT_MS = 15_000;

/** One request to Razorpay's API: `path` below the API's origin, e.g. `/v1/orders`. */
export type RazorpayRequest = {
  method: 'GET' | 'POST';
  path: string;
  /** `Authorization: Basic base64(keyId:keySecret)`. */
  authorization: string;
  body?: Record<string, unknown>;
};

/** Razorpay's answer: the HTTP status and the JSON body (null when it was not JSON). */
export type RazorpayAnswer = { status: number; body: unknown };

/** Thrown when Razorpay did not answer (network error, timeout): nothing is known of the request's fate. */
export class RazorpaySilence extends Error {
  constructor(cause: unknown) {
    super(`Razorpay did not answer: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = 'RazorpaySilence';
  }
}

/** `Basic base64(keyId:keySecret)`. */
export function basicAuthorization(keyId: string, keySecret: string): string {
  return `Basic ${Buffer.from(`${keyId}:${keySecret}`, 'utf8').toString('base64')}`;
}

/**
 * Sends `request` to Razorpay (or the sandbox, in process, when `apiUrl` is null).
 * @throws {RazorpaySilence} when no answer came.
 */
export async function callRazorpay(
  gateway: RazorpayGatewaySettings,
  request: Omit<RazorpayRequest, 'authorization'>,
): Promise<RazorpayAnswer> {
  const authorization = basicAuthorization(gateway.keyId, gateway.keySecret);
  if (gateway.apiUrl === null) return handleSandboxRazorpayRequest({ ...request, authorization });
  let response: Response;
  try {
    response = await fetch(`${gateway.apiUrl}${request.path}`, {
      method: request.method,
      headers: {
        authorization,
        accept: 'application/json',
        ...(request.body ? { 'content-type': 'application/json' } : {}),
      },
      body: request.body ? JSON.stringify(request.body) : undefined,
      signal: AbortSignal.timeout(RAZORPAY_TIMEOUT_MS),
    });
  } catch (error) {
    throw new RazorpaySilence(error);
  }
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    throw new RazorpaySilence(error);
  }
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    body = null;
  }
  return { status: response.status, body };
}

const errorBodySchema = z.object({
  error: z.object({ code: z.string().optional(), description: z.string().optional() }),
});

/** Razorpay's own sentence of an error answer (`error.description`), or a plain one naming the status. */
export function razorpayErrorDescription(answer: RazorpayAnswer): string {
  const parsed = errorBodySchema.safeParse(answer.body);
  const description = parsed.success ? parsed.data.error.description?.trim() : undefined;
  return description ? description.slice(0, 300) : `Razorpay answered HTTP ${answer.status}`;
}

/** A successful answer read with `schema`, or null when Razorpay answered an error or something else. */
function readAnswer<T>(answer: RazorpayAnswer, schema: z.ZodType<T>): T | null {
  if (answer.status < 200 || answer.status > 299) return null;
  const parsed = schema.safeParse(answer.body);
  return parsed.success ? parsed.data : null;
}

/** What an API call gave: the entity, or Razorpay's refusal with its description. */
export type RazorpayResult<T> = { ok: true; value: T } | { ok: false; status: number; description: string };

function resultOf<T>(answer: RazorpayAnswer, schema: z.ZodType<T>): RazorpayResult<T> {
  const value = readAnswer(answer, schema);
  if (value !== null) return { ok: true, value };
  const description =
    answer.status >= 200 && answer.status <= 299
      ? 'Razorpay answered something the shop cannot read'
      : razorpayErrorDescription(answer);
  return { ok: false, status: answer.status, description };
}

/**
 * `POST /v1/orders { amount, currency: 'INR', receipt, notes }`: Razorpay's order for `amountPaise` of our
 * order `receipt` (its number).
 * @throws {RazorpaySilence} when no answer came.
 */
export async function createRazorpayOrder(
  gateway: RazorpayGatewaySettings,
  input: { amountPaise: number; receipt: string; notes: Record<string, string> },
): Promise<RazorpayResult<RazorpayOrder>> {
  const answer = await callRazorpay(gateway, {
    method: 'POST',
    path: '/v1/orders',
    body: { amount: input.amountPaise, currency: 'INR', receipt: input.receipt, notes: input.notes },
  });
  return resultOf(answer, razorpayOrderSchema);
}

const collectionOf = <T extends z.ZodType>(item: T) =>
  z.object({ entity: z.literal('collection').optional(), count: z.number().int(), items: z.array(item) });

/**
 * `GET /v1/orders/{orderId}/payments`: every payment tried against Razorpay's order.
 * @throws {RazorpaySilence} when no answer came.
 */
export async function paymentsOfRazorpayOrder(
  gateway: RazorpayGatewaySettings,
  orderId: string,
): Promise<RazorpayResult<RazorpayPayment[]>> {
  const answer = await callRazorpay(gateway, {
    method: 'GET',
    path: `/v1/orders/${encodeURIComponent(orderId)}/payments`,
  });
  const result = resultOf(answer, collectionOf(razorpayPaymentSchema));
  return result.ok ? { ok: true, value: result.value.items } : result;
}

/**
 * `POST /v1/payments/{paymentId}/refund { amount, speed: 'normal', receipt }`: a refund of `amountPaise`.
 * @throws {RazorpaySilence} when no answer came.
 */
export async function refundRazorpayPayment(
  gateway: RazorpayGatewaySettings,
  input: { paymentId: string; amountPaise: number; receipt: string },
): Promise<RazorpayResult<RazorpayRefund>> {
  const answer = await callRazorpay(gateway, {
    method: 'POST',
    path: `/v1/payments/${encodeURIComponent(input.paymentId)}/refund`,
    body: { amount: input.amountPaise, speed: 'normal', receipt: input.receipt },
  });
  return resultOf(answer, razorpayRefundSchema);
}

/**
 * `GET /v1/payments/{paymentId}/refunds`: the payment's refunds (to find one asked for before, by `receipt`).
 * @throws {RazorpaySilence} when no answer came.
 */
export async function refundsOfRazorpayPayment(
  gateway: RazorpayGatewaySettings,
  paymentId: string,
): Promise<RazorpayResult<RazorpayRefund[]>> {
  const answer = await callRazorpay(gateway, {
    method: 'GET',
    path: `/v1/payments/${encodeURIComponent(paymentId)}/refunds`,
  });
  const result = resultOf(answer, collectionOf(razorpayRefundSchema));
  return result.ok ? { ok: true, value: result.value.items } : result;
}
