/**
 * The shopper asks for a return or an exchange (`POST /orders/{orderId}/returns`, docs/returns.md "The
 * shopper asks for a return or an exchange"). In one transaction: the order row is locked (`SELECT … FOR
 * UPDATE`) before anything is counted, so two requests at once for the same line queue behind each other and
 * the second sees what the first holds (docs/decisions/019-returns-and-refunds.md); the order must be the
 * shopper's, Delivered, within the store's window; every line is checked (./return-line-checks.ts); then the
 * return, its lines, its 'requested' event and the two 'return requested' mails are written.
 */
import { and, eq } from 'drizzle-orm';
import { rupeesToPaise } from '@shared/money';
import { ORDER_STATUS } from '@shared/orders/order-status';
import {
  pickupFeeApplies,
  returnWindowClosedMessage,
  returnWindowEnd,
  returnWindowLastDay,
} from '@shared/returns/return-rules';
import type { CreateReturnBody, OrderReturn } from '@shared/returns/return-schemas';
import type { Db } from '../../db/database';
import { orderLines, orders } from '../../db/schema/order-tables';
import { orderReturns, returnEvents, returnLines } from '../../db/schema/return-tables';
import { BadRequestError, ConflictError, NotFoundError } from '../../errors';
import { normalizeOrderNumber } from '../orders/order-number';
import { ORDER_NOT_FOUND } from '../orders/order-queries';
import {
  deliveredTimes,
  heldByReturns,
  returnableProducts,
  storeReturnSettings,
} from '../orders/order-returnability';
import { returnsById } from '../orders/order-returns-view';
import { checkReturnLines } from './return-line-checks';
import { generateReturnNumber } from './return-number';
import { enqueueReturnRequestedMails } from './return-request-mail';
import { enqueueReturnRequestedEvent } from '../webhooks/return-events';

/** 409 for an order that is not Delivered (yet, or at all). */
export const NOT_DELIVERED_MESSAGE = 'Only a delivered order can be returned or exchanged';
/** 409 when the store's window is 0 days. */
export const NO_RETURNS_MESSAGE = 'This shop does not accept returns';
/** Attempts at a free return number before giving up (40 random bits: a second is already unlikely). */
const NUMBER_ATTEMPTS = 5;

export type CreateReturnInput = {
  storeId: number;
  /** The signed-in shopper. */
  userId: number;
  /** The order number as the client sent it (see `normalizeOrderNumber`). */
  orderId: string;
  body: CreateReturnBody;
  /** `MAIL_FROM`: the sender without a company e-mail, and the shop's address for its copy. */
  mailFrom: string | undefined;
  /** The time of the request (tests move it); default now. */
  now?: Date;
};

/**
 * Records the shopper's return request.
 * @returns the return as answers carry it (status `requested`, number `RT-…`).
 * @throws {NotFoundError} `Order not found or access denied` for an unknown number or someone else's order.
 * @throws {ConflictError} 409 for an order not Delivered ({@link NOT_DELIVERED_MESSAGE}), a store taking no
 *   returns ({@link NO_RETURNS_MESSAGE}), or after the window ('The return window for this order closed on
 *   3 Dec 2026').
 * @throws {BadRequestError} 400 naming each refused line in `fields` (`lines.0.quantity`: 'You can return at
 *   most 1 of this item'; `lines.1.lineId`: 'This item cannot be returned'; `lines.2.exchangeVariantId`:
 *   'Please choose an available size of the same item'); the error is the first line's text.
 */
export async function createReturn(db: Db, input: CreateReturnInput): Promise<OrderReturn> {
  const { storeId } = input;
  const orderNumber = normalizeOrderNumber(input.orderId);
  if (!orderNumber) throw new NotFoundError(ORDER_NOT_FOUND);
  const now = input.now ?? new Date();
  const returnId = await db.transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(orders)
      .where(
        and(
          eq(orders.storeId, storeId),
          eq(orders.orderNumber, orderNumber),
          eq(orders.userId, input.userId),
        ),
      )
      .for('update');
    if (!order) throw new NotFoundError(ORDER_NOT_FOUND);
    if (order.status !== ORDER_STATUS.delivered) throw new ConflictError(NOT_DELIVERED_MESSAGE);
    const settings = await storeReturnSettings(tx, storeId);
    if (settings.windowDays === 0) throw new ConflictError(NO_RETURNS_MESSAGE);
    const deliveredAt = (await deliveredTimes(tx, storeId, [order.id])).get(order.id) ?? order.updatedAt;
    if (now >= returnWindowEnd(deliveredAt, settings.windowDays))
      throw new ConflictError(
        returnWindowClosedMessage(returnWindowLastDay(deliveredAt, settings.windowDays)),
      );

    const lines = await tx
      .select()
      .from(orderLines)
      .where(and(eq(orderLines.storeId, storeId), eq(orderLines.orderId, order.id)));
    const [held, returnable] = await Promise.all([
      heldByReturns(tx, storeId, [order.id]),
      returnableProducts(
        tx,
        storeId,
        lines.flatMap((line) => (line.productId ? [line.productId] : [])),
      ),
    ]);
    const checked = await checkReturnLines(tx, { storeId, lines, held, returnable, settings }, input.body);
    const [firstRefusal] = Object.values(checked.fields);
    if (firstRefusal !== undefined) throw new BadRequestError(firstRefusal, checked.fields);

    let created: { id: string } | undefined;
    for (let attempt = 0; !created && attempt < NUMBER_ATTEMPTS; attempt++) {
      [created] = await tx
        .insert(orderReturns)
        .values({
          storeId,
          orderId: order.id,
          userId: input.userId,
          number: generateReturnNumber(),
          note: input.body.note || null,
          pickupFeePaise: pickupFeeApplies(input.body.lines.map((line) => line.reason))
            ? rupeesToPaise(settings.pickupFee)
            : 0,
        })
        .onConflictDoNothing()
        .returning({ id: orderReturns.id });
    }
    if (!created) throw new Error('no free return number');
    await tx.insert(returnLines).values(
      checked.lines.map((line) => ({
        storeId,
        returnId: created.id,
        orderLineId: line.orderLine.id,
        quantity: line.quantity,
        reason: line.reason,
        exchangeVariantId: line.exchange?.variantId ?? null,
        exchangeSize: line.exchange?.size ?? null,
        exchangeColor: line.exchange?.color ?? null,
        refundPaise: line.refundPaise,
      })),
    );
    await tx
      .insert(returnEvents)
      .values({ storeId, returnId: created.id, status: 'requested', note: input.body.note || null });
    await enqueueReturnRequestedMails(tx, storeId, order.id, created.id, input.mailFrom);
    await enqueueReturnRequestedEvent(tx, storeId, created.id);
    return created.id;
  });
  const [created] = await returnsById(db, storeId, [returnId]);
  return created!;
}
