/**
 * The provider interface: one adapter per provider behind one interface (docs/payments.md "The provider
 * interface"), covering a gateway's whole life:
 *
 * 1. **start** — `attempt` (the attempt to record), then `openGatewayOrder` where the gateway wants an order of
 *    its own first (Razorpay's `POST /v1/orders`; asynchronous, before the attempt is recorded), then
 *    `createAction` (the browser's next step, docs/product.md §4 "Payment flow");
 * 2. **verifyReturn** — the browser's return from the gateway, checked against the gateway's signature;
 * 3. **verifyWebhook** — a server-to-server event, checked against its signature;
 * 4. **fetchStatus** — asking the gateway what became of an attempt (reconciliation);
 * 5. **refund** — paying money back, full or partial.
 *
 * What to do with a verified return or event (settling the attempt and the order) is the service's
 * (../gateway-settlement.ts), the same for every gateway. A new gateway is one new adapter file, its sandbox,
 * and one line in `./provider-registry.ts`. A provider that can pay money back (a card gateway) has `refund`;
 * one that cannot (UPI: the shop refunds by UPI or bank transfer itself) has none.
 */
import type { PaymentAction, PaymentMethod } from '@shared/payments/payment-response';
import type { PaymentPayer } from '../../../db/schema/payment-tables';
import type { GatewaySettings, PaymentSettings } from '../settings';

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

/**
 * A return or event the gateway signed, as the service settles it (../gateway-settlement.ts): the attempt it
 * is about (`gatewayId`: PayU's txnid, Razorpay's order id), what happened, and what the gateway says was paid.
 */
export type VerifiedPayment = {
  gatewayId: string;
  /** `success`: the money is taken; `failure`: the attempt failed; `pending`: the gateway has not decided. */
  outcome: 'success' | 'failure' | 'pending';
  /** The gateway's id of the payment (PayU's mihpayid, Razorpay's `pay_…`), when it says. */
  gatewayPaymentId: string | null;
  /**
   * What the gateway says was paid, in **paise**; null when it does not say (Razorpay's browser return);
   * `NaN` when it says something unreadable (never equal to the order's total).
   */
  amountPaise: number | null;
  /** ISO 4217 as the gateway says it; null when it does not say (PayU: always rupees). */
  currency: string | null;
  /** The fields kept on the attempt row under `raw.response`: never a key, salt, hash or signature. */
  kept: Record<string, string>;
  /** How the order's history names the payment: `PayU sandbox (TEST) txnid RS-…-4K7Q2M (mihpayid 4039…)`. */
  reference: string;
  /** How the mails name it: `PayU sandbox (TEST), txnid RS-…-4K7Q2M`. */
  paidVia: string;
};

/**
 * A signed event of the gateway's webhook, read: a payment's outcome (`payment`), a refund's (`refund`), or an
 * event this shop does not act on (`ignored`, acknowledged so the gateway stops sending it).
 */
export type VerifiedWebhookEvent =
  | { kind: 'payment'; event: string; payment: VerifiedPayment }
  | { kind: 'refund'; event: string; refund: GatewayRefundEvent }
  | { kind: 'ignored'; event: string };

/**
 * A refund's outcome reported by the gateway's webhook (Razorpay's `refund.processed` / `refund.failed`): the
 * gateway's refund id, its status and amount (**paise**), and the gateway's reason for a failure.
 */
export type GatewayRefundEvent = {
  gatewayRefundId: string;
  status: 'processed' | 'failed';
  amountPaise: number;
  reason: string | null;
};

export type PaymentProvider = {
  method: PaymentMethod;
  /** The `payments.provider` values this adapter records (real and sandbox), e.g. `payu`, `payu-sandbox`. */
  codes: readonly string[];
  /** True when this shop's configuration offers the method. */
  isConfigured(settings: PaymentSettings): boolean;
  /**
   * The attempt to record for paying order `orderNumber` (before the order is read: the service records it
   * in the same statement that checks the order).
   * @throws {ValidationError} (with `fields`) when the payer's details do not suit this provider.
   */
  attempt(orderNumber: string, payer: PaymentPayer, context: PaymentContext): PaymentAttempt;
  /**
   * Opens the gateway's own order for `order` (its total in paise, as read on the server) before the attempt
   * is recorded, and answers the attempt with the gateway's id of it. Absent: the gateway needs no order of its
   * own (PayU, UPI).
   * @throws {GatewayRefusedError} when the gateway refuses (its own description); the order is unchanged.
   */
  openGatewayOrder?(
    order: PayableOrder,
    attempt: PaymentAttempt,
    context: PaymentContext,
  ): Promise<PaymentAttempt>;
  /** The browser's next step (docs/product.md §4) for paying `order` under the recorded `attempt`. Pure. */
  createAction(
    order: PayableOrder,
    payer: PaymentPayer,
    context: PaymentContext,
    attempt: PaymentAttempt,
  ): PaymentAction;
  /**
   * Checks the browser's return from the gateway (its form fields) against the gateway's signature, in
   * constant time. Absent: the method has no return (UPI).
   * @throws {BadRequestError} for a missing or wrong signature or another merchant's key; nothing changes then.
   */
  verifyReturn?(params: Record<string, string>, gateway: GatewaySettings): VerifiedPayment;
  /**
   * Checks a webhook call (its raw body and headers) against the gateway's signature and reads its event.
   * Absent: the gateway's outcomes come back through the browser's return and `fetchStatus` only (PayU here).
   * @throws {UnauthorizedError} for a missing or wrong signature; {BadRequestError} for a body that is not
   *   the gateway's event.
   */
  verifyWebhook?(
    rawBody: Buffer,
    headers: Record<string, string | string[] | undefined>,
    gateway: GatewaySettings,
  ): VerifiedWebhookEvent;
  /** The gateway's payment id kept on a succeeded attempt's `raw` (PayU's mihpayid), or null. */
  paymentIdOf?(raw: unknown): string | null;
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
