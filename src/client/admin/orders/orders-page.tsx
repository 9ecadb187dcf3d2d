/**
 * `/admin/orders`: the shop's orders, filtered, sorted and paginated on the server — status tabs, search
 * (order number, name, phone or e-mail), date range, payment method, coupon code, test payments — kept in the address
 * (read with the server's own query schema) so Back returns to the same list; each row opens the order.
 * "Export CSV" downloads the filtered list.
 */
import { useQuery } from '@tanstack/react-query';
import { Download, Search } from 'lucide-react';
import { lazy, Suspense, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import {
  ADMIN_ORDER_SORTS,
  ADMIN_ORDER_STATUS_NAMES,
  ADMIN_PAYMENT_METHODS,
  adminOrderListQuerySchema,
} from '@shared/admin/admin-order-schemas';
import { paymentLabel } from '@shared/payments/payment-labels';
import { Button } from '@client/components/ui/button';
import { Input } from '@client/components/ui/input';
import { downloadFile } from '@client/lib/download-file';
import { errorText } from '@client/lib/error-text';
import { toast } from '@client/lib/notify';
import { cn } from '@client/lib/utils';
import { AdminList } from '../lib/admin-list';
import { formatDateTime, formatPaise, statusBadge } from '../lib/format';
import { useUrlFilters } from '../lib/url-filters';
import { adminOrdersQuery } from './order-queries';

/** The bulk Shiprocket bar: its own chunk, loaded once an order is ticked. */
const ShiprocketBulkBar = lazy(() => import('./shiprocket-bulk'));

const TAB_LABELS: Record<(typeof ADMIN_ORDER_STATUS_NAMES)[number], string> = {
  pending: 'Pending',
  'cod-awaiting': 'COD — awaiting confirmation',
  'cod-unconfirmed': 'COD unconfirmed',
  processing: 'Processing',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};
const SORT_LABELS: Record<(typeof ADMIN_ORDER_SORTS)[number], string> = {
  newest: 'Newest first',
  oldest: 'Oldest first',
  'total-desc': 'Highest total',
  'total-asc': 'Lowest total',
};

export function OrdersPage() {
  const [filters, update] = useUrlFilters(adminOrderListQuerySchema);
  const list = useQuery(adminOrdersQuery(filters));
  const [search, setSearch] = useState(filters.q ?? '');
  const [exporting, setExporting] = useState(false);
  const [selected, setSelected] = useState<string[]>([]);
  const [booked, setBooked] = useState(false);
  const select = (orderNumber: string, on: boolean) =>
    setSelected((now) => (on ? [...now, orderNumber] : now.filter((kept) => kept !== orderNumber)));

  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    update({ q: search.trim() || undefined });
  };
  const exportCsv = async () => {
    setExporting(true);
    try {
      const { page: _page, limit: _limit, ...rest } = filters;
      await downloadFile('/admin/orders.csv', 'orders.csv', { query: rest });
    } catch (error) {
      toast.error(errorText(error));
    } finally {
      setExporting(false);
    }
  };

  return (
    <section aria-labelledby="orders-title" className="flex flex-col gap-3">
      <div className="flex items-center justify-between gap-2">
        <h1 id="orders-title" className="text-lg font-semibold">
          Orders
        </h1>
        <Button variant="outline" size="sm" onClick={exportCsv} disabled={exporting}>
          <Download aria-hidden="true" />
          Export CSV
        </Button>
      </div>
      {(selected.length > 0 || booked) && (
        <Suspense fallback={null}>
          <ShiprocketBulkBar
            selected={selected}
            onDone={() => {
              setBooked(true);
              setSelected([]);
            }}
          />
        </Suspense>
      )}

      <AdminList
        label="Orders"
        filters={
          <>
            <div role="tablist" aria-label="Status" className="-mx-3 flex gap-1 overflow-x-auto px-3 pb-1">
              {[undefined, ...ADMIN_ORDER_STATUS_NAMES].map((status) => {
                const active = filters.status === status;
                return (
                  <button
                    key={status ?? 'all'}
                    type="button"
                    role="tab"
                    aria-selected={active}
                    onClick={() => update({ status })}
                    className={cn(
                      'shrink-0 rounded-full border px-3 py-1.5 text-sm',
                      active
                        ? 'border-brand-700 bg-brand-700 text-white'
                        : 'border-stone-300 bg-white text-stone-700',
                    )}
                  >
                    {status ? TAB_LABELS[status] : 'All'}
                  </button>
                );
              })}
            </div>

            <form role="search" onSubmit={onSearch} className="flex gap-2">
              <Input
                aria-label="Search orders"
                placeholder="Order number, name, phone or e-mail"
                value={search}
                onChange={(event) => setSearch(event.target.value)}
                className="flex-1"
              />
              <Button type="submit" variant="secondary" aria-label="Search">
                <Search aria-hidden="true" />
              </Button>
            </form>

            <details className="rounded-md border border-stone-200 bg-white px-3 py-2 text-sm">
              <summary className="cursor-pointer font-medium">Filters and sort</summary>
              <div className="mt-3 grid grid-cols-2 gap-3">
                <label className="flex flex-col gap-1">
                  From
                  <Input
                    type="date"
                    value={filters.from ?? ''}
                    onChange={(event) => update({ from: event.target.value })}
                  />
                </label>
                <label className="flex flex-col gap-1">
                  To
                  <Input
                    type="date"
                    value={filters.to ?? ''}
                    onChange={(event) => update({ to: event.target.value })}
                  />
                </label>
                <label className="flex flex-col gap-1">
                  Payment
                  <select
                    className="field"
                    value={filters.payment ?? ''}
                    onChange={(event) => update({ payment: event.target.value })}
                  >
                    <option value="">Any</option>
                    {ADMIN_PAYMENT_METHODS.map((method) => (
                      <option key={method} value={method}>
                        {paymentLabel(method)}
                      </option>
                    ))}
                  </select>
                </label>
                <label className="flex flex-col gap-1">
                  Coupon code
                  <Input
                    value={filters.coupon ?? ''}
                    autoCapitalize="characters"
                    onChange={(event) => update({ coupon: event.target.value })}
                  />
                </label>
                <label className="flex flex-col gap-1">
                  Sort
                  <select
                    className="field"
                    value={filters.sort}
                    onChange={(event) => update({ sort: event.target.value })}
                  >
                    {ADMIN_ORDER_SORTS.map((sort) => (
                      <option key={sort} value={sort}>
                        {SORT_LABELS[sort]}
                      </option>
                    ))}
                  </select>
                </label>
                <label className="col-span-2 flex items-center gap-2">
                  <input
                    type="checkbox"
                    checked={filters.test === 'true'}
                    onChange={(event) => update({ test: event.target.checked ? 'true' : undefined })}
                  />
                  Only test payments
                </label>
              </div>
            </details>
          </>
        }
        rows={list.data?.orders}
        rowKey={(order) => order.orderNumber}
        empty="No orders match."
        error={list.error}
        busy={list.isFetching}
        paging={list.data && { ...list.data, onPage: (page) => update({ page: String(page) }) }}
        renderRow={(order) => {
          const badge = statusBadge(order.status);
          const link = (
            <Link
              to={`/orders/${order.orderNumber}`}
              className="block min-w-0 flex-1 rounded-lg border border-stone-200 bg-white px-3 py-2.5 hover:border-brand-300"
            >
              <div className="flex items-center justify-between gap-2">
                <span className="font-mono text-sm font-semibold">{order.orderNumber}</span>
                <span className={cn('rounded-full px-2 py-0.5 text-xs font-medium', badge.className)}>
                  {badge.label}
                </span>
              </div>
              <div className="mt-1 flex items-center justify-between gap-2 text-sm">
                <span className="truncate text-stone-700">{order.fullName}</span>
                <span className="font-semibold">{formatPaise(order.totalPaise)}</span>
              </div>
              <div className="mt-0.5 flex items-center justify-between gap-2 text-xs text-stone-500">
                <span>{formatDateTime(order.createdAt)}</span>
                <span>
                  {paymentLabel(order.payment)}
                  {order.testPayment && (
                    <span className="ml-1 rounded bg-amber-200 px-1 font-bold text-amber-900">TEST</span>
                  )}
                  {order.couponCode && (
                    <span className="ml-1 rounded bg-green-100 px-1 font-medium text-green-800">
                      {order.couponCode}
                    </span>
                  )}
                </span>
              </div>
            </Link>
          );
          // Processing orders can be booked with Shiprocket together (the server refuses any other).
          if (order.status !== 1) return link;
          return (
            <div className="flex items-start gap-2">
              <input
                type="checkbox"
                className="mt-3 size-5 shrink-0"
                aria-label={`Select ${order.orderNumber} to ship with Shiprocket`}
                checked={selected.includes(order.orderNumber)}
                onChange={(event) => select(order.orderNumber, event.target.checked)}
              />
              {link}
            </div>
          );
        }}
      />
    </section>
  );
}
