/**
 * A shop set up for Shiprocket tests: the order fixture's shop at host `silk.test`, its owner and a staff
 * member signed in, a customer, and helpers that call the admin's Shiprocket routes through `app.inject()`.
 */
import type { FastifyInstance } from 'fastify';
import { ORDER_STATUS, type OrderStatusCode } from '@shared/orders/order-status';
import type { Db } from '../db/database';
import { insertSignedInMember, type SessionMember } from './admin-member';
import { insertTestOrder, insertTestShop, type TestOrder, type TestShop } from './order-fixture';
import { insertSignedInCustomers, type SessionCustomer } from './session-customer';

export const SHIPROCKET_HOST = 'silk.test';
export const WEBHOOK_TOKEN = 'whk-3f9a8c2e7b1d4a6f-5521';

export type ShiprocketShop = {
  shop: TestShop;
  owner: SessionMember;
  staff: SessionMember;
  /** The shopper of the orders, signed in (My Orders). */
  customer: SessionCustomer;
  userId: number;
};

export async function insertShiprocketShop(db: Db): Promise<ShiprocketShop> {
  const shop = await insertTestShop(db, { host: SHIPROCKET_HOST });
  const [customer] = await insertSignedInCustomers(db, 1, shop.storeId);
  return {
    shop,
    owner: await insertSignedInMember(db, shop.storeId, 'owner'),
    staff: await insertSignedInMember(db, shop.storeId, 'staff'),
    customer: customer!,
    userId: customer!.userId,
  };
}

/** An order of the saree × 2 and the kurta M × 1, Processing unless `status` says otherwise. */
export function insertShippableOrder(
  db: Db,
  setup: ShiprocketShop,
  status: OrderStatusCode = ORDER_STATUS.processing,
): Promise<TestOrder> {
  return insertTestOrder(db, {
    storeId: setup.shop.storeId,
    userId: setup.userId,
    status,
    paymentDueAt: null,
    lines: [
      { productId: setup.shop.saree, quantity: 2 },
      { productId: setup.shop.kurta, variantId: setup.shop.kurtaM, quantity: 1 },
    ],
  });
}

/** The settings body with the stand-in's account (`email`, `password`), pickup 'Primary', a 30×25×5 cm 0.75 kg parcel. */
export const settingsBody = (email: string, password: string) => ({
  email,
  password,
  pickupLocation: 'Primary',
  lengthCm: 30,
  breadthCm: 25,
  heightCm: 5,
  weightKg: 0.75,
  webhookToken: WEBHOOK_TOKEN,
});

/** Calls `method url` of the admin as `member` on the shop's host. */
export function asMember(
  app: FastifyInstance,
  member: SessionMember,
  method: 'GET' | 'PUT' | 'POST',
  url: string,
  payload?: unknown,
) {
  return app.inject({
    method,
    url: `/api/v1/admin${url}`,
    headers: { ...member.headers, 'x-store-host': SHIPROCKET_HOST },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}
