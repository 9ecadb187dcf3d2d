/**
 * Order success, /order-success (docs/product.md §2 "Order success"; the QR screen opens it once the order is paid):
 * the thank-you text with links to /orders and /. When the URL names the order (`?orderId=`), its number is
 * shown with a link to track it; for the signed-in buyer, the amount, the order's lines, how it is paid (UPI,
 * card, cash on delivery) and what happens next — the same after cash on delivery, a confirmed UPI payment, the
 * card gateway's return (which names the order in the address) and a reload; and — when the shop has a WhatsApp number — a 'Share order' link that
 * sends the shop the order number.
 */
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { CircleCheck, Package, ShoppingBag } from 'lucide-react';
import { WhatsappLink } from '@client/components/store/whatsapp-link';
import { Button } from '@client/components/ui/button';
import { trackOrderQueryOptions } from '@client/lib/orders/order-query';
import { useSession } from '@client/lib/session/session-context';
import { useStoreInfo } from '@client/lib/store-info/store-info-query';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { successSummary } from './order-success-summary';
import { ORDER_SUCCESS_TEXT, ORDER_SUCCESS_TITLE } from './order-view';
import { trackOrderPath } from './order-paths';

export function OrderSuccessPage() {
  const { brand } = useStoreInfo();
  const [searchParams] = useSearchParams();
  const orderId = searchParams.get('orderId')?.trim() || null;
  useDocumentTitle(`Order Placed | ${brand}`);
  // The signed-in buyer's order: its amount, how it is paid and what happens next.
  const { isAuthenticated } = useSession();
  const order = useQuery({
    ...trackOrderQueryOptions({ orderId: orderId ?? '', contactInfo: '' }),
    enabled: Boolean(orderId) && isAuthenticated,
  });
  const summary = order.data ? successSummary(order.data) : null;

  return (
    <div className="mx-auto flex w-full max-w-xl flex-col items-center gap-5 px-4 py-12 text-center sm:py-16">
      <span
        aria-hidden="true"
        className="flex size-20 items-center justify-center rounded-full bg-green-100 text-green-700"
      >
        <CircleCheck className="size-11" />
      </span>
      <h1 className="font-serif text-2xl font-bold text-stone-900 sm:text-3xl">{ORDER_SUCCESS_TITLE}</h1>
      <p className="text-stone-700">{ORDER_SUCCESS_TEXT}</p>
      {orderId && (
        <p className="rounded-md border border-brand-100 bg-brand-50 px-4 py-2 text-sm text-stone-800">
          Order number{' '}
          <Link
            to={trackOrderPath(orderId)}
            className="font-mono font-semibold text-brand-700 hover:underline"
          >
            {orderId}
          </Link>
        </p>
      )}
      {summary && (
        <section
          aria-label="Your order"
          className="w-full rounded-md border border-stone-200 bg-white p-4 text-left"
        >
          <dl className="flex flex-col gap-1 text-sm">
            <div className="flex justify-between gap-3">
              <dt className="text-stone-600">Amount</dt>
              <dd className="font-semibold text-stone-900" data-testid="success-amount">
                {summary.amount}
              </dd>
            </div>
            {summary.discount && (
              <div className="flex justify-between gap-3" data-testid="success-discount">
                <dt className="text-stone-600">{summary.discount.label}</dt>
                <dd className="font-medium text-green-700">{summary.discount.amount}</dd>
              </div>
            )}
            <div className="flex justify-between gap-3">
              <dt className="text-stone-600">Payment</dt>
              <dd className="font-medium text-stone-900" data-testid="success-payment">
                {summary.payment}
              </dd>
            </div>
          </dl>
          <h2 className="mt-3 text-sm font-semibold text-stone-900">Items</h2>
          <ul className="mt-1 divide-y divide-stone-100 text-sm" data-testid="success-lines">
            {summary.lines.map((line) => (
              <li key={line.key} className="flex justify-between gap-3 py-1.5">
                <span className="min-w-0">
                  <span className="block text-stone-900">{line.name}</span>
                  <span className="block text-xs text-stone-600">{line.quantityTimesPrice}</span>
                </span>
                <span className="shrink-0 font-medium text-stone-900">{line.total}</span>
              </li>
            ))}
          </ul>
          <h2 className="mt-3 text-sm font-semibold text-stone-900">What happens next</h2>
          <ol className="mt-1 list-decimal pl-5 text-sm text-stone-700" data-testid="success-next">
            {summary.next.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
        </section>
      )}
      {orderId && (
        <WhatsappLink
          label="Share order"
          text={`Hello! I placed order ${orderId} at ${brand}: ${location.origin}${trackOrderPath(orderId)}`}
          className="w-full sm:w-auto"
        />
      )}
      <div className="mt-2 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
        <Button asChild size="lg">
          <Link to="/orders">
            <Package aria-hidden="true" />
            View Orders
          </Link>
        </Button>
        <Button asChild variant="outline" size="lg">
          <Link to="/">
            <ShoppingBag aria-hidden="true" />
            Continue Shopping
          </Link>
        </Button>
      </div>
    </div>
  );
}
