/**
 * Returns of a delivered test order, written straight into `order_returns`, `return_lines`, `return_photos`
 * and `return_events` (docs/returns.md), for tests of what the shop does with a return (the queue, its steps,
 * exchanges) without going through the shopper's request. A refund line is worth round(unit price ×
 * quantity) in paise; an exchange line is worth 0 and names the variant wanted, with its size and colour.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { ReturnReason, ReturnStatus } from '@shared/returns/return-rules';
import type { Db } from '../db/database';
import { productVariants } from '../db/schema/catalog-tables';
import { uploadedImages } from '../db/schema/media-tables';
import { orderLines, orders } from '../db/schema/order-tables';
import { orderReturns, returnEvents, returnLines, returnPhotos } from '../db/schema/return-tables';
import { generateReturnNumber } from '../modules/returns/return-number';

/** One line to return: the order line by its position in the order (0-based), how much, why, an exchange. */
export type TestReturnLine = {
  position: number;
  quantity: number;
  reason?: ReturnReason;
  /** The variant wanted instead (an exchange): its size and colour are copied onto the line. */
  exchangeVariantId?: string;
};

export type TestReturnInput = {
  storeId: number;
  /** The order's uuid (a Delivered order, as the shopper's request needs). */
  orderId: string;
  lines: TestReturnLine[];
  note?: string;
  /** The return pickup fee deducted from the refund, paise (default 0). */
  pickupFeePaise?: number;
  /** Photo URLs, stored as uploaded images of the store. */
  photos?: string[];
  /** When it was asked for (default now): orders the queue. */
  createdAt?: Date;
};

export type TestReturn = {
  id: string;
  number: string;
  /** The `return_lines` ids, in the order of `input.lines`. */
  lineIds: number[];
};

/**
 * Inserts a requested return of order `input.orderId` with its lines, photos and the 'requested' event (the
 * shopper as its actor, null).
 * @throws when a position is not a line of the order (the test set it up wrong).
 */
export async function insertTestReturn(db: Db, input: TestReturnInput): Promise<TestReturn> {
  const { storeId, orderId } = input;
  const [order] = await db
    .select({ userId: orders.userId })
    .from(orders)
    .where(and(eq(orders.storeId, storeId), eq(orders.id, orderId)));
  if (!order) throw new Error(`no order ${orderId}`);
  const lines = await db
    .select()
    .from(orderLines)
    .where(and(eq(orderLines.storeId, storeId), eq(orderLines.orderId, orderId)))
    .orderBy(asc(orderLines.position));
  const createdAt = input.createdAt ?? new Date();
  const [row] = await db
    .insert(orderReturns)
    .values({
      storeId,
      orderId,
      userId: order.userId!,
      number: generateReturnNumber(),
      status: 'requested' satisfies ReturnStatus,
      note: input.note ?? null,
      pickupFeePaise: input.pickupFeePaise ?? 0,
      createdAt,
      updatedAt: createdAt,
    })
    .returning({ id: orderReturns.id, number: orderReturns.number });
  const lineIds: number[] = [];
  for (const wanted of input.lines) {
    const line = lines[wanted.position];
    if (!line) throw new Error(`no line at position ${wanted.position}`);
    const [variant] = wanted.exchangeVariantId
      ? await db.select().from(productVariants).where(eq(productVariants.id, wanted.exchangeVariantId))
      : [];
    const [inserted] = await db
      .insert(returnLines)
      .values({
        storeId,
        returnId: row!.id,
        orderLineId: line.id,
        quantity: wanted.quantity,
        reason: wanted.reason ?? (variant ? 'size-too-small' : 'changed-mind'),
        exchangeVariantId: variant?.id ?? null,
        exchangeSize: variant?.size ?? null,
        exchangeColor: variant?.color ?? null,
        refundPaise: variant ? 0 : Math.round(Number(line.unitPricePaise) * wanted.quantity),
      })
      .returning({ id: returnLines.id });
    lineIds.push(inserted!.id);
  }
  for (const [position, url] of (input.photos ?? []).entries()) {
    const [image] = await db
      .insert(uploadedImages)
      .values({
        storeId,
        url,
        hash: `${row!.number}-${position}`,
        width: 800,
        height: 800,
        widths: [400, 800],
      })
      .returning({ id: uploadedImages.id });
    await db.insert(returnPhotos).values({ storeId, returnId: row!.id, imageId: image!.id, position });
  }
  await db
    .insert(returnEvents)
    .values({ storeId, returnId: row!.id, status: 'requested', note: input.note ?? null, createdAt });
  return { id: row!.id, number: row!.number, lineIds };
}
