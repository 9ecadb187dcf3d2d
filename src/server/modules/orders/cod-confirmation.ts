/**
 * Cash-on-delivery confirmation: a new COD order waits for the shopper's Confirm or Cancel, answered by a
 * WhatsApp quick-reply button or the one-time link `/c/{token}` (docs/messages.md "COD confirmation",
 * docs/decisions/030-cod-confirmation.md). The token is 128 random bits; only its SHA-256 is stored, it works
 * once and only until the window (`codConfirmHours`) ends. What happens after the window is
 * ./cod-confirmation-expiry.ts.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq, gt } from 'drizzle-orm';
import { CANCELLATION_CAUSE } from '@shared/orders/cancellation-cause';
import { COD_LINK_GONE, type CodConfirmationView } from '@shared/orders/cod-confirmation-schemas';
import { ORDER_STATUS, orderStatusLabel, type OrderStatusCode } from '@shared/orders/order-status';
import { paiseToRupees } from '@shared/money';
import type { Db } from '../../db/database';
import { orderLines, orders } from '../../db/schema/order-tables';
import { stores } from '../../db/schema/store-tables';
import { NotFoundError } from '../../errors';
import { recordAudit, type AuditActor } from '../audit/audit-log';
import { shopNameOf } from '../mail/shop-sender';
import { findAdminOrder } from './admin-orders';
import { transitionInTransaction } from './order-lifecycle';
import { queueOrderMessage, readMessageOrder } from './order-messages';

/** The shopper's answer to a COD confirmation. */
export type CodAnswer = 'confirm' | 'cancel';

/** The `order_events` causes of the answers. */
export const COD_CONFIRMED_CAUSE = 'cash on delivery confirmed by the shopper';
export const COD_CANCELLED_CAUSE = 'cash on delivery cancelled by the shopper';

/** The stored form of a token: its SHA-256, hex. */
export const codTokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** The storefront's short link of a token under `origin`: `<origin>/c/<token>`. */
export const codConfirmLink = (origin: string, token: string) => `${origin.replace(/\/+$/, '')}/c/${token}`;

/**
 * Starts the confirmation of COD order `orderId` (already moved to COD awaiting confirmation, in the caller's
 * transaction) at `now`: a new token, its window of the shop's `codConfirmHours`, and the 'cod-confirmation'
 * message with the link `shopOrigin/c/{token}` (`confirmLink`) and the token (`confirmToken`, the WhatsApp
 * quick-reply payloads `cod-confirm:<token>` / `cod-cancel:<token>`), by WhatsApp or SMS, else by e-mail.
 * @returns the token (never logged; tests read it).
 */
export async function startCodConfirmation(
  tx: Db,
  storeId: number,
  orderId: string,
  input: { shopOrigin: string; now: Date },
): Promise<string> {
  const order = await readMessageOrder(tx, storeId, orderId);
  if (!order) throw new NotFoundError('Order not found');
  const token = randomBytes(16).toString('base64url');
  const dueAt = new Date(input.now.getTime() + order.settings.codConfirmHours * 3_600_000);
  await tx
    .update(orders)
    .set({ codConfirmTokenHash: codTokenHash(token), codConfirmDueAt: dueAt, codFlaggedAt: null })
    .where(and(eq(orders.storeId, storeId), eq(orders.id, orderId)));
  await queueOrderMessage(
    tx,
    storeId,
    order,
    'cod-confirmation',
    { confirmToken: token, confirmLink: codConfirmLink(input.shopOrigin, token) },
    { emailFallback: true },
  );
  return token;
}

/** The order waiting on `token` in `storeId` at `now` (row-locked when `lock`), or undefined. */
async function orderOfToken(db: Db, storeId: number, token: string, now: Date, lock: boolean) {
  const query = db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      totalPaise: orders.totalPaise,
      dueAt: orders.codConfirmDueAt,
    })
    .from(orders)
    .where(
      and(
        eq(orders.storeId, storeId),
        eq(orders.codConfirmTokenHash, codTokenHash(token)),
        eq(orders.status, ORDER_STATUS.codAwaitingConfirmation),
        gt(orders.codConfirmDueAt, now),
      ),
    );
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/**
 * The order behind a live link: number, shop, items and total (rupees), and when the link expires — never the
 * address or the phone (anyone holding the link sees this).
 * @throws {NotFoundError} {@link COD_LINK_GONE} for a token unknown in this store, used or past its window.
 */
export async function codConfirmationView(
  db: Db,
  input: { storeId: number; token: string; now: Date },
): Promise<CodConfirmationView> {
  const order = await orderOfToken(db, input.storeId, input.token, input.now, false);
  if (!order) throw new NotFoundError(COD_LINK_GONE);
  const [store] = await db
    .select({ storeName: stores.storeName, companyName: stores.companyName })
    .from(stores)
    .where(eq(stores.id, input.storeId));
  const lines = await db
    .select({
      title: orderLines.productTitle,
      size: orderLines.size,
      color: orderLines.color,
      unit: orderLines.unit,
      quantity: orderLines.quantity,
      lineTotalPaise: orderLines.lineTotalPaise,
    })
    .from(orderLines)
    .where(and(eq(orderLines.storeId, input.storeId), eq(orderLines.orderId, order.id)))
    .orderBy(asc(orderLines.position));
  return {
    orderNumber: order.orderNumber,
    shopName: shopNameOf({
      storeName: store?.storeName ?? null,
      companyName: store?.companyName ?? null,
      companyEmail: null,
    }),
    items: lines.map((line) => ({
      title: line.title,
      size: line.size,
      color: line.color,
      unit: line.unit === 'm' ? 'm' : 'piece',
      quantity: Number(line.quantity),
      lineTotal: paiseToRupees(Number(line.lineTotalPaise)),
    })),
    total: paiseToRupees(Number(order.totalPaise)),
    expiresAt: (order.dueAt ?? input.now).toISOString(),
  };
}

/**
 * Applies the shopper's `answer` to the COD order whose confirmation token is `token` in `storeId` at `now`:
 * Confirm moves it on as a COD order (Processing, with the 'confirmed: cash on delivery' mail); Cancel
 * cancels it through the state machine (its stock returns, the 'Cancelled' mail and message go). Either way
 * the token stops working, in the same transaction.
 * @throws NotFoundError when no order of this store waits on that token (used, expired or never issued).
 */
export async function answerCodConfirmation(
  db: Db,
  input: { storeId: number; token: string; answer: CodAnswer; now: Date; mailFrom?: string | undefined },
): Promise<{ orderNumber: string; status: OrderStatusCode }> {
  return db.transaction(async (tx) => {
    const order = await orderOfToken(tx, input.storeId, input.token, input.now, true);
    if (!order) throw new NotFoundError(COD_LINK_GONE);
    const confirm = input.answer === 'confirm';
    const result = await transitionInTransaction(
      tx,
      input.storeId,
      order.id,
      confirm ? ORDER_STATUS.processing : ORDER_STATUS.cancelled,
      confirm ? COD_CONFIRMED_CAUSE : COD_CANCELLED_CAUSE,
      {
        onlyFrom: ORDER_STATUS.codAwaitingConfirmation,
        cancellationCause: CANCELLATION_CAUSE.customer,
        mailFrom: input.mailFrom,
      },
    );
    return { orderNumber: result.orderNumber, status: result.to };
  });
}

/**
 * The owner confirms COD order `orderNumber` (after a call, typically for a flagged one): COD awaiting
 * confirmation → Processing, with an audit entry in the same transaction.
 * @throws {NotFoundError} for an order of another store; ConflictError (409) from any other status.
 */
export async function confirmCodOrderByOwner(
  db: Db,
  context: { storeId: number; actor: AuditActor; mailFrom?: string | undefined },
  orderNumber: string,
): Promise<void> {
  const { id: orderId } = await findAdminOrder(db, context.storeId, orderNumber);
  await db.transaction(async (tx) => {
    const result = await transitionInTransaction(
      tx,
      context.storeId,
      orderId,
      ORDER_STATUS.processing,
      `admin: cash on delivery confirmed (${context.actor.label})`,
      { onlyFrom: ORDER_STATUS.codAwaitingConfirmation, mailFrom: context.mailFrom },
    );
    await recordAudit(tx, {
      storeId: context.storeId,
      actor: context.actor,
      entity: 'order',
      entityId: result.orderNumber,
      action: 'cod-confirm',
      before: { status: orderStatusLabel(result.from) },
      after: { status: orderStatusLabel(result.to) },
    });
  });
}
