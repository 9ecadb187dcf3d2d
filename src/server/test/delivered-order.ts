/**
 * A Delivered test order (./order-fixture.ts) with its 'delivered' event at a chosen time, for the tests of
 * returns: the return window counts from that event (docs/returns.md).
 */
import { sql } from 'drizzle-orm';
import { ORDER_STATUS } from '@shared/orders/order-status';
import type { Db } from '../db/database';
import { orderEvents } from '../db/schema/order-tables';
import { stores, type StoredReturnSettings } from '../db/schema/store-tables';
import { insertTestOrder, type TestOrder, type TestOrderInput } from './order-fixture';

/**
 * Inserts order `input` as Delivered, with a shipped event and a delivered event `deliveredAt` (default two
 * days ago).
 */
export async function insertDeliveredOrder(
  db: Db,
  input: Omit<TestOrderInput, 'status'> & { deliveredAt?: Date },
): Promise<TestOrder> {
  const placed = await insertTestOrder(db, { ...input, status: ORDER_STATUS.delivered, paymentDueAt: null });
  const deliveredAt = input.deliveredAt ?? new Date(Date.now() - 2 * 86_400_000);
  await db.insert(orderEvents).values([
    {
      storeId: input.storeId,
      orderId: placed.id,
      fromStatus: ORDER_STATUS.processing,
      toStatus: ORDER_STATUS.shipped,
      cause: 'test: ship',
      createdAt: new Date(deliveredAt.getTime() - 86_400_000),
    },
    {
      storeId: input.storeId,
      orderId: placed.id,
      fromStatus: ORDER_STATUS.shipped,
      toStatus: ORDER_STATUS.delivered,
      cause: 'test: delivered',
      createdAt: deliveredAt,
    },
  ]);
  return placed;
}

/** Sets the return settings of store `storeId` (money in paise, as stored). */
export async function setReturnSettings(
  db: Db,
  storeId: number,
  settings: Partial<StoredReturnSettings>,
): Promise<void> {
  const full: StoredReturnSettings = {
    windowDays: 7,
    exchanges: true,
    pickupFeePaise: 0,
    returnAddress: null,
    ...settings,
  };
  await db
    .update(stores)
    .set({ returnSettings: full })
    .where(sql`${stores.id} = ${storeId}`);
}
