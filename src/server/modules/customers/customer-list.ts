/**
 * The admin's customers (docs/admin.md "Customers"): a store's accounts with their order count and the
 * amount they spent (paise of paid orders, summed by PostgreSQL), and one account with its orders. Shoppers
 * only: the store's owner and staff (a membership not revoked) are never listed, even when they also buy. Every
 * query is scoped to the store.
 */
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { CustomerDetail, CustomerListQuery, CustomerRow } from '@shared/admin/customer-schemas';
import { ORDER_STATUS } from '@shared/orders/order-status';
import type { Db } from '../../db/database';
import { users } from '../../db/schema/user-tables';
import { NotFoundError } from '../../errors';
import { listAdminOrders } from '../orders/admin-orders';

/** The 404 of a customer id that is not one of this store's accounts. */
export const CUSTOMER_NOT_FOUND = 'Customer not found';

const PAID = sql.raw(`(${ORDER_STATUS.processing}, ${ORDER_STATUS.shipped}, ${ORDER_STATUS.delivered})`);
// Written with table aliases: Drizzle leaves column names unqualified in a one-table select.
const orderCount = sql<number>`(SELECT count(*) FROM orders o
  WHERE o.store_id = "users"."store_id" AND o.user_id = "users"."id")::integer`;
const spent = sql<number>`(SELECT coalesce(sum(o.total_paise), 0) FROM orders o
  WHERE o.store_id = "users"."store_id" AND o.user_id = "users"."id" AND o.status IN ${PAID})::bigint`;

// Accounts that are the owner or a staff member of their store (a revoked member shops like anyone).
const notMember = sql`NOT EXISTS (SELECT 1 FROM store_members m
  WHERE m.store_id = "users"."store_id" AND m.user_id = "users"."id" AND m.revoked_at IS NULL)`;

const columns = {
  id: users.id,
  email: users.email,
  phone: users.phone,
  firstName: users.firstName,
  lastName: users.lastName,
  createdAt: users.createdAt,
  orders: orderCount,
  spentPaise: spent,
};

function toRow(row: {
  id: number;
  email: string | null;
  phone: string | null;
  firstName: string;
  lastName: string;
  createdAt: Date;
  orders: number;
  spentPaise: number;
}): CustomerRow {
  return {
    id: row.id,
    email: row.email,
    phone: row.phone,
    name: `${row.firstName} ${row.lastName}`.trim(),
    createdAt: row.createdAt.toISOString(),
    orders: Number(row.orders),
    spentPaise: Number(row.spentPaise),
  };
}

const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (match) => `\\${match}`);

/** One page of `storeId`'s customers (shoppers only, no owner or staff), searched by name, e-mail or phone and sorted as asked. */
export async function listCustomers(
  db: Db,
  storeId: number,
  query: CustomerListQuery,
): Promise<{ customers: CustomerRow[]; hasMore: boolean }> {
  const pattern = query.q ? `%${likeLiteral(query.q)}%` : null;
  const search: SQL | undefined = pattern
    ? sql`(${users.email} ILIKE ${pattern} OR ${users.phone} ILIKE ${pattern} OR (${users.firstName} || ' ' || ${users.lastName}) ILIKE ${pattern})`
    : undefined;
  const order =
    query.sort === 'spent'
      ? [desc(spent), desc(users.id)]
      : query.sort === 'orders'
        ? [desc(orderCount), desc(users.id)]
        : [desc(users.createdAt), desc(users.id)];
  const rows = await db
    .select(columns)
    .from(users)
    .where(and(eq(users.storeId, storeId), notMember, search))
    .orderBy(...order)
    .limit(query.limit + 1)
    .offset((query.page - 1) * query.limit);
  return { customers: rows.slice(0, query.limit).map(toRow), hasMore: rows.length > query.limit };
}

/**
 * Customer `customerId` of `storeId` with their orders (newest first, at most 100).
 * @throws {NotFoundError} (404) for an id that is not one of this store's accounts, or is its owner or staff.
 */
export async function customerDetail(db: Db, storeId: number, customerId: number): Promise<CustomerDetail> {
  const [row] = await db
    .select(columns)
    .from(users)
    .where(and(eq(users.storeId, storeId), eq(users.id, customerId), notMember));
  if (!row) throw new NotFoundError(CUSTOMER_NOT_FOUND);
  const { orders: placed } = await listAdminOrders(
    db,
    storeId,
    { sort: 'newest', page: 1, limit: 100 },
    customerId,
  );
  return { customer: toRow(row), orders: placed };
}
