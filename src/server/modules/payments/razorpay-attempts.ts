/**
 * Reading a Razorpay attempt by its Razorpay order id, within the store and the configured provider (never
 * another store's or gateway's): for our Checkout page (docs/payments.md "Razorpay") and for the browser's
 * unsigned failure return, which only chooses the page the shopper sees next.
 */
import { and, eq } from 'drizzle-orm';
import { ORDER_STATUS } from '@shared/orders/order-status';
import type { Db } from '../../db/database';
import { orders } from '../../db/schema/order-tables';
import { payments, type PaymentPayer } from '../../db/schema/payment-tables';
import { stores } from '../../db/schema/store-tables';

export type RazorpayAttempt = {
  orderNumber: string;
  /** The attempt's amount (the order's total when it started), paise. */
  amountPaise: number;
  payer: PaymentPayer;
  /** The shop's name, for Checkout's heading. */
  shopName: string;
  /** True while the attempt is open and the order Pending: Checkout may still take the payment. */
  payable: boolean;
};

/** The attempt of `storeId` and `provider` whose gateway id is Razorpay order `orderId`, or null. */
export async function findRazorpayAttempt(
  db: Db,
  storeId: number,
  provider: string,
  orderId: string,
): Promise<RazorpayAttempt | null> {
  const [row] = await db
    .select({
      orderNumber: orders.orderNumber,
      amountPaise: payments.amountPaise,
      payer: payments.payer,
      status: payments.status,
      orderStatus: orders.status,
      shopName: stores.storeName,
    })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .innerJoin(stores, eq(stores.id, payments.storeId))
    .where(
      and(eq(payments.storeId, storeId), eq(payments.provider, provider), eq(payments.gatewayId, orderId)),
    )
    .limit(1);
  if (!row) return null;
  return {
    orderNumber: row.orderNumber,
    amountPaise: row.amountPaise,
    payer: row.payer ?? { name: '', email: '', phone: '' },
    shopName: row.shopName ?? 'Shop',
    payable: row.status === 'initiated' && row.orderStatus === ORDER_STATUS.pending,
  };
}

/**
 * The Razorpay order id of a failure return (`error[metadata]` = `{"payment_id":…,"order_id":…}`, Razorpay's
 * Checkout with a callback URL), or null. Unsigned: use it only to choose the next page.
 */
export function failedReturnOrderId(params: Record<string, string>): string | null {
  const metadata = params['error[metadata]'];
  if (!metadata) return null;
  try {
    const parsed = JSON.parse(metadata) as { order_id?: unknown };
    return typeof parsed.order_id === 'string' && /^order_[A-Za-z0-9]{1,40}$/.test(parsed.order_id)
      ? parsed.order_id
      : null;
  } catch {
    return null;
  }
}
