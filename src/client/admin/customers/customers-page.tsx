/**
 * `/admin/customers`: the shop's customers with their order count and amount spent, searched and sorted, kept
 * in the address (read with the server's own query schema).
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { CUSTOMER_SORTS, customerListQuerySchema } from '@shared/admin/customer-schemas';
import { Input } from '@client/components/ui/input';
import { AdminList } from '../lib/admin-list';
import { formatDate, formatPaise } from '../lib/format';
import { useUrlFilters } from '../lib/url-filters';
import { customersQuery } from './customer-queries';

const SORT_LABELS: Record<(typeof CUSTOMER_SORTS)[number], string> = {
  newest: 'Newest',
  spent: 'Most spent',
  orders: 'Most orders',
};

export function CustomersPage() {
  const [query, set] = useUrlFilters(customerListQuerySchema);
  const list = useQuery(customersQuery(query));
  const [search, setSearch] = useState(query.q ?? '');
  return (
    <section aria-labelledby="customers-title" className="flex flex-col gap-3">
      <h1 id="customers-title" className="text-lg font-semibold">
        Customers
      </h1>
      <AdminList
        label="Customers"
        filters={
          <form
            role="search"
            className="flex gap-2"
            onSubmit={(event) => {
              event.preventDefault();
              set({ q: search.trim() || undefined });
            }}
          >
            <Input
              aria-label="Search customers"
              placeholder="Name or e-mail"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
            />
            <select
              aria-label="Sort"
              className="field w-36"
              value={query.sort}
              onChange={(event) => set({ sort: event.target.value })}
            >
              {CUSTOMER_SORTS.map((sort) => (
                <option key={sort} value={sort}>
                  {SORT_LABELS[sort]}
                </option>
              ))}
            </select>
          </form>
        }
        rows={list.data?.customers}
        rowKey={(customer) => customer.id}
        empty="No customers match."
        error={list.error}
        busy={list.isFetching}
        paging={list.data && { ...list.data, onPage: (page) => set({ page: String(page) }) }}
        renderRow={(customer) => (
          <Link
            to={`/customers/${customer.id}`}
            className="block rounded-lg border border-stone-200 bg-white px-3 py-2"
          >
            <div className="flex justify-between gap-2 text-sm">
              <span className="font-medium">{customer.name || 'No name yet'}</span>
              <span className="font-semibold">{formatPaise(customer.spentPaise)}</span>
            </div>
            <div className="flex justify-between gap-2 text-xs text-stone-500">
              <span className="truncate">{[customer.email, customer.phone].filter(Boolean).join(' · ')}</span>
              <span className="shrink-0">
                {customer.orders} {customer.orders === 1 ? 'order' : 'orders'} · since{' '}
                {formatDate(customer.createdAt)}
              </span>
            </div>
          </Link>
        )}
      />
    </section>
  );
}
