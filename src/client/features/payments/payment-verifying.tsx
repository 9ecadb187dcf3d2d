/**
 * The payment page of a Pending order whose shopper said 'I have paid' (docs/payments.md "I have paid",
 * docs/product.md §2 "Payment"): no QR code and no payment form — the order number, the amount and the UTR
 * they gave, and that the shop is verifying the payment while the order is held. It asks the server about the
 * order every {@link VERIFY_POLL_INTERVAL_MS}: once the owner marks it paid it opens /order-success; if the
 * owner rejects the report, the page it sits in offers the payment form again.
 */
import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Hourglass } from 'lucide-react';
import { formatRupees } from '@shared/money';
import type { Order } from '@shared/orders/order-schemas';
import { PAYMENT_REPORTED_MESSAGE, PAYMENT_REPORTED_TITLE } from '@shared/payments/payment-report-schema';
import { Button } from '@client/components/ui/button';
import { trackOrderQueryOptions } from '@client/lib/orders/order-query';
import { ORDERS_QUERY_KEY } from '@client/lib/query-keys';
import { orderPaymentState, successPath } from './order-payment-state';

/** How often the page asks whether the shop has confirmed the payment. */
export const VERIFY_POLL_INTERVAL_MS = 10_000;

export type PaymentVerifyingProps = {
  /** The order number of the page. */
  orderId: string;
  /** The order as last read: Pending, with `paymentReported`. */
  order: Order;
};

export function PaymentVerifying({ orderId, order }: PaymentVerifyingProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const polled = useQuery({
    ...trackOrderQueryOptions({ orderId, contactInfo: '' }),
    refetchInterval: VERIFY_POLL_INTERVAL_MS,
  });
  const state = orderPaymentState(polled.data?.status ?? order.status);
  useEffect(() => {
    if (state !== 'paid') return;
    void queryClient.invalidateQueries({ queryKey: ORDERS_QUERY_KEY });
    navigate(successPath(order.id), { replace: true });
  }, [state, order.id, navigate, queryClient]);
  const report = order.paymentReported;

  return (
    <section
      aria-labelledby="payment-verifying-title"
      className="mx-auto flex w-full max-w-md flex-col items-center gap-4 rounded-lg border border-stone-200 bg-white p-5 text-center shadow-sm sm:p-8"
    >
      <span
        aria-hidden="true"
        className="flex size-14 items-center justify-center rounded-full bg-sky-100 text-sky-800"
      >
        <Hourglass className="size-7" />
      </span>
      <h1 id="payment-verifying-title" className="font-serif text-xl font-bold text-stone-900 sm:text-2xl">
        {PAYMENT_REPORTED_TITLE}
      </h1>
      <dl className="flex w-full flex-col gap-1 rounded-md bg-sky-50 px-4 py-3 text-sm">
        <div className="flex items-baseline justify-between gap-3">
          <dt className="text-stone-700">Order number</dt>
          <dd className="font-mono font-semibold break-all text-stone-900" data-testid="payment-order-number">
            {order.id}
          </dd>
        </div>
        <div className="flex items-baseline justify-between gap-3">
          <dt className="text-stone-700">Amount</dt>
          <dd className="font-semibold text-stone-900" data-testid="payment-amount">
            {formatRupees(order.total)}
          </dd>
        </div>
        {report?.utr && (
          <div className="flex items-baseline justify-between gap-3">
            <dt className="text-stone-700">Your UTR</dt>
            <dd className="font-mono text-stone-900" data-testid="payment-reported-utr">
              {report.utr}
            </dd>
          </div>
        )}
      </dl>
      <p role="status" className="text-sm text-stone-700" data-testid="payment-reported">
        {PAYMENT_REPORTED_MESSAGE}
      </p>
      <div className="flex w-full flex-col gap-2 border-t border-stone-200 pt-4 sm:flex-row sm:justify-center">
        <Button asChild>
          <Link to="/orders">View my orders</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/">Continue shopping</Link>
        </Button>
      </div>
    </section>
  );
}
