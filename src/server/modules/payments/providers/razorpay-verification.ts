/**
 * Reading what Razorpay sends the shop (docs/payments.md "Razorpay"; Razorpay docs "Payment signature
 * verification", "Validate webhooks", "Webhooks"): the browser's signed return and the webhook's signed events,
 * checked in constant time (./razorpay-signature.ts) and turned into what the service settles
 * (../gateway-settlement.ts) — a payment, a refund's outcome, or an event the shop does not act on.
 */
import { razorpayWebhookEventSchema, type RazorpayPayment } from '@shared/payments/razorpay-schemas';
import { BadRequestError, UnauthorizedError, UnavailableError, ValidationError } from '../../../errors';
import type { RazorpayGatewaySettings } from '../settings';
import {
  RAZORPAY_SIGNATURE_HEADER,
  verifyRazorpayReturnSignature,
  verifyRazorpayWebhookSignature,
} from './razorpay-signature';
import type { VerifiedPayment, VerifiedWebhookEvent } from './types';

/** The webhook's 503 without `RAZORPAY_WEBHOOK_SECRET`. */
export const RAZORPAY_WEBHOOK_NOT_CONFIGURED =
  'The Razorpay webhook is not configured (RAZORPAY_WEBHOOK_SECRET)';
export const MISSING_SIGNATURE = 'Missing signature';
export const INVALID_SIGNATURE = 'Invalid signature';

export const PAYMENT_ID = /^pay_[A-Za-z0-9]{1,40}$/;
const ORDER_ID = /^order_[A-Za-z0-9]{1,40}$/;

/** How the order's history and mails name the gateway. */
export const razorpayName = (gateway: RazorpayGatewaySettings) =>
  gateway.provider === 'razorpay' ? 'Razorpay' : 'Razorpay sandbox (TEST)';

/** A payment Razorpay reported, as the service settles it. */
function verifiedPayment(
  gateway: RazorpayGatewaySettings,
  outcome: VerifiedPayment['outcome'],
  orderId: string,
  payment: Pick<RazorpayPayment, 'id' | 'amount' | 'currency' | 'status' | 'method'> | { id: string },
  amount: { amountPaise: number | null; currency: string | null },
): VerifiedPayment {
  const kept: Record<string, string> = { razorpay_order_id: orderId, razorpay_payment_id: payment.id };
  if ('status' in payment && payment.status) kept.status = payment.status.slice(0, 40);
  if ('method' in payment && payment.method) kept.method = payment.method.slice(0, 40);
  const name = razorpayName(gateway);
  return {
    gatewayId: orderId,
    outcome,
    gatewayPaymentId: payment.id,
    ...amount,
    kept,
    reference: `${name} order ${orderId} (payment ${payment.id})`,
    paidVia: `${name}, payment ${payment.id}`,
  };
}

/**
 * The browser's return from Checkout, checked: `razorpay_signature` must be the HMAC of
 * `razorpay_order_id|razorpay_payment_id` with the key secret (constant-time compare).
 * @throws {BadRequestError} 'Missing signature', 'Invalid signature'.
 */
export function verifyRazorpayReturn(
  params: Record<string, string>,
  gateway: RazorpayGatewaySettings,
): VerifiedPayment {
  const orderId = params.razorpay_order_id ?? '';
  const paymentId = params.razorpay_payment_id ?? '';
  const signature = params.razorpay_signature ?? '';
  if (!orderId || !paymentId || !signature) throw new BadRequestError(MISSING_SIGNATURE);
  if (
    !ORDER_ID.test(orderId) ||
    !PAYMENT_ID.test(paymentId) ||
    !verifyRazorpayReturnSignature(orderId, paymentId, signature, gateway.keySecret)
  ) {
    throw new BadRequestError(INVALID_SIGNATURE);
  }
  // The return carries no amount: the Razorpay order was opened for the attempt's amount (checked then).
  return verifiedPayment(
    gateway,
    'success',
    orderId,
    { id: paymentId },
    { amountPaise: null, currency: null },
  );
}

const headerText = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/**
 * A webhook call, checked and read (see the module comment).
 * @throws {UnavailableError} without a webhook secret; {UnauthorizedError} 'Missing signature' or 'Invalid
 *   signature'; {BadRequestError} / {ValidationError} for a body that is not Razorpay's event.
 */
export function verifyRazorpayWebhook(
  rawBody: Buffer,
  headers: Record<string, string | string[] | undefined>,
  gateway: RazorpayGatewaySettings,
): VerifiedWebhookEvent {
  if (!gateway.webhookSecret) throw new UnavailableError(RAZORPAY_WEBHOOK_NOT_CONFIGURED, 3600);
  const signature = headerText(headers[RAZORPAY_SIGNATURE_HEADER]);
  if (!signature) throw new UnauthorizedError(MISSING_SIGNATURE);
  if (!verifyRazorpayWebhookSignature(rawBody, signature, gateway.webhookSecret)) {
    throw new UnauthorizedError(INVALID_SIGNATURE);
  }
  let json: unknown;
  try {
    json = JSON.parse(rawBody.toString('utf8'));
  } catch {
    throw new BadRequestError('The body is not valid JSON');
  }
  const parsed = razorpayWebhookEventSchema.safeParse(json);
  if (!parsed.success) throw ValidationError.fromZod(parsed.error);
  const { event, payload } = parsed.data;
  const payment = payload.payment?.entity;
  const amountOf = (entity: { amount: number; currency: string }) => ({
    amountPaise: entity.amount,
    currency: entity.currency,
  });
  const needPayment = () => {
    if (!payment?.order_id)
      throw new ValidationError({ 'payload.payment.entity': 'must be a payment of an order' });
    return { ...payment, order_id: payment.order_id };
  };
  switch (event) {
    case 'payment.captured': {
      const captured = needPayment();
      if (captured.status !== 'captured') throw new BadRequestError('The payment is not captured');
      return {
        kind: 'payment',
        event,
        payment: verifiedPayment(gateway, 'success', captured.order_id, captured, amountOf(captured)),
      };
    }
    case 'order.paid': {
      const paid = needPayment();
      const order = payload.order?.entity;
      if (!order) throw new ValidationError({ 'payload.order.entity': 'is required' });
      if (order.id !== paid.order_id || order.status !== 'paid') {
        throw new BadRequestError('The order and its payment do not match');
      }
      const amountPaise = order.amount_paid ?? order.amount;
      if (amountPaise !== paid.amount || order.currency !== paid.currency) {
        throw new BadRequestError('Amount does not match the order');
      }
      return {
        kind: 'payment',
        event,
        payment: verifiedPayment(gateway, 'success', order.id, paid, {
          amountPaise,
          currency: order.currency,
        }),
      };
    }
    case 'payment.failed': {
      const failed = needPayment();
      return {
        kind: 'payment',
        event,
        payment: verifiedPayment(gateway, 'failure', failed.order_id, failed, amountOf(failed)),
      };
    }
    case 'refund.processed':
    case 'refund.failed': {
      const refund = payload.refund?.entity;
      if (!refund) throw new ValidationError({ 'payload.refund.entity': 'is required' });
      return {
        kind: 'refund',
        event,
        refund: {
          gatewayRefundId: refund.id,
          status: event === 'refund.processed' ? 'processed' : 'failed',
          amountPaise: refund.amount,
          reason: event === 'refund.failed' ? 'Razorpay could not process the refund' : null,
        },
      };
    }
    default:
      return { kind: 'ignored', event };
  }
}
