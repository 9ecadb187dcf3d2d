/** `/admin/customers/:customerId`: one customer — order count, amount spent — and their orders. */
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { Alert } from '@client/components/ui/alert';
import { errorText } from '@client/lib/error-text';
import { cn } from '@client/lib/utils';
import { AdminList } from '../lib/admin-list';
import { formatDate, formatDateTime, formatPaise, statusBadge } from '../lib/format';
import { customerQuery } from './customer-queries';

export function CustomerPage() {
  const { customerId = '' } = useParams();
  const query = useQuery(customerQuery(customerId));
  if (query.isPending) return <p className="text-stone-600">Loading…</p>;
  if (query.isError) return <Alert>{errorText(query.error)}</Alert>;
  const { customer, orders } = query.data;
  return (
    <section aria-labelledby="customer-title" className="flex flex-col gap-3">
      <div>
        <Link to="/customers" className="text-xs text-brand-700">
          ← Customers
        </Link>
        <h1 id="customer-title" className="text-lg font-semibold">
          {customer.name || 'No name yet'}
        </h1>
        <p className="text-sm text-stone-600">
          {[customer.email, customer.phone].filter(Boolean).join(' · ')} · customer since{' '}
          {formatDate(customer.createdAt)}
        </p>
        <p className="text-sm">
          {customer.orders} {customer.orders === 1 ? 'order' : 'orders'} · {formatPaise(customer.spentPaise)}{' '}
          spent
        </p>
      </div>
      <AdminList
        label="Their orders"
        rows={orders}
        rowKey={(order) => order.orderNumber}
        empty="No orders yet."
        renderRow={(order) => {
          const badge = statusBadge(order.status);
          return (
            <Link
              to={`/orders/${order.orderNumber}`}
              className="flex items-center justify-between gap-2 rounded-lg border border-stone-200 bg-white px-3 py-2 text-sm"
            >
              <span className="font-mono">{order.orderNumber}</span>
              <span className="text-xs text-stone-500">{formatDateTime(order.createdAt)}</span>
              <span className={cn('rounded-full px-2 py-0.5 text-xs', badge.className)}>{badge.label}</span>
              <span className="font-semibold">{formatPaise(order.totalPaise)}</span>
            </Link>
          );
        }}
      />
    </section>
  );
}
