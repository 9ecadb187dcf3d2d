/**
 * The provider interface: one adapter per provider behind one interface (docs/payments.md). A provider
 * turns a pending order and the payer's details into the browser's next step (docs/product.md §4 "Payment flow") and
 * the attempt the service records; the verification of its callbacks or webhooks lives beside it. A new
 * gateway is one new file plus one line in `./provider-registry.ts`. A provider that can pay money back (a card
 * gateway) has `refund`; one that cannot (UPI: the shop refunds by UPI or bank transfer itself) has none.
 */
import type { PaymentAction, PaymentMethod } from '@shared/payments/payment-response';
import type { PaymentPayer } from '../../../db/schema/payment-tables';
import type { PaymentSettings } from '../settings';

/** What a provider needs to know about the order being paid. */
export type PayableOrder = {
  /** The order's uuid. */
  id: string;
  storeId: number;
  /** The order number customers see, e.g. `RS-7KQ29XD3`. */
  orderNumber: string;
  totalPaise: number;
};

export type PaymentContext = {
  settings: PaymentSettings;
  /** The shop's public origin (`PUBLIC_URL`, else the request's), without a trailing slash. */
  baseUrl: string;
};

/**
 * The attempt a provider records in `payments` before answering (its amount is the order's total, read in
 * the same statement).
 */
export type PaymentAttempt = {
  /** The `payments.provider` value. */
  provider: string;
  /** The gateway's id of this attempt (PayU txnid); null when it is known only at confirmation (UPI UTR). */
  gatewayId: string | null;
  testMode: boolean;
  /** What to keep on the attempt row: never a key, salt or hash. */
  raw: Record<string, unknown>;
};

/**
 * A refund asked of the gateway (docs/payments.md "Refunds through the gateway"): full or partial, in **paise**,
 * of the payment the gateway knows as `gatewayPaymentId` (PayU's `mihpayid`), under our own request id
 * `requestId` (unique per request, so the gateway never refunds one request twice).
 */
export type RefundRequest = { gatewayPaymentId: string; requestId: string; amountPaise: number };

/**
 * The gateway's answer to a refund: `processed` (accepted: the money goes back to the payer's card or bank,
 * `gatewayRefundId` is the gateway's id of the refund), `failed` (refused: `reason` is the gateway's own
 * sentence), or `pending` (no definite answer — the gateway did not answer or answered something unreadable;
 * `reason` says what happened, asking again with the same `requestId` is safe). `raw`: what the gateway
 * answered, never a key, salt or hash.
 */
export type RefundOutcome = {
  status: 'processed' | 'pending' | 'failed';
  gatewayRefundId: string | null;
  reason: string | null;
  raw: Record<string, unknown>;
};

/**
 * What the gateway says of one attempt when asked (docs/payments.md "Reconciliation"): `captured` (the money
 * is taken: `gatewayPaymentId` is the gateway's payment id, `amountPaise` and `currency` what it captured),
 * `failed` (the payer gave up or was refused), or `pending` (not finished yet, unknown to the gateway, or the
 * gateway did not answer — asking again later is safe). `raw`: what the gateway answered, never a key,
 * salt or hash.
 */
export type AttemptStatus = {
  status: 'captured' | 'failed' | 'pending';
  gatewayPaymentId: string | null;
  /** The captured amount in **paise**; null unless `captured`. */
  amountPaise: number | null;
  /** ISO 4217, e.g. `INR`; null unless `captured`. */
  currency: string | null;
  raw: Record<string, unknown>;
};

export type PaymentProvider = {
  method: PaymentMethod;
  /** True when this shop's configuration offers the method. */
  isConfigured(settings: PaymentSettings): boolean;
  /**
   * The attempt to record for paying order `orderNumber` (before the order is read: the service records it
   * in the same statement that checks the order).
   * @throws {ValidationError} (with `fields`) when the payer's details do not suit this provider.
   */
  attempt(orderNumber: string, payer: PaymentPayer, context: PaymentContext): PaymentAttempt;
  /** The browser's next step (docs/product.md §4) for paying `order` under the recorded `attempt`. Pure. */
  createAction(
    order: PayableOrder,
    payer: PaymentPayer,
    context: PaymentContext,
    attempt: PaymentAttempt,
  ): PaymentAction;
  /**
   * Pays `request.amountPaise` of a succeeded payment back through the gateway. Never throws for the
   * gateway's own refusal or silence: those are `failed` and `pending` outcomes. Absent: the method has no
   * gateway refund.
   */
  refund?(request: RefundRequest, context: { settings: PaymentSettings }): Promise<RefundOutcome>;
  /**
   * Asks the gateway for the status of the attempt it knows as `gatewayId` (PayU's `txnid`, Razorpay's order
   * id). Never throws for the gateway's silence or an unreadable answer: that is `pending`. Absent: the method
   * cannot be asked (UPI: the shop's bank tells through the webhook or the owner).
   */
  fetchStatus?(gatewayId: string, context: { settings: PaymentSettings }): Promise<AttemptStatus>;
};
