/**
 * Payment, /payment?orderId=… (docs/product.md §2 "Payment", §4 "Payment flow", §5 "Payment form", §8 "Orders and
 * payment"): the order id comes from the query or navigation state; the form's fields come from the server.
 * Submitting posts the visible fields and follows the answer (payment-actions.ts): a hidden POST form to the
 * gateway, a deep link, the UPI QR screen (which polls the order until it is paid), a redirect, or 'Payment
 * initiated' and /orders. `?status=failed` is the gateway's failure return: the order is still Pending, so the
 * form is offered again under a failure notice. The amount shown follows the chosen method (the server's figure:
 * cash on delivery adds its fee). Once the shopper said 'I have paid', the page says the payment is being
 * verified instead (./payment-verifying.tsx). Shown only inside RequireAuth.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CircleAlert, RotateCcw } from 'lucide-react';
import { formatRupees } from '@shared/money';
import { discountRow } from '@client/lib/orders/line-text';
import { ORDER_STATUS } from '@shared/orders/order-status';
import type { PaymentFieldDefinition } from '@shared/payments/payment-fields';
import type { PaymentResponse } from '@shared/payments/payment-response';
import { Alert } from '@client/components/ui/alert';
import { Button } from '@client/components/ui/button';
import { Skeleton } from '@client/components/ui/skeleton';
import { trackOrderQueryOptions } from '@client/lib/orders/order-query';
import { ORDERS_QUERY_KEY } from '@client/lib/query-keys';
import { useStoreInfo } from '@client/lib/store-info/store-info-query';
import { InvalidResponseError } from '@client/lib/api-client';
import { toast } from '@client/lib/notify';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { amountForMethod } from './method-amount';
import { decidePaymentStep, type QrStep } from './payment-step';
import {
  FIELDS_LOAD_ERROR,
  ORDER_ID_MISSING,
  PAYMENT_FAILED_NOTICE,
  PAYMENT_INITIATED_DESCRIPTION,
  PAYMENT_INITIATED_TITLE,
  PAYMENT_TITLE,
  RETURN_TO_CHECKOUT,
  UNKNOWN_PAYMENT_ERROR,
} from './payment-texts';
import { submitRedirectPostForm } from './redirect-post-form';
import { fieldsQueryOptions, useSubmitPaymentMutation } from './payments-api';
import { PaymentForm } from './payment-form';
import { PaymentQr } from './payment-qr';
import { PaymentVerifying } from './payment-verifying';

/** The order id from `?orderId=`, else from navigation state (`state.orderId`). */
function orderIdOf(searchParams: URLSearchParams, state: unknown): string | null {
  const fromQuery = searchParams.get('orderId')?.trim();
  if (fromQuery) return fromQuery;
  const fromState = (state as { orderId?: unknown } | null)?.orderId;
  return typeof fromState === 'string' && fromState.trim() ? fromState.trim() : null;
}

export function PaymentPage() {
  const { brand } = useStoreInfo();
  useDocumentTitle(`Payment | ${brand}`);
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const orderId = orderIdOf(searchParams, location.state);
  const failedReturn = searchParams.get('status') === 'failed';

  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-6 sm:px-6 md:py-10">
      {orderId ? (
        <PaymentForOrder key={orderId} orderId={orderId} failedReturn={failedReturn} />
      ) : (
        <PaymentProblem message={ORDER_ID_MISSING} />
      )}
    </div>
  );
}

function PaymentForOrder({ orderId, failedReturn }: { orderId: string; failedReturn: boolean }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const fields = useQuery(fieldsQueryOptions(orderId));
  const order = useQuery(trackOrderQueryOptions({ orderId, contactInfo: '' }));
  const payment = useSubmitPaymentMutation();
  const [qr, setQr] = useState<QrStep | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  // The browser is leaving for the gateway or the UPI app: keep the button busy until it has gone.
  const [leaving, setLeaving] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  // The method chosen in the form: the amount shown follows it (cash on delivery adds its fee).
  const [method, setMethod] = useState('');

  useEffect(() => {
    // Coming back with the Back button restores this page from the cache: it is usable again.
    const onPageShow = (event: PageTransitionEvent) => event.persisted && setLeaving(false);
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  const definitions: PaymentFieldDefinition[] = fields.data?.fields ?? [];
  // The amount due in rupees, once the order is loaded: the server's figure for the chosen method (the COD
  // option's total with its fee), else the order's total.
  const amount = amountForMethod(definitions, method, order.data?.total ?? null);
  const discount = order.data ? discountRow(order.data) : null;

  const fail = (message: string) => {
    setProblem(message);
    toast.error(message);
  };

  /** Sends the payment and follows the answer; a refused call goes back to the form, which shows it. */
  const pay = async (values: Record<string, string | boolean>): Promise<unknown> => {
    setProblem(null);
    setSubmitted(true);
    let response: PaymentResponse;
    try {
      response = await payment.mutateAsync({ fields: values, orderId });
    } catch (error) {
      // An answer outside the contract is the storefront's unknown payment error, not a refused call.
      if (error instanceof InvalidResponseError) {
        console.error('The payment answer was not understood', error);
        fail(UNKNOWN_PAYMENT_ERROR);
        return;
      }
      return error;
    }
    const step = decidePaymentStep(response, fields.data?.gatewayOrigins ?? []);
    switch (step.kind) {
      case 'post-form':
        setLeaving(true);
        submitRedirectPostForm(document, step);
        return;
      case 'navigate':
        if (step.qr) setQr(step.qr);
        else setLeaving(true);
        window.location.assign(step.url);
        return;
      case 'qr':
        setQr(step);
        window.scrollTo({ top: 0 });
        return;
      case 'done':
        void queryClient.invalidateQueries({ queryKey: ORDERS_QUERY_KEY });
        toast.success(PAYMENT_INITIATED_TITLE, { description: PAYMENT_INITIATED_DESCRIPTION });
        navigate('/orders');
        return;
      case 'error':
        if (step.refusedUrl) console.error('Refused to follow a payment destination', step.refusedUrl);
        fail(step.message);
        return;
    }
  };

  // The form starts once the order is in too, so its shipping name and phone can fill empty fields.
  if (fields.isPending || order.isPending) {
    return (
      <>
        <PaymentHeading orderId={orderId} amount={amount} discount={discount} />
        <div
          role="status"
          aria-live="polite"
          className="flex flex-col gap-5 rounded-lg border border-stone-200 bg-white p-4 shadow-sm sm:p-6"
        >
          <span className="sr-only">Loading the payment form…</span>
          {[0, 1, 2, 3].map((index) => (
            <div key={index} className="flex flex-col gap-2">
              <Skeleton className="h-4 w-28" />
              <Skeleton className="h-10 w-full" />
            </div>
          ))}
          <Skeleton className="h-11 w-full" />
        </div>
      </>
    );
  }

  // The shopper said 'I have paid': nothing to pay while the shop checks (docs/payments.md "I have paid").
  if (order.data?.status === ORDER_STATUS.pending && order.data.paymentReported) {
    return <PaymentVerifying orderId={orderId} order={order.data} />;
  }

  if (fields.isError || definitions.length === 0) {
    if (fields.isError) console.error('Loading the payment form failed', fields.error);
    return (
      <PaymentProblem
        message={FIELDS_LOAD_ERROR}
        heading={<PaymentHeading orderId={orderId} amount={amount} discount={discount} />}
        retry={fields.isError ? () => void fields.refetch() : undefined}
        retrying={fields.isFetching}
      />
    );
  }

  return (
    <>
      {qr && <PaymentQr step={qr} orderId={orderId} fallbackAmount={amount} onBack={() => setQr(null)} />}
      <div hidden={qr !== null}>
        <PaymentHeading orderId={orderId} amount={amount} discount={discount} />
        {failedReturn && !submitted && <Notice>{PAYMENT_FAILED_NOTICE}</Notice>}
        {problem && <Notice>{problem}</Notice>}
        <section
          aria-label="Payment form"
          className="rounded-lg border border-stone-200 bg-white p-4 shadow-sm sm:p-6"
        >
          <PaymentForm
            definitions={definitions}
            busy={payment.isPending || leaving}
            onSubmit={pay}
            onProblem={fail}
            onMethodChange={setMethod}
            prefill={{
              name: order.data?.shippingAddress?.fullName,
              phone: order.data?.shippingAddress?.phone,
            }}
          />
        </section>
      </div>
    </>
  );
}

/** The page title with the order number and, once the order is loaded, the amount due. */
function PaymentHeading({
  orderId,
  amount,
  discount,
}: {
  orderId: string;
  amount: number | null;
  discount: { label: string; amount: string } | null;
}) {
  return (
    <header className="mb-5 flex flex-col gap-2">
      <h1 className="font-serif text-2xl font-bold text-stone-900 sm:text-3xl">{PAYMENT_TITLE}</h1>
      <dl className="flex flex-wrap items-baseline gap-x-6 gap-y-1 text-sm text-stone-700">
        <div className="flex items-baseline gap-1.5">
          <dt>Order</dt>
          <dd className="font-mono font-semibold break-all text-stone-900" data-testid="payment-order-number">
            {orderId}
          </dd>
        </div>
        {amount !== null && (
          <div className="flex items-baseline gap-1.5">
            <dt>Amount to pay</dt>
            <dd className="text-lg font-bold text-brand-800" data-testid="payment-amount">
              {formatRupees(amount)}
            </dd>
          </div>
        )}
        {amount !== null && discount && (
          <div className="flex items-baseline gap-1.5" data-testid="payment-discount">
            <dt>{discount.label}</dt>
            <dd className="font-semibold text-green-700">{discount.amount}</dd>
          </div>
        )}
      </dl>
    </header>
  );
}

/** A failure message above the form. */
function Notice({ children }: { children: ReactNode }) {
  return (
    <Alert className="mb-4 flex-row items-start gap-2">
      <CircleAlert aria-hidden="true" className="mt-0.5" />
      <p>{children}</p>
    </Alert>
  );
}

/** An error in place of the form, with 'Return to checkout' (docs/product.md §2 "Payment"). */
function PaymentProblem({
  message,
  heading,
  retry,
  retrying,
}: {
  message: string;
  heading?: ReactNode;
  retry?: () => void;
  retrying?: boolean;
}) {
  return (
    <>
      {heading ?? (
        <h1 className="mb-5 font-serif text-2xl font-bold text-stone-900 sm:text-3xl">{PAYMENT_TITLE}</h1>
      )}
      <div className="flex flex-col items-center gap-4 rounded-lg border border-stone-200 bg-white px-4 py-10 text-center shadow-sm">
        <CircleAlert aria-hidden="true" className="size-10 text-red-600" />
        <Alert className="w-auto max-w-md">{message}</Alert>
        <div className="flex flex-wrap justify-center gap-3">
          <Button asChild>
            <Link to="/checkout">{RETURN_TO_CHECKOUT}</Link>
          </Button>
          {retry && (
            <Button variant="outline" onClick={retry} disabled={retrying}>
              <RotateCcw aria-hidden="true" />
              Try again
            </Button>
          )}
        </div>
      </div>
    </>
  );
}
