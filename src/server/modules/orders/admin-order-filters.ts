/**
 * The WHERE of the admin's order list and its CSV export (docs/admin.md "Orders"): the store (and a customer,
 * for a customer's page), status, a date range in India time, the payment method (UPI, the card/net-banking
 * gateway, cash on delivery), test payments, a search by order number, name, phone or e-mail, and the coupon
 * code the orders carry (docs/discounts.md).
 */
import { and, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { AdminOrderFilters } from '@shared/admin/admin-order-schemas';
import { ORDER_STATUS, type OrderStatusCode } from '@shared/orders/order-status';
import { orders } from '../../db/schema/order-tables';
import { normalizeOrderNumber } from './order-number';

const STATUS_CODES: Record<NonNullable<AdminOrderFilters['status']>, OrderStatusCode> = {
  pending: ORDER_STATUS.pending,
  'cod-awaiting': ORDER_STATUS.codAwaitingConfirmation,
  'cod-unconfirmed': ORDER_STATUS.codAwaitingConfirmation,
  processing: ORDER_STATUS.processing,
  shipped: ORDER_STATUS.shipped,
  delivered: ORDER_STATUS.delivered,
  cancelled: ORDER_STATUS.cancelled,
};

/** The card gateways' `payments.provider` values (payments' provider registry names them; orders sits below it). */
const GATEWAY_PROVIDERS = ['payu', 'payu-sandbox', 'razorpay', 'razorpay-sandbox'];

/** India keeps one offset all year (no daylight saving): a day starts at 00:00 +05:30. */
const dayStart = (day: string) => sql`(${`${day}T00:00:00+05:30`})::timestamptz`;

/** `%`, `_` and `\` taken literally in a LIKE pattern. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (match) => `\\${match}`);

/** The condition of the search box: an order number, an e-mail, a phone number's digits, else a name. */
function searchCondition(query: string): SQL | undefined {
  const orderNumber = normalizeOrderNumber(query);
  if (orderNumber) return eq(orders.orderNumber, orderNumber);
  if (query.includes('@')) return sql`${orders.email} ILIKE ${`%${likeLiteral(query.toLowerCase())}%`}`;
  const digits = query.replace(/[\s+()-]/g, '');
  if (/^\d{4,}$/.test(digits)) {
    const national = digits.length === 12 && digits.startsWith('91') ? digits.slice(2) : digits;
    return sql`${orders.phoneDigits} LIKE ${`%${national}%`}`;
  }
  return sql`${orders.fullName} ILIKE ${`%${likeLiteral(query)}%`}`;
}

/** The WHERE of the list and the export: the store and every filter given. */
export function filterConditions(
  storeId: number,
  filters: AdminOrderFilters,
  userId?: number,
): SQL | undefined {
  const paymentProviders =
    filters.payment === 'upi' || filters.payment === 'cod'
      ? [filters.payment]
      : filters.payment === 'gateway'
        ? GATEWAY_PROVIDERS
        : null;
  return and(
    eq(orders.storeId, storeId),
    userId !== undefined ? eq(orders.userId, userId) : undefined,
    filters.status ? eq(orders.status, STATUS_CODES[filters.status]) : undefined,
    filters.status === 'cod-unconfirmed' ? isNotNull(orders.codFlaggedAt) : undefined,
    filters.from ? sql`${orders.createdAt} >= ${dayStart(filters.from)}` : undefined,
    filters.to ? sql`${orders.createdAt} < ${dayStart(filters.to)} + interval '1 day'` : undefined,
    paymentProviders
      ? sql`EXISTS (SELECT 1 FROM payments p WHERE p.order_id = "orders"."id"
          AND p.provider IN (${sql.join(
            paymentProviders.map((provider) => sql`${provider}`),
            sql`, `,
          )}))`
      : undefined,
    filters.test === 'true' ? testPaid : undefined,
    filters.test === 'false' ? sql`NOT ${testPaid}` : undefined,
    filters.q ? searchCondition(filters.q) : undefined,
    filters.coupon ? sql`upper(${orders.couponCode}) = ${filters.coupon.toUpperCase()}` : undefined,
  );
}

/** The order has a succeeded payment made in test mode (no money moved). */
// Written with table aliases: Drizzle leaves column names unqualified in a one-table select.
export const testPaid = sql<boolean>`EXISTS (
  SELECT 1 FROM payments p WHERE p.order_id = "orders"."id" AND p.status = 'succeeded' AND p.test_mode
)`;
