/**
 * An order as its lifecycle e-mails show it: the order, its store as the sender, and its lines read from the
 * `order_lines` snapshot with size, colour and unit of measure — `Katan Silk Fabric (Colour: Red): 2.5 m ×
 * ₹450 = ₹1,125`. Amounts are integer paise until they are formatted by the one money rule (docs/product.md §9).
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { formatQuantity, type UnitOfMeasure } from '@shared/catalog/unit-of-measure';
import { formatRupees, paiseToRupees } from '@shared/money';
import type { Db } from '../../db/database';
import { orderLines, orders } from '../../db/schema/order-tables';
import { payments } from '../../db/schema/payment-tables';
import { stores } from '../../db/schema/store-tables';
import type { MailStore } from '../mail/shop-sender';

/** One order line in a mail: quantity in pieces or metres by `unit`, money in paise. */
export type MailLine = {
  title: string;
  size: string | null;
  color: string | null;
  unit: UnitOfMeasure;
  quantity: number;
  unitPricePaise: number;
  lineTotalPaise: number;
};

/** `paise` as people read it (docs/product.md §9): 112500 → `₹1,125`, 274750 → `₹2,747.50`. */
export const rupeesOf = (paise: number) => formatRupees(paiseToRupees(paise));

/** The line's title with its size and colour: `Cotton Kurta (Size: M, Colour: White)`, or just the title. */
export function lineName(line: Pick<MailLine, 'title' | 'size' | 'color'>): string {
  const options = [
    ...(line.size ? [`Size: ${line.size}`] : []),
    ...(line.color ? [`Colour: ${line.color}`] : []),
  ];
  return options.length > 0 ? `${line.title} (${options.join(', ')})` : line.title;
}

/** `2.5 m × ₹450` (metres) or `2 × ₹999.50` (pieces). */
export function lineQuantityAndPrice(line: MailLine): string {
  return `${formatQuantity(line.quantity, line.unit)} × ${rupeesOf(line.unitPricePaise)}`;
}

/** `Katan Silk Fabric (Colour: Red): 2.5 m × ₹450 = ₹1,125`. */
export function lineText(line: MailLine): string {
  return `${lineName(line)}: ${lineQuantityAndPrice(line)} = ${rupeesOf(line.lineTotalPaise)}`;
}

/**
 * The rows above a mail's total: the coupon's discount (negative), then the charges — `[['Discount (FIRST10)',
 * -25_000], ['Shipping', 9_900], ['Cash on delivery fee', 4_900]]`, none when 0.
 */
export function chargeRows(
  order: Pick<MailOrder, 'shippingFeePaise' | 'codFeePaise' | 'discountPaise' | 'couponCode'>,
): [string, number][] {
  return [
    [order.couponCode ? `Discount (${order.couponCode})` : 'Discount', -order.discountPaise] as [
      string,
      number,
    ],
    ['Shipping', order.shippingFeePaise] as [string, number],
    ['Cash on delivery fee', order.codFeePaise] as [string, number],
  ].filter(([, paise]) => paise !== 0);
}

/** What the lifecycle mails of one order need to know (amounts in paise). */
export type MailOrder = {
  orderNumber: string;
  /** The customer's e-mail (copied into the order). */
  email: string;
  fullName: string;
  city: string;
  state: string;
  postalCode: string;
  totalPaise: number;
  /** The coupon's discount (paise, 0: none) and its code; the lines' totals are before it. */
  discountPaise: number;
  couponCode: string | null;
  /** The order's shipping charge and cash-on-delivery fee (paise, 0: none), shown above the total. */
  shippingFeePaise: number;
  codFeePaise: number;
  /** Paid in cash on delivery (docs/delivery.md). */
  cashOnDelivery: boolean;
  trackingNumber: string | null;
  /** The courier named at the ship step (src/shared/orders/couriers.ts); null before. */
  courier: string | null;
  cancellationCause: string | null;
  /** What succeeded payments of the order add up to (paise; 0 when unpaid). */
  paidPaise: number;
  lines: MailLine[];
  store: MailStore & { companyEmail: string | null };
};

/** Order `orderId` of `storeId` with its store and lines, for a mail; null when there is no such order. */
export async function readMailOrder(tx: Db, storeId: number, orderId: string): Promise<MailOrder | null> {
  const [row] = await tx
    .select({
      orderNumber: orders.orderNumber,
      email: orders.email,
      fullName: orders.fullName,
      city: orders.city,
      state: orders.state,
      postalCode: orders.postalCode,
      totalPaise: orders.totalPaise,
      discountPaise: orders.discountPaise,
      couponCode: orders.couponCode,
      shippingFeePaise: orders.shippingFeePaise,
      codFeePaise: orders.codFeePaise,
      cashOnDelivery: orders.cashOnDelivery,
      trackingNumber: orders.trackingNumber,
      courier: orders.courier,
      cancellationCause: orders.cancellationCause,
      paidPaise: sql<string | number>`(
        SELECT coalesce(sum(${payments.amountPaise}), 0) FROM ${payments}
        WHERE ${payments.storeId} = ${storeId} AND ${payments.orderId} = ${orders.id}
          AND ${payments.status} = 'succeeded'
      )`,
      storeName: stores.storeName,
      companyName: stores.companyName,
      companyEmail: stores.companyEmail,
    })
    .from(orders)
    .innerJoin(stores, eq(stores.id, orders.storeId))
    .where(and(eq(orders.storeId, storeId), eq(orders.id, orderId)));
  if (!row) return null;
  const lines = await tx
    .select({
      title: orderLines.productTitle,
      size: orderLines.size,
      color: orderLines.color,
      unit: orderLines.unit,
      quantity: orderLines.quantity,
      unitPricePaise: orderLines.unitPricePaise,
      lineTotalPaise:
        sql<number>`(${orderLines.lineTotalPaise} + ${orderLines.discountPaise})::bigint`.mapWith(Number),
    })
    .from(orderLines)
    .where(and(eq(orderLines.storeId, storeId), eq(orderLines.orderId, orderId)))
    .orderBy(asc(orderLines.position));
  const { storeName, companyName, companyEmail, paidPaise, ...order } = row;
  return {
    ...order,
    paidPaise: Number(paidPaise),
    lines: lines.map((line) => ({ ...line, unit: line.unit === 'm' ? 'm' : 'piece' })),
    store: { storeName, companyName, companyEmail },
  };
}
