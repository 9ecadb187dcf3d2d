/**
 * Asking the gateway for a pending refund (docs/returns.md "Refunds", docs/payments.md "Refunds through the
 * gateway"), outside any transaction so no lock is held during the HTTP call, then recording its answer in a
 * transaction of its own: processed (with the credit note, 'Refund due' and the shopper's mail:
 * ./refund-settlement.ts), failed with the gateway's reason (the owner may retry), or still pending when the
 * gateway gave no definite answer. Amounts in paise.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { refunds } from '../../db/schema/return-tables';
import { recordAudit, type AuditActor } from '../audit/audit-log';
import { providerFor, type RefundOutcome } from '../payments/providers/provider-registry';
import type { PaymentSettings } from '../payments/settings';
import { settleProcessedRefund } from './refund-settlement';

/** The payment a gateway refund goes back through: its provider and the gateway's payment id (mihpayid, pay_…). */
export type GatewayPayment = { provider: string; gatewayPaymentId: string };

type RefundRow = typeof refunds.$inferSelect;

/**
 * Our request id of a gateway refund: the refund's id for its first request (asking again after no answer
 * reuses it, so the gateway never pays one request twice), a fresh one after a refusal.
 */
function requestIdOf(refund: RefundRow, afterRefusal: boolean): string {
  const id = refund.id.replace(/-/g, '');
  return afterRefusal ? `${id.slice(0, 22)}${randomBytes(5).toString('hex')}` : id;
}

/**
 * Asks the gateway to pay `refund` back through `payment` and records the outcome (see the module comment).
 * `afterRefusal`: a retry of a refused refund (a fresh request id). Never throws for the gateway's refusal.
 */
export async function askGateway(
  db: Db,
  context: { storeId: number; actor: AuditActor; settings: PaymentSettings; mailFrom?: string | undefined },
  orderNumber: string,
  refund: RefundRow,
  payment: GatewayPayment,
  afterRefusal = false,
): Promise<void> {
  const provider = providerFor(context.settings, 'gateway');
  const outcome: RefundOutcome = provider?.refund
    ? await provider.refund(
        {
          gatewayPaymentId: payment.gatewayPaymentId,
          requestId: requestIdOf(refund, afterRefusal),
          amountPaise: refund.amountPaise,
        },
        { settings: context.settings },
      )
    : { status: 'failed', gatewayRefundId: null, reason: 'The payment gateway is not configured', raw: {} };
  await db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(refunds)
      .where(and(eq(refunds.id, refund.id), eq(refunds.storeId, context.storeId)))
      .for('update');
    if (!current || current.status !== 'pending') return;
    const now = new Date();
    const [updated] = await tx
      .update(refunds)
      .set({
        status: outcome.status,
        gatewayRefundId: outcome.gatewayRefundId ?? current.gatewayRefundId,
        reference: outcome.gatewayRefundId ?? current.reference,
        failureReason: outcome.status === 'processed' ? null : outcome.reason,
        processedAt: outcome.status === 'processed' ? now : null,
        updatedAt: sql`now()`,
      })
      .where(eq(refunds.id, current.id))
      .returning();
    const creditNote =
      outcome.status === 'processed'
        ? await settleProcessedRefund(tx, updated!, context.mailFrom, now)
        : null;
    await recordAudit(tx, {
      storeId: context.storeId,
      actor: context.actor,
      entity: 'order',
      entityId: orderNumber,
      action: `refund-${outcome.status}`,
      before: { status: 'pending' },
      after: {
        status: outcome.status,
        amount: refund.amountPaise / 100,
        gatewayRefundId: outcome.gatewayRefundId,
        ...(outcome.reason ? { reason: outcome.reason } : {}),
        ...(creditNote ? { creditNote } : {}),
      },
    });
  });
}
