/**
 * My Orders, /orders (docs/product.md §2 "Orders", §4 "Order status", §8 "My orders failure"): skeletons while loading,
 * 'No Orders Found' with 'Browse Products' when there are none, else one card per order, newest first.
 * 'Pay Now' appears only on Pending orders the shopper has not reported paying (a reported one reads 'Payment
 * reported — being verified'), 'Cancel order' (with a confirmation) on Pending orders, 'Return or exchange' on a
 * Delivered order within its return window, and each order's returns, refunds and credit notes. A failed load shows the
 * storefront's toast and an empty list. Shown only inside RequireAuth.
 */
import { lazy, useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { CreditCard, PackageSearch, Repeat, RotateCcw, Truck } from 'lucide-react';
import { Button } from '@client/components/ui/button';
import { useStoreInfo } from '@client/lib/store-info/store-info-query';
import { toast } from '@client/lib/notify';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { CancelOrderButton } from './cancel-order-button';
import { RETURN_OR_EXCHANGE } from './order-after-delivery-view';
import { OrderCard, OrderCardSkeleton } from './order-card';
import { OrderReturnsSection } from './order-returns-section';
import { TaxDocumentButtons } from './tax-document-buttons';
import { BROWSE_PRODUCTS, NO_ORDERS_TITLE, ORDERS_LOAD_ERROR, PAY_NOW } from './order-view';
import { paymentPath, returnRequestPath, trackOrderPath } from './order-paths';
import { ordersQueryOptions } from './orders-api';

/** The return request page (/orders/:orderId/return), a chunk of its own loaded from here. */
const ReturnRequestPage = lazy(async () => ({
  default: (await import('./return-request-page')).ReturnRequestPage,
}));

/** My Orders, or an order's return request page when the path names an order. */
export function OrdersPage() {
  const { orderId } = useParams();
  return orderId ? <ReturnRequestPage /> : <MyOrders />;
}

function MyOrders() {
  const { brand } = useStoreInfo();
  const orders = useQuery(ordersQueryOptions());
  useDocumentTitle(`My Orders | ${brand}`);

  useEffect(() => {
    if (orders.isError) toast.error(ORDERS_LOAD_ERROR);
    // One toast per failed load: errorUpdatedAt changes with each failure.
  }, [orders.isError, orders.errorUpdatedAt]);

  const list = orders.isError ? [] : (orders.data ?? []);

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-6 sm:px-6 md:py-10">
      <h1 className="mb-6 font-serif text-2xl font-bold text-stone-900 sm:text-3xl">My Orders</h1>

      {orders.isPending ? (
        <div role="status" aria-live="polite" className="flex flex-col gap-4">
          <span className="sr-only">Loading your orders…</span>
          <OrderCardSkeleton />
          <OrderCardSkeleton />
          <OrderCardSkeleton />
        </div>
      ) : list.length === 0 ? (
        <div className="mx-auto flex max-w-lg flex-col items-center gap-4 py-12 text-center">
          <PackageSearch aria-hidden="true" className="size-14 text-stone-400" />
          <h2 className="font-serif text-2xl font-bold text-stone-900">{NO_ORDERS_TITLE}</h2>
          <p className="text-stone-600">
            {orders.isError
              ? ORDERS_LOAD_ERROR
              : "You haven't placed any orders yet. Find something you love in our collection."}
          </p>
          <div className="flex flex-wrap justify-center gap-3">
            <Button asChild size="lg">
              <Link to="/products">{BROWSE_PRODUCTS}</Link>
            </Button>
            {orders.isError && (
              <Button
                variant="outline"
                size="lg"
                onClick={() => void orders.refetch()}
                disabled={orders.isFetching}
              >
                <RotateCcw aria-hidden="true" />
                Try Again
              </Button>
            )}
          </div>
        </div>
      ) : (
        <ul aria-label="Your orders" className="flex flex-col gap-5">
          {list.map((order) => (
            <li key={order.id}>
              <OrderCard
                order={order}
                details={<OrderReturnsSection order={order} />}
                actions={
                  <>
                    <Button asChild variant="outline">
                      <Link to={trackOrderPath(order.id)}>
                        <Truck aria-hidden="true" />
                        Track Order
                      </Link>
                    </Button>
                    {order.awaitingPayment && (
                      <Button asChild>
                        <Link to={paymentPath(order.id)} aria-label={`${PAY_NOW} for order ${order.id}`}>
                          <CreditCard aria-hidden="true" />
                          {PAY_NOW}
                        </Link>
                      </Button>
                    )}
                    {order.isPending && <CancelOrderButton orderId={order.id} />}
                    {order.afterDelivery.canReturn && (
                      <Button asChild>
                        <Link
                          to={returnRequestPath(order.id)}
                          aria-label={`${RETURN_OR_EXCHANGE} items of order ${order.id}`}
                        >
                          <Repeat aria-hidden="true" />
                          {RETURN_OR_EXCHANGE}
                        </Link>
                      </Button>
                    )}
                    <TaxDocumentButtons order={order} />
                  </>
                }
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
