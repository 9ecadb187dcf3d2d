/**
 * Confirming a UPI payment (docs/payments.md "UPI webhook"): from the UPI provider's signed webhook or the
 * shop owner's `npm run orders -- mark-paid`, recorded once per UTR and settling the order in the same
 * transaction (./pay-order.ts: paid, reinstated after its payment window, or a refund due).
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { ORDER_STATUS, type OrderStatusCode } from '@shared/orders/order-status';
import type { Db } from '../../db/database';
import { orders } from '../../db/schema/order-tables';
import { payments } from '../../db/schema/payment-tables';
import { BadRequestError, ConflictError, NotFoundError } from '../../errors';
import { illegalTransitionMessage } from '../orders/order-lifecycle';
import { ORDER_NOT_FOUND } from '../orders/order-queries';
import { settleOrderPayment, type PaymentSettlement } from './pay-order';
import { UPI_PROVIDER } from './providers/upi-provider';
import { findOrderForPayment } from './start-payment';

/** A UPI transaction reference (UTR, usually 12 digits; providers' ids may add letters and dashes). */
export const UTR_PATTERN = /^[A-Za-z0-9-]{6,64}$/;

export type UpiConfirmation = {
  storeId: number;
  /** The order number as received. */
  orderId: string;
  utr: string;
  /** What the payer paid (paise); must equal the order's total. */
  amountPaise: number;
  /** `webhook` (the UPI provider), `cli` (the shop owner's `mark-paid`) or `admin` (the admin panel's). */
  source: 'webhook' | 'cli' | 'admin';
  /** Test mode of a row this confirmation inserts (an open attempt keeps its own). */
  testMode: boolean;
  /** What the provider sent (no secrets). */
  raw?: Record<string, unknown>;
  /** `MAIL_FROM`, for the shop's paid-order notice (webhook payments only). */
  mailFrom?: string | undefined;
};

export type UpiConfirmationResult = {
  orderNumber: string;
  /** The order's status afterwards. */
  orderStatus: OrderStatusCode;
  /** True when this UTR was already recorded for the order: nothing changed. */
  replayed: boolean;
  /** True when this confirmation moved the order to Processing (from Pending, or back after its window). */
  paid: boolean;
  /** What the payment did to the order; `replayed` when the UTR was already recorded. */
  settlement: PaymentSettlement | 'replayed';
};

/** PostgreSQL's unique_violation (a concurrent request recorded the same gateway id first). */
function isUniqueViolation(error: unknown): boolean {
  return [error, (error as { cause?: unknown } | null)?.cause].some(
    (candidate) => (candidate as { code?: unknown } | null)?.code === '23505',
  );
}

/**
 * Records a confirmed UPI payment (webhook or `mark-paid`) and settles the order, in one transaction,
 * idempotently on the UTR: the order's open UPI attempt (with the payer's details) becomes the succeeded
 * payment, or a new row is written. A webhook payment is announced to the shop (TEST-marked when the payment
 * is a test one). A Pending order is paid; a Cancelled one comes back when its payment window had closed and
 * its stock is still there. From the webhook, money that cannot pay the order is still recorded and logged:
 * for a Cancelled order the refund is marked due and the shop is told by mail; an order already paid is left
 * as it is. From the CLI or the admin panel such a payment is refused (the owner reads why) and nothing is
 * recorded.
 * @throws {NotFoundError} for an unknown order.
 * @throws {BadRequestError} for a bad UTR or an amount that is not the order's total.
 * @throws {ConflictError} when the UTR paid another order; from the CLI, for an order it cannot pay.
 */
export async function confirmUpiPayment(
  db: Db,
  input: UpiConfirmation,
  log?: { warn(details: object, message: string): void },
): Promise<UpiConfirmationResult> {
  if (!UTR_PATTERN.test(input.utr)) {
    throw new BadRequestError('Invalid UTR', { utr: 'must be 6 to 64 letters, digits or dashes' });
  }
  const order = await findOrderForPayment(db, input.storeId, input.orderId);
  if (!order) throw new NotFoundError(ORDER_NOT_FOUND);
  if (input.amountPaise !== order.totalPaise) {
    throw new BadRequestError(`Amount does not match order ${order.orderNumber}`, {
      amount: 'must equal the order total',
    });
  }

  const replay = async (): Promise<UpiConfirmationResult | null> => {
    const [existing] = await db
      .select({ orderId: payments.orderId, orderNumber: orders.orderNumber, orderStatus: orders.status })
      .from(payments)
      .innerJoin(orders, eq(orders.id, payments.orderId))
      .where(
        and(
          eq(payments.storeId, input.storeId),
          eq(payments.provider, UPI_PROVIDER),
          eq(payments.gatewayId, input.utr),
        ),
      )
      .limit(1);
    if (!existing) return null;
    if (existing.orderId !== order.id) {
      throw new ConflictError(`UTR ${input.utr} already paid order ${existing.orderNumber}`);
    }
    return {
      orderNumber: order.orderNumber,
      orderStatus: existing.orderStatus as OrderStatusCode,
      replayed: true,
      paid: false,
      settlement: 'replayed',
    };
  };

  const earlier = await replay();
  if (earlier) return earlier;

  const cause =
    input.source === 'webhook'
      ? `payment: UPI webhook UTR ${input.utr}`
      : `${input.source}: mark-paid UTR ${input.utr}`;
  const byOwner = input.source !== 'webhook';
  const raw = { confirmation: { source: input.source, ...(input.raw ?? {}) } };
  try {
    return await db.transaction(async (tx): Promise<UpiConfirmationResult> => {
      const [locked] = await tx
        .select({ status: orders.status })
        .from(orders)
        .where(and(eq(orders.storeId, input.storeId), eq(orders.id, order.id)))
        .for('update');
      const status = (locked?.status ?? order.status) as OrderStatusCode;
      const settleable = status === ORDER_STATUS.pending || status === ORDER_STATUS.cancelled;
      if (!settleable && byOwner) {
        throw new ConflictError(illegalTransitionMessage(order.orderNumber, status, ORDER_STATUS.processing));
      }
      const [settled] = await tx
        .update(payments)
        .set({
          gatewayId: input.utr,
          status: 'succeeded',
          raw: sql`${payments.raw} || ${JSON.stringify(raw)}::jsonb`,
          updatedAt: sql`now()`,
        })
        .where(
          and(
            eq(payments.storeId, input.storeId),
            eq(payments.orderId, order.id),
            eq(payments.provider, UPI_PROVIDER),
            isNull(payments.gatewayId),
          ),
        )
        .returning({ testMode: payments.testMode });
      if (!settled) {
        await tx.insert(payments).values({
          storeId: input.storeId,
          orderId: order.id,
          provider: UPI_PROVIDER,
          method: byOwner ? 'manual' : 'upi',
          gatewayId: input.utr,
          amountPaise: input.amountPaise,
          status: 'succeeded',
          testMode: input.testMode,
          raw,
        });
      }
      const settlement = await settleOrderPayment(tx, {
        storeId: input.storeId,
        orderId: order.id,
        cause,
        amountPaise: input.amountPaise,
        via: {
          description: `UPI, UTR ${input.utr}`,
          testMode: settled?.testMode ?? input.testMode,
        },
        notifyShop: input.source === 'webhook',
        mailFrom: input.mailFrom,
        refuseRefund: byOwner,
      });
      const paid = settlement === 'paid' || settlement === 'reinstated';
      if (!paid) {
        log?.warn(
          { orderNumber: order.orderNumber, utr: input.utr, orderStatus: status, settlement },
          'UPI payment received for an order that is not pending: check it and refund if needed',
        );
      }
      return {
        orderNumber: order.orderNumber,
        orderStatus: paid ? ORDER_STATUS.processing : status,
        replayed: false,
        paid,
        settlement,
      };
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      const again = await replay();
      if (again) return again;
    }
    throw error;
  }
}
