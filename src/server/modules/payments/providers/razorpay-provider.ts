/**
 * Razorpay (docs/payments.md "Razorpay"; Razorpay docs: "Standard Checkout", "Orders API", "Payment signature
 * verification", "Webhooks", "Refunds API"), behind the provider interface (./types.ts):
 *
 * - **start**: `POST /v1/orders` with the order's total in paise, `INR` and our order number as `receipt`; the
 *   Razorpay order id is the attempt's gateway id. The browser's step is a `redirect_post` to our own Checkout
 *   page (../razorpay-routes.ts), the only page that loads Razorpay's script — or, in test mode, to the
 *   sandbox's stand-in of Checkout (./sandbox-razorpay.ts), which loads no outside script at all;
 * - **return**: `razorpay_payment_id`, `razorpay_order_id`, `razorpay_signature` (./razorpay-signature.ts);
 * - **webhook**: `X-Razorpay-Signature` over the raw body; `payment.captured`, `order.paid`, `payment.failed`,
 *   `refund.processed`, `refund.failed`;
 * - **status**: `GET /v1/orders/{id}/payments`; **refund**: `POST /v1/payments/{id}/refund`.
 */
import {
  razorpayWebhookEventSchema,
  type RazorpayPayment,
  type RazorpayRefund,
} from '@shared/payments/razorpay-schemas';
import type { PaymentAction } from '@shared/payments/payment-response';
import { BadRequestError, UnauthorizedError, UnavailableError, ValidationError } from '../../../errors';
import {
  RAZORPAY_CALLBACK_PATH,
  RAZORPAY_CHECKOUT_PATH,
  SANDBOX_RAZORPAY_CHECKOUT_PATH,
  gatewayUrl,
  isRazorpayGateway,
  type GatewaySettings,
  type RazorpayGatewaySettings,
} from '../settings';
import { GatewayRefusedError } from './gateway-refused-error';
import {
  RazorpaySilence,
  createRazorpayOrder,
  paymentsOfRazorpayOrder,
  refundRazorpayPayment,
  refundsOfRazorpayPayment,
} from './razorpay-api';
import {
  RAZORPAY_SIGNATURE_HEADER,
  verifyRazorpayReturnSignature,
  verifyRazorpayWebhookSignature,
} from './razorpay-signature';
import type {
  AttemptStatus,
  PaymentProvider,
  RefundOutcome,
  VerifiedPayment,
  VerifiedWebhookEvent,
} from './types';

/** The answer while Razorpay does not answer (503, the shopper may try again). */
export const RAZORPAY_SILENT = 'Razorpay did not answer. Please try again in a minute.';
/** The webhook's 503 without `RAZORPAY_WEBHOOK_SECRET`. */
export const RAZORPAY_WEBHOOK_NOT_CONFIGURED =
  'The Razorpay webhook is not configured (RAZORPAY_WEBHOOK_SECRET)';
export const MISSING_SIGNATURE = 'Missing signature';
export const INVALID_SIGNATURE = 'Invalid signature';

const PAYMENT_ID = /^pay_[A-Za-z0-9]{1,40}$/;
const ORDER_ID = /^order_[A-Za-z0-9]{1,40}$/;

function razorpayOf(gateway: GatewaySettings | null): RazorpayGatewaySettings {
  if (!isRazorpayGateway(gateway)) throw new Error('Razorpay is not the configured payment gateway');
  return gateway;
}

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

/** What Razorpay's payments of one order say of the attempt (see `fetchStatus`). */
export function statusOfPayments(items: RazorpayPayment[]): AttemptStatus {
  const captured = items.find((payment) => payment.status === 'captured' || payment.status === 'refunded');
  const raw = { payments: items.map((payment) => ({ id: payment.id, status: payment.status })) };
  if (captured) {
    return {
      status: 'captured',
      gatewayPaymentId: captured.id,
      amountPaise: captured.amount,
      currency: captured.currency,
      raw,
    };
  }
  // `authorized` is captured soon (automatic capture); `created` is still in the shopper's hands.
  const open = items.some((payment) => payment.status === 'authorized' || payment.status === 'created');
  const failed = items.length > 0 && !open;
  return {
    status: failed ? 'failed' : 'pending',
    gatewayPaymentId: null,
    amountPaise: null,
    currency: null,
    raw,
  };
}

/** Razorpay's refund entity as the refunds module records it. */
function refundOutcomeOf(refund: RazorpayRefund): RefundOutcome {
  const raw = {
    id: refund.id,
    status: refund.status,
    amount: refund.amount,
    receipt: refund.receipt ?? null,
  };
  if (refund.status === 'processed')
    return { status: 'processed', gatewayRefundId: refund.id, reason: null, raw };
  if (refund.status === 'failed') {
    return {
      status: 'failed',
      gatewayRefundId: refund.id,
      reason: 'Razorpay could not process the refund',
      raw,
    };
  }
  return {
    status: 'pending',
    gatewayRefundId: refund.id,
    reason: 'Razorpay is processing the refund; its webhook tells the outcome',
    raw,
  };
}

/** `gateway`: UPI, cards, net banking and wallets in Razorpay's Checkout (or its sandbox). */
export const razorpayProvider: PaymentProvider = {
  method: 'gateway',
  codes: ['razorpay', 'razorpay-sandbox'],
  isConfigured: (settings) => isRazorpayGateway(settings.gateway),
  attempt(_orderNumber, _payer, { settings }) {
    const gateway = razorpayOf(settings.gateway);
    // The gateway id is Razorpay's order id, known once `openGatewayOrder` has asked for it.
    return { provider: gateway.provider, gatewayId: null, testMode: gateway.testMode, raw: {} };
  },
  async openGatewayOrder(order, attempt, { settings }) {
    const gateway = razorpayOf(settings.gateway);
    let result;
    try {
      result = await createRazorpayOrder(gateway, {
        amountPaise: order.totalPaise,
        receipt: order.orderNumber,
        notes: { orderNumber: order.orderNumber },
      });
    } catch (error) {
      if (error instanceof RazorpaySilence) throw new UnavailableError(RAZORPAY_SILENT, 60);
      throw error;
    }
    if (!result.ok) {
      if (result.status >= 500) throw new UnavailableError(RAZORPAY_SILENT, 60);
      throw new GatewayRefusedError('Razorpay', result.description);
    }
    const opened = result.value;
    if (opened.amount !== order.totalPaise || opened.currency !== 'INR') {
      throw new GatewayRefusedError('Razorpay', 'the order it opened is not for the amount asked');
    }
    return {
      ...attempt,
      gatewayId: opened.id,
      raw: {
        razorpayOrder: {
          id: opened.id,
          amount: opened.amount,
          currency: opened.currency,
          receipt: opened.receipt ?? null,
        },
      },
    };
  },
  createAction(order, payer, { settings, baseUrl }, attempt): PaymentAction {
    const gateway = razorpayOf(settings.gateway);
    if (!attempt.gatewayId) throw new Error('A Razorpay attempt needs its order id');
    const page = gateway.provider === 'razorpay' ? RAZORPAY_CHECKOUT_PATH : SANDBOX_RAZORPAY_CHECKOUT_PATH;
    return {
      type: 'redirect_post',
      // Our own page (same origin as the storefront) opens Checkout with these options (docs/payments.md).
      redirectUrl: page,
      formParams: {
        type: 'POST',
        url: gatewayUrl(gateway, baseUrl),
        data: {
          key: gateway.keyId,
          order_id: attempt.gatewayId,
          amount: String(order.totalPaise),
          currency: 'INR',
          description: `Order ${order.orderNumber}`,
          callback_url: `${baseUrl}${RAZORPAY_CALLBACK_PATH}`,
          'prefill[name]': payer.name,
          'prefill[email]': payer.email,
          'prefill[contact]': payer.phone,
        },
      },
    };
  },
  verifyReturn: (params, gateway) => verifyRazorpayReturn(params, razorpayOf(gateway)),
  verifyWebhook: (rawBody, headers, gateway) => verifyRazorpayWebhook(rawBody, headers, razorpayOf(gateway)),
  paymentIdOf(raw) {
    const id = (raw as { response?: { razorpay_payment_id?: unknown } } | null)?.response
      ?.razorpay_payment_id;
    return typeof id === 'string' && PAYMENT_ID.test(id) ? id : null;
  },
  /** `GET /v1/orders/{id}/payments`: captured, failed (every try failed) or pending; never throws. */
  async fetchStatus(gatewayId, { settings }) {
    const gateway = razorpayOf(settings.gateway);
    const pending = (reason: string): AttemptStatus => ({
      status: 'pending',
      gatewayPaymentId: null,
      amountPaise: null,
      currency: null,
      raw: { reason },
    });
    try {
      const result = await paymentsOfRazorpayOrder(gateway, gatewayId);
      return result.ok ? statusOfPayments(result.value) : pending(result.description);
    } catch (error) {
      if (error instanceof RazorpaySilence) return pending(error.message);
      throw error;
    }
  },
  /**
   * `POST /v1/payments/{id}/refund { amount }` under `receipt` = our request id; a refund asked before under
   * the same receipt (`GET /v1/payments/{id}/refunds`) is answered instead, so asking again never refunds
   * twice. Razorpay's refusal (4xx) is `failed` with its description; silence or a 5xx is `pending`.
   */
  async refund(request, { settings }) {
    const gateway = razorpayOf(settings.gateway);
    const pending = (reason: string): RefundOutcome => ({
      status: 'pending',
      gatewayRefundId: null,
      reason,
      raw: {},
    });
    try {
      const earlier = await refundsOfRazorpayPayment(gateway, request.gatewayPaymentId);
      const same = earlier.ok
        ? earlier.value.find((refund) => refund.receipt === request.requestId)
        : undefined;
      if (same) return refundOutcomeOf(same);
      if (!earlier.ok && earlier.status >= 500) return pending(earlier.description);
      const result = await refundRazorpayPayment(gateway, {
        paymentId: request.gatewayPaymentId,
        amountPaise: request.amountPaise,
        receipt: request.requestId,
      });
      if (result.ok) return refundOutcomeOf(result.value);
      if (result.status >= 500) return pending(result.description);
      return {
        status: 'failed',
        gatewayRefundId: null,
        reason: result.description,
        raw: { status: result.status },
      };
    } catch (error) {
      if (error instanceof RazorpaySilence) return pending(error.message);
      throw error;
    }
  },
};
