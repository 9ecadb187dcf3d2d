/**
 * The part of the order answer about its life after delivery (docs/returns.md): the last day of its return
 * window, its returns and refunds (./order-returns-view.ts), and per line whether it may be returned and how
 * much of it still may. Read for many orders at once with a fixed number of queries (no query per order), so
 * `GET /orders` stays fast. Quantities in the line's unit; dates `YYYY-MM-DD` in India time.
 */
import type { Order } from '@shared/orders/order-schemas';
import { ORDER_STATUS } from '@shared/orders/order-status';
import { returnWindowLastDay } from '@shared/returns/return-rules';
import type { Db } from '../../db/database';
import type { OrderActivity } from './order-history';
import {
  heldByReturns,
  lineReturnable,
  returnableProducts,
  roundQuantity,
  storeReturnSettings,
} from './order-returnability';
import { refundsOfOrders, returnsOfOrders } from './order-returns-view';

/** What an order line needs for its returnability. */
type LineFacts = { id: number; productId: string | null; unit: string; quantity: number };

/** An order's after-delivery fields, and per order line id `{ returnable, returnableQuantity }` when Delivered. */
export type AfterDelivery = Required<
  Pick<Order, 'returnWindowLastDay' | 'exchangesOffered' | 'returns' | 'refunds'>
> & {
  lines: Map<number, { returnable: boolean; returnableQuantity: number }>;
};

/** When the order reached Delivered, from its history (the last step to status 3); null: never. */
export function deliveredAtOf(activity: OrderActivity | undefined): Date | null {
  const step = activity?.history.findLast((entry) => entry.status === ORDER_STATUS.delivered);
  return step ? new Date(step.at) : null;
}

/**
 * The after-delivery fields of each order in `rows`, by order id. `lines` and `activity` are the orders'
 * lines and histories already read for the answer. A Delivered order of a store taking returns gets its
 * window's last day (also once passed: the page says when it closed) and per line what may come back.
 */
export async function afterDeliveryOfOrders(
  db: Db,
  storeId: number,
  rows: { id: string; status: number }[],
  lines: Map<string, LineFacts[]>,
  activity: Map<string, OrderActivity>,
): Promise<Map<string, AfterDelivery>> {
  const ids = rows.map((row) => row.id);
  const delivered = rows.filter((row) => row.status === ORDER_STATUS.delivered).map((row) => row.id);
  const deliveredLines = delivered.flatMap((id) => lines.get(id) ?? []);
  const [returns, refunds, settings, held, returnable] = await Promise.all([
    returnsOfOrders(db, storeId, ids),
    refundsOfOrders(db, storeId, ids),
    delivered.length > 0 ? storeReturnSettings(db, storeId) : null,
    heldByReturns(db, storeId, delivered),
    returnableProducts(
      db,
      storeId,
      deliveredLines.flatMap((line) => (line.productId === null ? [] : [line.productId])),
    ),
  ]);
  const result = new Map<string, AfterDelivery>();
  for (const row of rows) {
    const deliveredAt = row.status === ORDER_STATUS.delivered ? deliveredAtOf(activity.get(row.id)) : null;
    const lastDay =
      deliveredAt && settings && settings.windowDays > 0
        ? returnWindowLastDay(deliveredAt, settings.windowDays)
        : null;
    const lineFacts = new Map<number, { returnable: boolean; returnableQuantity: number }>();
    if (row.status === ORDER_STATUS.delivered)
      for (const line of lines.get(row.id) ?? [])
        lineFacts.set(line.id, {
          returnable: lineReturnable(line, returnable),
          returnableQuantity: Math.max(0, roundQuantity(line.quantity - (held.get(line.id) ?? 0))),
        });
    result.set(row.id, {
      returnWindowLastDay: lastDay,
      exchangesOffered: lastDay !== null && settings !== null && settings.exchanges,
      returns: returns.get(row.id) ?? [],
      refunds: refunds.get(row.id) ?? [],
      lines: lineFacts,
    });
  }
  return result;
}
