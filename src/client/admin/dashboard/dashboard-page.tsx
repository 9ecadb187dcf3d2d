/**
 * `/admin`: the dashboard — first, when there are any, the payments to verify (orders whose shopper said 'I
 * have paid', oldest report first: the owner checks the bank account, then marks each paid or rejects the
 * report); then orders and revenue today / 7 / 30 days (summed on the server), daily sales for
 * 30 days, orders to ship, unpaid orders whose payment window closes soonest, low-stock SKUs and e-mails
 * that could not be sent; a warning when no backup was taken in the last 26 hours, else the last backup's
 * time.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { BACKUP_WARNING_HOURS, dashboardSchema, type Dashboard } from '@shared/admin/dashboard-schemas';
import { Alert } from '@client/components/ui/alert';
import { apiRequest } from '@client/lib/api-client';
import { errorText } from '@client/lib/error-text';
import { ADMIN_QUERY_KEY } from '../lib/admin-session';
import { formatDateTime, formatPaise } from '../lib/format';
import { SalesChart } from './sales-chart';

export const dashboardQuery = () =>
  queryOptions({
    queryKey: [...ADMIN_QUERY_KEY, 'dashboard'],
    queryFn: () => apiRequest('/admin/dashboard', { schema: dashboardSchema }),
    refetchInterval: 60_000,
  });

function Card({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section aria-label={title} className="rounded-lg border border-stone-200 bg-white px-3 py-2.5">
      <h2 className="mb-1.5 text-sm font-semibold text-stone-700">{title}</h2>
      {children}
    </section>
  );
}

/** The warning shown when no backup was taken in the last 26 hours (docs/operations.md "Back up"). */
function BackupWarning({ backup }: { backup: Dashboard['backup'] }) {
  return (
    <section
      aria-label="Backups"
      role="status"
      className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2.5 text-sm text-amber-900"
    >
      <h2 className="font-semibold">No backup in the last {BACKUP_WARNING_HOURS} hours</h2>
      <p className="text-xs">
        {backup.lastAt ? `Last backup: ${formatDateTime(backup.lastAt)}. ` : ''}
        {backup.daily
          ? 'The daily backup did not run: check the server log and the free space of BACKUP_DIR.'
          : 'Set BACKUP_DIR so the store takes one daily, or run npm run backup on the server.'}
      </p>
    </section>
  );
}

export function DashboardPage() {
  const query = useQuery(dashboardQuery());
  if (query.isPending) return <p className="text-stone-600">Loading…</p>;
  if (query.isError) return <Alert>{errorText(query.error)}</Alert>;
  const data = query.data;
  const periods = [
    ['Today', data.today],
    ['7 days', data.last7Days],
    ['30 days', data.last30Days],
  ] as const;
  return (
    <div className="flex flex-col gap-3">
      <h1 className="text-lg font-semibold">Dashboard</h1>
      {data.backup.overdue && <BackupWarning backup={data.backup} />}
      {data.paymentsToVerify.length > 0 && (
        <section
          aria-label="Payments to verify"
          className="rounded-lg border border-sky-300 bg-sky-50 px-3 py-2.5"
        >
          <h2 className="mb-0.5 text-sm font-semibold text-sky-900">
            Payments to verify ({data.paymentsToVerify.length})
          </h2>
          <p className="mb-1.5 text-xs text-sky-900">
            The shopper says they paid by UPI. Check your bank account, then mark the order paid or reject the
            report.
          </p>
          <ul className="text-sm">
            {data.paymentsToVerify.map((order) => (
              <li key={order.orderNumber} className="flex flex-wrap justify-between gap-x-2 py-0.5">
                <Link className="font-mono text-brand-700" to={`/orders/${order.orderNumber}`}>
                  {order.orderNumber}
                </Link>
                <span>{formatPaise(order.totalPaise)}</span>
                <span className="w-full text-xs text-stone-600">
                  {order.utr ? `UTR ${order.utr}` : 'No UTR given'} · {formatDateTime(order.reportedAt)}
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
      <div className="grid grid-cols-3 gap-2">
        {periods.map(([label, period]) => (
          <div key={label} className="rounded-lg border border-stone-200 bg-white px-2.5 py-2">
            <p className="text-xs text-stone-500">{label}</p>
            <p className="text-base font-semibold">{formatPaise(period.revenuePaise)}</p>
            <p className="text-xs text-stone-600">
              {period.orders} {period.orders === 1 ? 'order' : 'orders'}
            </p>
          </div>
        ))}
      </div>
      <Card title="Daily sales, 30 days">
        <SalesChart days={data.daily} />
      </Card>
      <Card title={`To ship (${data.toShip.count})`}>
        {data.toShip.oldest.length === 0 ? (
          <p className="text-sm text-stone-500">Nothing waiting.</p>
        ) : (
          <ul className="text-sm">
            {data.toShip.oldest.map((order) => (
              <li key={order.orderNumber} className="flex justify-between gap-2 py-0.5">
                <Link className="font-mono text-brand-700" to={`/orders/${order.orderNumber}`}>
                  {order.orderNumber}
                </Link>
                <span className="truncate text-stone-600">{order.fullName}</span>
              </li>
            ))}
          </ul>
        )}
        {data.toShip.count > 0 && (
          <Link className="text-xs text-brand-700" to="/orders?status=processing&sort=oldest">
            All orders to ship →
          </Link>
        )}
      </Card>
      <Card title="Unpaid, payment window closing">
        {data.expiringUnpaid.length === 0 ? (
          <p className="text-sm text-stone-500">None.</p>
        ) : (
          <ul className="text-sm">
            {data.expiringUnpaid.map((order) => (
              <li key={order.orderNumber} className="flex justify-between gap-2 py-0.5">
                <Link className="font-mono text-brand-700" to={`/orders/${order.orderNumber}`}>
                  {order.orderNumber}
                </Link>
                <span>{formatPaise(order.totalPaise)}</span>
                <span className="text-xs text-stone-500">until {formatDateTime(order.paymentDueAt)}</span>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card title="Low stock">
        {data.lowStock.length === 0 ? (
          <p className="text-sm text-stone-500">Nothing low.</p>
        ) : (
          <ul className="text-sm">
            {data.lowStock.map((item) => (
              <li key={item.sku} className="flex justify-between gap-2 py-0.5">
                <span className="min-w-0 truncate">
                  {item.title}
                  {item.size && ` · ${item.size}`}
                  {item.color && ` · ${item.color}`}
                  <span className="block font-mono text-xs text-stone-500">{item.sku}</span>
                </span>
                <span className="font-semibold">{item.stock}</span>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card title={`E-mails that failed (${data.failedMails.count})`}>
        {data.failedMails.latest.length === 0 ? (
          <p className="text-sm text-stone-500">All e-mails were sent.</p>
        ) : (
          <ul className="text-sm">
            {data.failedMails.latest.map((mail, index) => (
              <li key={index} className="py-0.5">
                {mail.subject}
                <span className="block text-xs text-stone-500">
                  {formatDateTime(mail.at)} · {mail.lastError ?? 'unknown error'}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Card>
      {!data.backup.overdue && data.backup.lastAt && (
        <p className="text-xs text-stone-600">Last backup: {formatDateTime(data.backup.lastAt)}</p>
      )}
    </div>
  );
}
