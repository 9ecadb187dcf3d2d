/**
 * `/admin/orders/:orderId`: one order — status, the steps it may take, lines (SKU, size, colour, quantity
 * and unit), address, payments (UTR or gateway id, amount, time), the shopper's 'I have paid' with the UTR they
 * gave (which the mark-paid form starts with), and its history with who changed what
 * (the audit log). Links to the printable packing slip and downloads its tax invoice and credit notes; lists
 * its returns with links into the returns queue, and offers 'Returned to origin' while Shipped; its 'Refunds'
 * panel (./refunds-panel.tsx) shows and makes refunds.
 */
import { useQuery } from '@tanstack/react-query';
import { OrderLineAddOns } from './order-add-ons';
import { lazy, Suspense } from 'react';
import { Printer } from 'lucide-react';
import { Link, useParams } from 'react-router';
import {
  auditActionLabel,
  auditChangeLines,
  eventCauseText,
  statusChangeText,
} from '@shared/admin/change-text';
import { codPaymentText } from '@shared/orders/order-status';
import { paymentMethodText, paymentStatusLabel } from '@shared/payments/payment-labels';
import { Alert } from '@client/components/ui/alert';
import { Button } from '@client/components/ui/button';
import { errorText } from '@client/lib/error-text';
import { cn } from '@client/lib/utils';
import { formatDateTime, formatPaise, statusBadge } from '../lib/format';
import { TaxDocumentDownloads } from '../gst/tax-document-downloads';
import { OrderReturns } from '../returns/order-returns';
import { OrderActions } from './order-actions';
import { adminOrderQuery } from './order-queries';
import { RefundsPanel } from './refunds-panel';

/** Shiprocket's part of the order page: its own chunk (docs/shipping.md). */
const ShiprocketPanel = lazy(() => import('./shiprocket-panel'));

const quantityText = (quantity: number, unit: string) => (unit === 'm' ? `${quantity} m` : `× ${quantity}`);

export function OrderPage() {
  const { orderId = '' } = useParams();
  const query = useQuery(adminOrderQuery(orderId));
  if (query.isPending) return <p className="text-stone-600">Loading…</p>;
  if (query.isError) return <Alert>{errorText(query.error)}</Alert>;
  const order = query.data;
  const badge = statusBadge(order.status);
  const address = order.shippingAddress;
  return (
    <article aria-labelledby="order-title" className="flex flex-col gap-3">
      <div className="flex items-center justify-between gap-2">
        <div>
          <Link to="/orders" className="text-xs text-brand-700">
            ← Orders
          </Link>
          <h1 id="order-title" className="font-mono text-lg font-semibold">
            {order.orderNumber}
          </h1>
          <p className="text-xs text-stone-500">Placed {formatDateTime(order.createdAt)}</p>
        </div>
        <div className="flex flex-col items-end gap-1">
          <span
            className={cn('rounded-full px-2.5 py-0.5 text-sm font-medium', badge.className)}
            data-testid="order-status"
          >
            {badge.label}
          </span>
          {order.testPayment && (
            <span className="rounded bg-amber-200 px-1.5 text-xs font-bold text-amber-900">TEST payment</span>
          )}
        </div>
      </div>
      {order.trackingNumber && (
        <p className="rounded-md bg-violet-50 px-3 py-2 text-sm">
          {order.courier ? `${order.courier}: ` : 'Tracking: '}
          <span className="font-mono font-semibold">{order.trackingNumber}</span>
        </p>
      )}
      {codPaymentText(order.status, order.cashOnDelivery) && (
        <p className="rounded-md bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900">
          {codPaymentText(order.status, order.cashOnDelivery)}
        </p>
      )}
      {order.paymentReported && (
        <p className="rounded-md bg-sky-50 px-3 py-2 text-sm" data-testid="payment-reported">
          {order.paymentReported.utr ? (
            <>
              Shopper says paid by UPI, UTR{' '}
              <span className="font-mono font-semibold">{order.paymentReported.utr}</span>
            </>
          ) : (
            'Shopper says paid by UPI (no UTR given)'
          )}{' '}
          · {formatDateTime(order.paymentReported.at)}. Check your bank app before marking it paid; reject the
          report if the money is not there.
        </p>
      )}
      {order.cancellationCause && (
        <p className="rounded-md bg-red-50 px-3 py-2 text-sm">Cancelled: {order.cancellationCause}</p>
      )}
      {order.refundDue && (
        <p className="rounded-md bg-red-100 px-3 py-2 text-sm font-semibold text-red-900">Refund due</p>
      )}

      <Suspense fallback={null}>
        <ShiprocketPanel order={order} />
      </Suspense>
      <OrderActions order={order} />
      <TaxDocumentDownloads orderNumber={order.orderNumber} documents={order.documents ?? []} />
      <OrderReturns order={order} />
      <RefundsPanel orderNumber={order.orderNumber} />

      <section aria-label="Items" className="rounded-lg border border-stone-200 bg-white">
        <ul className="divide-y divide-stone-100">
          {order.lines.map((line, index) => (
            <li key={index} className="flex justify-between gap-3 px-3 py-2 text-sm">
              <div className="min-w-0">
                <p className="font-medium">{line.title}</p>
                <p className="text-xs text-stone-500">
                  SKU {line.sku}
                  {line.size && ` · Size ${line.size}`}
                  {line.color && ` · ${line.color}`}
                </p>
                {line.addOns && <OrderLineAddOns addOns={line.addOns} orderNumber={order.orderNumber} />}
              </div>
              <div className="shrink-0 text-right">
                <p>{quantityText(line.quantity, line.unit)}</p>
                <p className="text-xs text-stone-500">
                  {formatPaise(line.unitPricePaise)}
                  {line.unit === 'm' ? '/m' : ''} · {formatPaise(line.lineTotalPaise)}
                </p>
              </div>
            </li>
          ))}
        </ul>
        <dl className="border-t border-stone-200 px-3 py-2 text-sm">
          <div className="flex justify-between">
            <dt>Subtotal</dt>
            <dd>{formatPaise(order.subtotalPaise)}</dd>
          </div>
          <div className="flex justify-between">
            <dt>Shipping</dt>
            <dd>{formatPaise(order.shippingFeePaise)}</dd>
          </div>
          {(order.codFeePaise ?? 0) > 0 && (
            <div className="flex justify-between">
              <dt>Cash on delivery fee</dt>
              <dd>{formatPaise(order.codFeePaise ?? 0)}</dd>
            </div>
          )}
          <div className="flex justify-between font-semibold">
            <dt>Total</dt>
            <dd>{formatPaise(order.totalPaise)}</dd>
          </div>
          {(order.taxPaise ?? 0) > 0 && (
            <div className="flex justify-between text-xs text-stone-600">
              <dt>GST included</dt>
              <dd>{formatPaise(order.taxPaise ?? 0)}</dd>
            </div>
          )}
        </dl>
      </section>

      <section aria-label="Address" className="rounded-lg border border-stone-200 bg-white px-3 py-2 text-sm">
        <h2 className="mb-1 font-semibold">Ship to</h2>
        <p>{address.fullName}</p>
        <p>{address.address}</p>
        <p>
          {address.city}, {address.state} {address.postalCode}
        </p>
        <p>
          <a className="text-brand-700" href={`tel:${address.phone.replace(/\s/g, '')}`}>
            {address.phone}
          </a>{' '}
          · {order.email}
        </p>
        <Button asChild variant="outline" size="sm" className="mt-2">
          <Link to={`/orders/${order.orderNumber}/slip`}>
            <Printer aria-hidden="true" />
            Packing slip
          </Link>
        </Button>
      </section>

      <section
        aria-label="Payments"
        className="rounded-lg border border-stone-200 bg-white px-3 py-2 text-sm"
      >
        <h2 className="mb-1 font-semibold">Payments</h2>
        {order.payments.length === 0 && <p className="text-stone-500">No payment yet.</p>}
        <ul className="flex flex-col gap-1">
          {order.payments.map((payment, index) => (
            <li key={index} className="flex justify-between gap-2">
              <span>
                {paymentMethodText(payment.provider, payment.method)}{' '}
                {payment.reference && <span className="font-mono">{payment.reference}</span>}
                {payment.testMode && (
                  <span className="ml-1 rounded bg-amber-200 px-1 text-xs font-bold">TEST</span>
                )}
              </span>
              <span className="shrink-0 text-right">
                {formatPaise(payment.amountPaise)} · {paymentStatusLabel(payment.status)}
                <br />
                <span className="text-xs text-stone-500">{formatDateTime(payment.at)}</span>
              </span>
            </li>
          ))}
        </ul>
      </section>

      <section aria-label="History" className="rounded-lg border border-stone-200 bg-white px-3 py-2 text-sm">
        <h2 className="mb-1 font-semibold">History</h2>
        <ol className="flex flex-col gap-1">
          {order.history.map((event, index) => {
            // An event that kept the status (the shopper's 'I have paid') shows its cause as its line.
            const change = statusChangeText(event.from, event.to);
            const cause = eventCauseText(event.cause);
            return (
              <li key={index}>
                <span className="text-xs text-stone-500">{formatDateTime(event.at)}</span> {change ?? cause}
                {change !== null && cause && <span className="block text-xs text-stone-500">{cause}</span>}
              </li>
            );
          })}
        </ol>
        {order.audit.length > 0 && (
          <>
            <h3 className="mt-2 mb-1 font-semibold">Changes in the admin</h3>
            <ol className="flex flex-col gap-1" aria-label="Audit">
              {order.audit.map((entry, index) => (
                <li key={index}>
                  <span className="text-xs text-stone-500">{formatDateTime(entry.at)}</span> {entry.actor}:{' '}
                  {auditActionLabel(entry.action)}
                  {auditChangeLines(entry.before, entry.after).map((line, lineIndex) => (
                    <span key={lineIndex} className="block text-xs text-stone-500">
                      {line}
                    </span>
                  ))}
                </li>
              ))}
            </ol>
          </>
        )}
      </section>
    </article>
  );
}
