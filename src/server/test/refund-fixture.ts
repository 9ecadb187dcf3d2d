/**
 * Paid orders for refund tests (docs/returns.md "Refunds"), made through the real app: placed by a signed-in
 * shopper through `POST /orders`, paid through the built-in sandbox gateway (the payment form, then the
 * sandbox's own signed post-back with its `mihpayid`) or marked paid by UPI in the admin, then moved through
 * the order state machine (shipped: the tax invoice; delivered).
 */
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import type { PaymentResponse } from '@shared/payments/payment-response';
import type { Db } from '../db/database';
import { products } from '../db/schema/catalog-tables';
import { orders } from '../db/schema/order-tables';
import { orderReturns, returnLines } from '../db/schema/return-tables';
import { sandboxResponseFields } from '../modules/payments/providers/sandbox-payu';
import { gstTestCatalog } from './gst-test-catalog';
import { seedCatalog } from './seed-catalog';
import type { SessionCustomer } from './session-customer';
import { transition } from '../modules/orders/order-lifecycle';
import { ORDER_STATUS } from '@shared/orders/order-status';

/** Seeds the GST test catalog (./gst-test-catalog.ts) into `db`; answers its product ids by SKU. */
export async function seedGstTestCatalog(db: Db): Promise<Record<string, string>> {
  await seedCatalog(db, gstTestCatalog());
  const rows = await db.select({ id: products.id, sku: products.sku }).from(products);
  return Object.fromEntries(rows.map((row) => [row.sku, row.id]));
}

/** The payer of the payment form; a business buyer adds its name and GSTIN. */
export type TestPayer = { businessName?: string; gstin?: string };

/**
 * Places an order of `lines` (product id → quantity) for `buyer` to `address`.
 * @returns the order's uuid and number.
 */
export async function placeTestOrderThroughApi(
  app: FastifyInstance,
  db: Db,
  buyer: SessionCustomer,
  address: Record<string, string>,
  lines: Record<string, number>,
  headers: Record<string, string> = {},
): Promise<{ id: string; orderNumber: string }> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/orders',
    headers: { ...buyer.headers, ...headers },
    payload: {
      shippingAddress: address,
      lines: Object.entries(lines).map(([productId, quantity]) => ({ productId, quantity })),
    },
  });
  if (response.statusCode !== 201) throw new Error(`order refused: ${response.body}`);
  const orderNumber = response.json<{ id: string }>().id;
  const [row] = await db.select({ id: orders.id }).from(orders).where(eq(orders.orderNumber, orderNumber));
  return { id: row!.id, orderNumber };
}

/**
 * Pays order `orderNumber` of `buyer` through the sandbox gateway: the payment form's gateway method, then the
 * sandbox's 'Success' post-back (signed with the sandbox salt) carrying `mihpayid`.
 */
export async function payThroughSandbox(
  app: FastifyInstance,
  buyer: SessionCustomer,
  orderNumber: string,
  payer: TestPayer = {},
  mihpayid = '403993715000001',
  headers: Record<string, string> = {},
): Promise<void> {
  const started = await app.inject({
    method: 'POST',
    url: '/api/v1/payments',
    headers: { ...buyer.headers, ...headers },
    payload: {
      orderId: orderNumber,
      fields: {
        name: 'Asha Verma',
        email: 'asha@example.com',
        phone: '+919839041736',
        method: 'gateway',
        ...payer,
      },
    },
  });
  if (started.statusCode !== 200) throw new Error(`payment refused: ${started.body}`);
  const data = started.json<PaymentResponse>().action!.formParams!.data as Record<string, string>;
  const fields = sandboxResponseFields(data, 'success', mihpayid);
  const callback = await app.inject({
    method: 'POST',
    url: '/api/v1/payments/payu/callback',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: new URLSearchParams(fields).toString(),
  });
  if (callback.statusCode !== 303)
    throw new Error(`callback refused: ${callback.statusCode} ${callback.body}`);
}

/** Ships order `orderId` of `storeId` (its tax invoice is issued) and, with `deliver`, delivers it. */
export async function shipTestOrderThrough(
  db: Db,
  storeId: number,
  orderId: string,
  deliver = false,
): Promise<void> {
  await transition(db, storeId, orderId, ORDER_STATUS.shipped, 'test: ship', {
    trackingNumber: 'EE123456789IN',
  });
  if (deliver) await transition(db, storeId, orderId, ORDER_STATUS.delivered, 'test: delivered');
}

/** One line of a test return: the order line, how much, its refund value (0: an exchange) and its new size. */
export type TestReturnLine = {
  orderLineId: number;
  quantity: number;
  refundPaise: number;
  exchangeSize?: string;
};

let returnsMade = 0;

/**
 * Writes a received return of order `orderId` straight into the return tables (as the returns queue leaves
 * it), for refund tests that need a return to settle without going through the shopper's request.
 * @returns the return's id and number.
 */
export async function insertTestReturn(
  db: Db,
  input: { storeId: number; orderId: string; userId: number; lines: TestReturnLine[] },
): Promise<{ id: string; number: string }> {
  const number = `RT-T${String(process.pid % 1000).padStart(3, '0')}${String(++returnsMade).padStart(4, '0')}`;
  const [row] = await db
    .insert(orderReturns)
    .values({
      storeId: input.storeId,
      orderId: input.orderId,
      userId: input.userId,
      number,
      status: 'received',
    })
    .returning({ id: orderReturns.id });
  await db.insert(returnLines).values(
    input.lines.map((line) => ({
      storeId: input.storeId,
      returnId: row!.id,
      orderLineId: line.orderLineId,
      quantity: line.quantity,
      reason: line.exchangeSize ? 'size-too-small' : 'damaged-or-defective',
      exchangeSize: line.exchangeSize ?? null,
      refundPaise: line.refundPaise,
      outcome: 'restocked' as const,
    })),
  );
  return { id: row!.id, number };
}
