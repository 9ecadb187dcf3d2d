/**
 * The owner's refunds of an order (docs/returns.md "Refunds"): `POST /admin/orders/{orderNumber}/refunds` and
 * its retry. In one transaction the order row is locked (`SELECT … FOR UPDATE`), what is left to refund is
 * counted (./refundable-amount.ts) and the refund recorded, so two refunds at once never exceed what was paid.
 * A refund made outside the store (`upi`, `bank`, `cash`) is processed at once; a `gateway` refund is recorded
 * pending, the lock released, then asked of the provider that took the payment (./gateway-refund.ts). Amounts
 * in paise; audited like every admin step.
 */
import { and, desc, eq } from 'drizzle-orm';
import { refundLeftMessage } from '@shared/returns/return-rules';
import type { CreateRefundBody, Refund } from '@shared/returns/return-schemas';
import type { Db } from '../../db/database';
import { orders } from '../../db/schema/order-tables';
import { payments } from '../../db/schema/payment-tables';
import { orderReturns, refunds } from '../../db/schema/return-tables';
import { BadRequestError, ConflictError, NotFoundError, ValidationError } from '../../errors';
import { recordAudit, type AuditActor } from '../audit/audit-log';
import { findAdminOrder } from '../orders/admin-orders';
import { refundsOfOrders } from '../orders/order-returns-view';
import { gatewayPaymentIdOf, isGatewayCode } from '../payments/providers/provider-registry';
import type { PaymentSettings } from '../payments/settings';
import { askGateway, type GatewayPayment } from './gateway-refund';
import {
  COD_HAS_NO_GATEWAY_REFUND,
  GATEWAY_NOT_CONFIGURED,
  NO_GATEWAY_PAYMENT_ID,
  NOTHING_PAID_MESSAGE,
  ONLY_FAILED_GATEWAY_RETRY,
  REFERENCE_REQUIRED,
  REFUND_NOT_FOUND,
  RETURN_NOT_OF_ORDER,
  UPI_HAS_NO_GATEWAY_REFUND,
} from './refund-messages';
import { amountPaiseOf, refundRequestHash, replayedRefundId } from './refund-request';
import { refundableAmount } from './refundable-amount';
import { settleProcessedRefund } from './refund-settlement';

/** Who asks and with what: the store, the member (audit), the payment settings and `MAIL_FROM`. */
export type RefundContext = {
  storeId: number;
  actor: AuditActor;
  settings: PaymentSettings;
  mailFrom?: string | undefined;
};

/** The refund `refundId` of order `orderId` as answers carry it. */
export async function refundView(
  db: Db,
  storeId: number,
  orderId: string,
  refundId: string,
): Promise<Refund> {
  const found = (await refundsOfOrders(db, storeId, [orderId])).get(orderId)?.find((r) => r.id === refundId);
  if (!found) throw new NotFoundError(REFUND_NOT_FOUND);
  return found;
}

/** Thrown inside the transaction when a request with the same key committed first: answer its refund. */
class Replayed extends Error {
  constructor(readonly refundId: string) {
    super('replayed');
  }
}

/**
 * The order's succeeded payment a gateway refund goes back through, or the refusal: UPI and cash on delivery
 * have no gateway refund (400), a gateway this shop no longer has or a payment without the gateway's payment id
 * (PayU's mihpayid, Razorpay's `pay_…`) (409).
 */
async function gatewayPaymentOf(
  tx: Db,
  storeId: number,
  orderId: string,
  settings: PaymentSettings,
): Promise<GatewayPayment> {
  const paid = await tx
    .select({ provider: payments.provider, raw: payments.raw })
    .from(payments)
    .where(
      and(eq(payments.storeId, storeId), eq(payments.orderId, orderId), eq(payments.status, 'succeeded')),
    )
    .orderBy(desc(payments.updatedAt));
  const gateway = paid.find((payment) => isGatewayCode(payment.provider));
  if (!gateway) {
    const method = paid[0]?.provider === 'cod' ? COD_HAS_NO_GATEWAY_REFUND : UPI_HAS_NO_GATEWAY_REFUND;
    throw new BadRequestError(method, { method });
  }
  if (settings.gateway?.provider !== gateway.provider)
    throw new ConflictError(GATEWAY_NOT_CONFIGURED, { method: GATEWAY_NOT_CONFIGURED });
  const gatewayPaymentId = gatewayPaymentIdOf(gateway.provider, gateway.raw);
  if (!gatewayPaymentId) throw new ConflictError(NO_GATEWAY_PAYMENT_ID, { method: NO_GATEWAY_PAYMENT_ID });
  return { provider: gateway.provider, gatewayPaymentId };
}

/** Locks order `orderId` of `storeId` (`SELECT … FOR UPDATE`) until the transaction ends. */
async function lockOrder(tx: Db, storeId: number, orderId: string): Promise<void> {
  await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.storeId, storeId), eq(orders.id, orderId)))
    .for('update');
}

/**
 * Refunds `body.amount` rupees of order `orderNumber` (see the module comment).
 * @returns the refund (processed, pending or failed with the gateway's reason) and whether it is an
 *   `Idempotency-Key` replay.
 * @throws {NotFoundError} another store's order; a `returnId` that is not one of the order's.
 * @throws {ConflictError} 409 'Only ₹1,240.00 is left to refund'; nothing paid; a key reused with another body;
 *   a gateway refund the shop cannot make now.
 * @throws {BadRequestError} a gateway refund of an order paid by UPI or cash on delivery.
 * @throws {ValidationError} a UPI or bank refund without its reference.
 */
export async function createRefund(
  db: Db,
  context: RefundContext,
  orderNumber: string,
  body: CreateRefundBody,
  idempotencyKey?: string,
): Promise<{ refund: Refund; replayed: boolean }> {
  const { storeId } = context;
  const order = await findAdminOrder(db, storeId, orderNumber);
  const hash = refundRequestHash(body);
  const scope = { storeId, orderId: order.id, key: idempotencyKey };
  const replay = await replayedRefundId(db, scope, hash);
  if (replay) return { refund: await refundView(db, storeId, order.id, replay), replayed: true };
  if ((body.method === 'upi' || body.method === 'bank') && !body.reference)
    throw new ValidationError({ reference: REFERENCE_REQUIRED });
  const amountPaise = amountPaiseOf(body);

  let created: { row: typeof refunds.$inferSelect; payment: GatewayPayment | null };
  try {
    created = await db.transaction(async (tx) => {
      await lockOrder(tx, storeId, order.id);
      const again = await replayedRefundId(tx, scope, hash);
      if (again) throw new Replayed(again);
      if (body.returnId) {
        const [own] = await tx
          .select({ id: orderReturns.id })
          .from(orderReturns)
          .where(
            and(
              eq(orderReturns.storeId, storeId),
              eq(orderReturns.orderId, order.id),
              eq(orderReturns.id, body.returnId),
            ),
          );
        if (!own) throw new NotFoundError(RETURN_NOT_OF_ORDER);
      }
      const { paidPaise, leftPaise } = await refundableAmount(tx, storeId, order.id);
      if (paidPaise === 0) throw new ConflictError(NOTHING_PAID_MESSAGE);
      if (amountPaise > leftPaise) {
        const message = refundLeftMessage(leftPaise);
        throw new ConflictError(message, { amount: message });
      }
      const payment =
        body.method === 'gateway' ? await gatewayPaymentOf(tx, storeId, order.id, context.settings) : null;
      const now = new Date();
      const [row] = await tx
        .insert(refunds)
        .values({
          storeId,
          orderId: order.id,
          returnId: body.returnId ?? null,
          amountPaise,
          reason: body.reason,
          method: body.method,
          reference: body.reference || null,
          status: payment ? 'pending' : 'processed',
          provider: payment?.provider ?? null,
          idempotencyKey: idempotencyKey ?? null,
          requestHash: hash,
          createdByUserId: context.actor.accountId,
          processedAt: payment ? null : now,
        })
        .returning();
      const creditNote = payment ? null : await settleProcessedRefund(tx, row!, context.mailFrom, now);
      await recordAudit(tx, {
        storeId,
        actor: context.actor,
        entity: 'order',
        entityId: order.orderNumber,
        action: 'refund',
        before: null,
        after: {
          amount: amountPaise / 100,
          method: body.method,
          reference: body.reference || null,
          status: row!.status,
          ...(creditNote ? { creditNote } : {}),
        },
      });
      return { row: row!, payment };
    });
  } catch (error) {
    if (error instanceof Replayed)
      return { refund: await refundView(db, storeId, order.id, error.refundId), replayed: true };
    // Two requests with one key at once: the unique index let one through; answer its refund.
    // (A key another body took meanwhile answers 409 for the key.)
    const again = idempotencyKey ? await replayedRefundId(db, scope, hash) : null;
    if (again) return { refund: await refundView(db, storeId, order.id, again), replayed: true };
    throw error;
  }
  if (created.payment) await askGateway(db, context, order.orderNumber, created.row, created.payment);
  return { refund: await refundView(db, storeId, order.id, created.row.id), replayed: false };
}

/**
 * Asks the gateway again for failed (or unanswered, still pending) gateway refund `refundId` of order
 * `orderNumber`: a failed one only while it still fits in what is left to refund.
 * @throws {NotFoundError} another store's order, or not a refund of this order.
 * @throws {ConflictError} a refund that is processed or not a gateway refund; 'Only ₹… is left to refund'.
 */
export async function retryRefund(
  db: Db,
  context: RefundContext,
  orderNumber: string,
  refundId: string,
): Promise<Refund> {
  const { storeId } = context;
  const order = await findAdminOrder(db, storeId, orderNumber);
  const { row, payment, retry } = await db.transaction(async (tx) => {
    await lockOrder(tx, storeId, order.id);
    const [found] = await tx
      .select()
      .from(refunds)
      .where(and(eq(refunds.storeId, storeId), eq(refunds.orderId, order.id), eq(refunds.id, refundId)));
    if (!found) throw new NotFoundError(REFUND_NOT_FOUND);
    if (found.method !== 'gateway' || found.status === 'processed')
      throw new ConflictError(ONLY_FAILED_GATEWAY_RETRY);
    if (found.status === 'failed') {
      const { leftPaise } = await refundableAmount(tx, storeId, order.id);
      if (found.amountPaise > leftPaise) throw new ConflictError(refundLeftMessage(leftPaise));
    }
    const payment = await gatewayPaymentOf(tx, storeId, order.id, context.settings);
    const [updated] = await tx
      .update(refunds)
      .set({ status: 'pending', failureReason: null, updatedAt: new Date() })
      .where(eq(refunds.id, found.id))
      .returning();
    await recordAudit(tx, {
      storeId,
      actor: context.actor,
      entity: 'order',
      entityId: order.orderNumber,
      action: 'refund-retry',
      before: { status: found.status, failureReason: found.failureReason },
      after: { status: 'pending' },
    });
    return { row: updated!, payment, retry: found.status === 'failed' };
  });
  await askGateway(db, context, order.orderNumber, row, payment, retry);
  return refundView(db, storeId, order.id, row.id);
}
