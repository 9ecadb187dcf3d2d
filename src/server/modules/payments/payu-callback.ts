/**
 * PayU's post-back (docs/payments.md "PayU request and callback"): verified by the adapter against the reverse
 * hash (./providers/payu-provider.ts `verifyReturn`), then settled once per txnid as every gateway's return is
 * (./gateway-settlement.ts): a success settles the order in the same transaction (./pay-order.ts: paid,
 * reinstated after its payment window, or a refund due).
 */
import type { Db } from '../../db/database';
import { settleGatewayPayment, type SettlementOutcome } from './gateway-settlement';
import { verifyPayuReturn } from './providers/payu-provider';
import type { PayuGatewaySettings } from './settings';

export { orderSuccessPath, paymentFailedPath } from './gateway-settlement';

export type CallbackOutcome = SettlementOutcome;

export type PayuCallbackInput = {
  storeId: number;
  gateway: PayuGatewaySettings;
  /** The post-back's form fields. */
  params: Record<string, string>;
  /** `MAIL_FROM`, for the shop's paid-order notice. */
  mailFrom: string | undefined;
  log: { warn(details: object, message: string): void };
};

/**
 * Applies a gateway post-back: verifies the reverse hash in constant time and the merchant key, finds the
 * attempt by txnid and checks the amount; then, in one transaction, settles the attempt — `status=success`
 * marks it succeeded and settles the order (Pending → Processing with the shop's notice, TEST-marked for the
 * sandbox; a Cancelled order comes back or gets a refund due); `failure` (or anything else but `pending`)
 * marks it failed. A txnid already settled changes nothing (a replay).
 * @throws {BadRequestError} for a missing or wrong hash, another merchant key, an unknown txnid or a wrong
 *   amount; nothing changes then.
 */
export async function applyPayuCallback(db: Db, input: PayuCallbackInput): Promise<CallbackOutcome> {
  const payment = verifyPayuReturn(input.params, input.gateway);
  return settleGatewayPayment(db, {
    storeId: input.storeId,
    provider: input.gateway.provider,
    payment,
    mailFrom: input.mailFrom,
    log: input.log,
  });
}
