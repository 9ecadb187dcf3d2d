/** `/admin/customers`: the shop's customers with their order count and amount spent, searched and sorted. */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { CUSTOMER_SORTS, type CustomerListQuery } from '@shared/admin/customer-schemas';
import { Input } from '@client/components/ui/input';
import { formatDate, formatPaise } from '../lib/format';
import { PageNav } from '../lib/page-nav';
import { customersQuery } from './customer-queries';

const SORT_LABELS: Record<(typeof CUSTOMER_SORTS)[number], string> = {
  newest: 'Newest',
  spent: 'Most spent',
  orders: 'Most orders',
};

export function CustomersPage() {
  const [params, setParams] = useSearchParams();
  const query: Partial<CustomerListQuery> = {
    q: params.get('q') || undefined,
    sort: (params.get('sort') || 'newest') as CustomerListQuery['sort'],
    page: Number(params.get('page') || 1),
  };
  const list = useQuery(customersQuery(query));
  const [search, setSearch] = useState(query.q ?? '');
  const set = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setParams(next);
  };
  return (
    <section aria-labelledby="customers-title" className="flex flex-col gap-3">
      <h1 id="customers-title" className="text-lg font-semibold">
        Customers
      </h1>
      <form
        role="search"
        className="flex gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          set({ q: search.trim() || undefined, page: undefined });
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
          onChange={(event) => set({ sort: event.target.value, page: undefined })}
        >
          {CUSTOMER_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {SORT_LABELS[sort]}
            </option>
          ))}
        </select>
      </form>
      {list.isError && (
        <p role="alert" className="text-red-800">
          {list.error.message}
        </p>
      )}
      <ul className="flex flex-col gap-2" aria-label="Customers">
        {list.data?.customers.map((customer) => (
          <li key={customer.id}>
            <Link
              to={`/customers/${customer.id}`}
              className="block rounded-lg border border-stone-200 bg-white px-3 py-2"
            >
              <div className="flex justify-between gap-2 text-sm">
                <span className="font-medium">{customer.name}</span>
                <span className="font-semibold">{formatPaise(customer.spentPaise)}</span>
              </div>
              <div className="flex justify-between gap-2 text-xs text-stone-500">
                <span className="truncate">{customer.email}</span>
                <span className="shrink-0">
                  {customer.orders} {customer.orders === 1 ? 'order' : 'orders'} · since{' '}
                  {formatDate(customer.createdAt)}
                </span>
              </div>
            </Link>
          </li>
        ))}
      </ul>
      {list.data && (
        <PageNav
          page={list.data.page}
          hasMore={list.data.hasMore}
          onPage={(page) => set({ page: String(page) })}
        />
      )}
    </section>
  );
}
