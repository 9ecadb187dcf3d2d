/**
 * One order as the Orders and Track order pages show it (docs/product.md §2 "Orders", "Track order"): number, date,
 * status badge ('Pay by 14:35' under a Pending one, or 'Payment reported — being verified' once the shopper said they paid, the cause under a Cancelled one, and a refund owed), an
 * items table (name with size and colour, quantity × price, amount) with the total, and the shipping details
 * (address, method, tracking), and its status history once it has moved past being placed. Prices by the one money rule (₹1,24,999, ₹2,747.50; docs/product.md §9), never a $ sign.
 */
import type { ReactNode } from 'react';
import { formatRupees } from '@shared/money';
import { Badge } from '@client/components/ui/badge';
import { Skeleton } from '@client/components/ui/skeleton';
import { cn } from '@client/lib/utils';
import { payByText, REFUND_DUE, type OrderView } from './order-view';

/** The status as a coloured badge (docs/product.md §3 "Order status codes"); unknown codes are gray. */
export function OrderStatusBadge({
  order,
  className,
}: {
  order: Pick<OrderView, 'status' | 'statusLabel' | 'statusColour'>;
  className?: string;
}) {
  return (
    <span className={cn('inline-flex items-center', className)}>
      <span className="sr-only">Status: </span>
      <Badge variant={order.statusColour} data-testid="order-status" data-status={order.status}>
        {order.statusLabel}
      </Badge>
    </span>
  );
}

export function OrderCard({
  order,
  headingLevel = 2,
  actions,
  details,
  className,
}: {
  order: OrderView;
  /** The heading level of the order number (2 in a list under the page's h1). */
  headingLevel?: 2 | 3;
  /** Buttons shown under the order (e.g. 'Pay Now'). */
  actions?: ReactNode;
  /** Shown under the status history, above the buttons (e.g. the order's returns and refunds). */
  details?: ReactNode;
  className?: string;
}) {
  const Heading = `h${headingLevel}` as const;
  const headingId = `order-${order.id}-heading`;
  const amount = formatRupees;

  return (
    <article
      aria-labelledby={headingId}
      data-order-id={order.id}
      className={cn('overflow-hidden rounded-lg border border-stone-200 bg-white shadow-sm', className)}
    >
      <header className="flex flex-wrap items-start justify-between gap-3 border-b border-stone-200 bg-stone-50 px-4 py-3 sm:px-5">
        <div className="min-w-0">
          <Heading id={headingId} className="text-base font-semibold text-stone-900 sm:text-lg">
            Order <span className="font-mono tracking-wide break-all">{order.id}</span>
          </Heading>
          {order.date && (
            <p className="text-sm text-stone-600">
              Placed on <time dateTime={order.createdAt}>{order.date}</time>
            </p>
          )}
          {order.payBy && (
            <p className="text-sm font-medium text-amber-800" data-testid="order-pay-by">
              <time dateTime={order.paymentDueAt}>{payByText(order.payBy)}</time>
            </p>
          )}
          {order.paymentReported && (
            <p className="text-sm text-sky-800" data-testid="order-payment-reported">
              {order.paymentReported}
            </p>
          )}
          {order.codPayment && (
            <p className="text-sm font-medium text-amber-800" data-testid="order-cod">
              {order.codPayment}
            </p>
          )}
          {order.courierStatus && (
            <p className="text-sm font-medium text-purple-800" data-testid="order-courier-status">
              {order.courierStatus}
            </p>
          )}
          {order.cancellation && (
            <p className="text-sm text-red-700" data-testid="order-cancellation">
              {order.cancellation}
            </p>
          )}
          {order.refundDue && (
            <p className="text-sm font-medium text-red-800" data-testid="order-refund-due">
              {REFUND_DUE}
            </p>
          )}
        </div>
        <OrderStatusBadge order={order} />
      </header>

      <div className="grid gap-5 p-4 sm:p-5 md:grid-cols-[minmax(0,1fr)_16rem]">
        <table className="w-full self-start text-sm">
          <caption className="sr-only">Items in order {order.id}</caption>
          <thead>
            <tr className="border-b border-stone-200 text-left text-xs tracking-wide text-stone-500 uppercase">
              <th scope="col" className="py-2 pr-3 font-medium">
                Item
              </th>
              <th scope="col" className="px-2 py-2 text-right font-medium">
                Qty × Price
              </th>
              <th scope="col" className="py-2 pl-2 text-right font-medium sm:pr-2">
                Amount
              </th>
            </tr>
          </thead>
          <tbody>
            {order.items.map((item) => (
              <tr key={item.id} className="border-b border-stone-100 align-top">
                <td className="py-2 pr-3 text-stone-900">
                  <span className="block">{item.name}</span>
                  {item.variant && (
                    <span className="block text-xs text-stone-600" data-testid="order-line-variant">
                      {item.variant}
                    </span>
                  )}
                  {item.addOns.map((addOn) => (
                    <span
                      key={addOn}
                      className="block text-xs text-stone-600"
                      data-testid="order-line-add-on"
                    >
                      + {addOn}
                    </span>
                  ))}
                </td>
                <td
                  className="px-2 py-2 text-right tabular-nums whitespace-nowrap text-stone-700"
                  data-testid="order-line-quantity"
                >
                  {item.quantityTimesPrice}
                </td>
                <td className="py-2 pl-2 text-right tabular-nums whitespace-nowrap text-stone-900 sm:pr-2">
                  {amount(item.lineTotal)}
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            {order.charges.map((charge) => (
              <tr key={charge.label} data-testid="order-charge" className="text-stone-700">
                <th scope="row" colSpan={2} className="pt-2 pr-3 text-left font-normal">
                  {charge.label}
                </th>
                <td className="pt-2 pl-2 text-right whitespace-nowrap tabular-nums sm:pr-2">
                  {amount(charge.amount)}
                </td>
              </tr>
            ))}
            <tr>
              <th
                scope="row"
                colSpan={2}
                className="pt-3 pr-3 text-left text-base font-semibold text-stone-900"
              >
                Total
              </th>
              <td
                data-testid="order-total"
                className="pt-3 pl-2 text-right text-base font-bold whitespace-nowrap text-brand-800 sm:pr-2"
              >
                {amount(order.total)}
              </td>
            </tr>
            {order.gst && (
              <tr data-testid="order-gst" className="text-xs text-stone-600">
                <th scope="row" colSpan={2} className="pt-1 pr-3 text-left font-normal">
                  {order.gst.text}
                </th>
                <td className="pt-1 pl-2 text-right whitespace-nowrap tabular-nums sm:pr-2">
                  {amount(order.gst.tax)}
                </td>
              </tr>
            )}
          </tfoot>
        </table>

        <section aria-label={`Shipping for order ${order.id}`} className="rounded-md bg-stone-50 p-3 text-sm">
          <h3 className="mb-2 font-semibold text-stone-900">Shipping</h3>
          <dl className="flex flex-col gap-2">
            <div>
              <dt className="text-xs font-medium tracking-wide text-stone-500 uppercase">Address</dt>
              <dd className="text-stone-800">
                {order.shipping.fullName && (
                  <span className="block font-medium">{order.shipping.fullName}</span>
                )}
                <span data-testid="order-address">{order.shipping.address}</span>
              </dd>
            </div>
            <div>
              <dt className="text-xs font-medium tracking-wide text-stone-500 uppercase">Method</dt>
              <dd className="text-stone-800" data-testid="order-method">
                {order.shipping.method}
              </dd>
            </div>
            {order.shipping.courier && (
              <div>
                <dt className="text-xs font-medium tracking-wide text-stone-500 uppercase">Courier</dt>
                <dd className="text-stone-800" data-testid="order-courier">
                  {order.shipping.courier}
                </dd>
              </div>
            )}
            <div>
              <dt className="text-xs font-medium tracking-wide text-stone-500 uppercase">Tracking</dt>
              <dd className="break-all text-stone-800" data-testid="order-tracking">
                {order.shipping.tracking}
              </dd>
              {order.shipping.trackingUrl && (
                <dd className="mt-1">
                  <a
                    href={order.shipping.trackingUrl}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900"
                  >
                    {`Track on the ${order.shipping.courier} website`}
                    <span className="sr-only"> (opens in a new tab)</span>
                  </a>
                </dd>
              )}
            </div>
          </dl>
        </section>
      </div>

      {order.timeline.length > 1 && (
        <section
          aria-label={`Status history of order ${order.id}`}
          className="border-t border-stone-200 px-4 py-3 text-sm sm:px-5"
        >
          <h3 className="mb-2 font-semibold text-stone-900">Status history</h3>
          <ol className="flex flex-col gap-2 border-l-2 border-brand-200 pl-4" data-testid="order-timeline">
            {order.timeline.map((step) => (
              <li
                key={`${step.label}-${step.at}`}
                className="relative flex flex-wrap justify-between gap-x-3"
              >
                <span
                  aria-hidden="true"
                  className="absolute top-1.5 -left-[1.3rem] size-2.5 rounded-full bg-brand-600"
                />
                <span className="font-medium text-stone-900">{step.label}</span>
                <time dateTime={step.at} className="text-stone-600 tabular-nums">
                  {step.when}
                </time>
              </li>
            ))}
          </ol>
        </section>
      )}

      {details}

      {actions && (
        <footer className="flex flex-wrap justify-end gap-2 border-t border-stone-200 px-4 py-3 sm:px-5">
          {actions}
        </footer>
      )}
    </article>
  );
}

/** Placeholder of an order card while the list loads. */
export function OrderCardSkeleton() {
  return (
    <div aria-hidden="true" className="rounded-lg border border-stone-200 bg-white shadow-sm">
      <div className="flex items-start justify-between gap-3 border-b border-stone-200 px-4 py-3 sm:px-5">
        <div className="flex flex-col gap-2">
          <Skeleton className="h-5 w-44" />
          <Skeleton className="h-4 w-32" />
        </div>
        <Skeleton className="h-5 w-16 rounded-full" />
      </div>
      <div className="grid gap-5 p-4 sm:p-5 md:grid-cols-[minmax(0,1fr)_16rem]">
        <div className="flex flex-col gap-3">
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-5/6" />
          <Skeleton className="h-4 w-2/3" />
        </div>
        <Skeleton className="h-28 w-full" />
      </div>
    </div>
  );
}
