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
import type { RazorpayPayment, RazorpayRefund } from '@shared/payments/razorpay-schemas';
import type { PaymentAction } from '@shared/payments/payment-response';
import { UnavailableError } from '../../../errors';
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
import { PAYMENT_ID, verifyRazorpayReturn, verifyRazorpayWebhook } from './razorpay-verification';
import type { AttemptStatus, PaymentProvider, RefundOutcome } from './types';

/** The answer while Razorpay does not answer (503, the shopper may try again). */
export const RAZORPAY_SILENT = 'Razorpay did not answer. Please try again in a minute.';

function razorpayOf(gateway: GatewaySettings | null): RazorpayGatewaySettings {
  if (!isRazorpayGateway(gateway)) throw new Error('Razorpay is not the configured payment gateway');
  return gateway;
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
