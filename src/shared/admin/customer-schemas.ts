/**
 * The admin's customers contract (docs/admin.md "Customers"): the list with order count and amount spent
 * (paise of paid orders, summed on the server), and one customer's detail with their orders.
 */
import { z } from 'zod';
import { adminPageQueryShape, adminPageShape } from './admin-page-schemas';
import { adminOrderRowSchema } from './admin-order-schemas';

export const CUSTOMER_SORTS = ['newest', 'spent', 'orders'] as const;

/** `GET /api/v1/admin/customers` query: `q` (name, e-mail or phone), `sort`, `page` (from 1), `limit` (1–100). */
export const customerListQuerySchema = z.object({
  q: z.string().trim().max(100, 'must be at most 100 characters').optional(),
  sort: z.enum(CUSTOMER_SORTS, { error: `must be one of ${CUSTOMER_SORTS.join(', ')}` }).default('newest'),
  ...adminPageQueryShape,
});
export type CustomerListQuery = z.output<typeof customerListQuerySchema>;

/**
 * A customer: `spentPaise` sums their paid orders (Processing, Shipped, Delivered). An account made by signing
 * in with a code has `phone` (E.164) and may have no `email` (null) and an empty `name` until the shopper gives them.
 */
export const customerRowSchema = z.object({
  id: z.number().int(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  name: z.string(),
  createdAt: z.string(),
  orders: z.number().int(),
  spentPaise: z.number().int(),
});
export type CustomerRow = z.infer<typeof customerRowSchema>;

export const customerListSchema = z.object({
  customers: z.array(customerRowSchema),
  ...adminPageShape,
});
export type CustomerList = z.infer<typeof customerListSchema>;

/** `:customerId` of `/api/v1/admin/customers/:customerId`. */
export const customerParamsSchema = z.object({
  customerId: z.coerce
    .number({ error: 'must be a customer id' })
    .int('must be a customer id')
    .positive('must be a customer id'),
});

/** `GET /api/v1/admin/customers/:customerId`: the customer and their orders, newest first. */
export const customerDetailSchema = z.object({
  customer: customerRowSchema,
  orders: z.array(adminOrderRowSchema),
});
export type CustomerDetail = z.infer<typeof customerDetailSchema>;
