/**
 * The UPI QR screen (docs/product.md §2 "Payment", §4 action qr): the QR code (the `qr` text
 * encoded here, or the server's image), the amount (the server's, in rupees) and the order number, the shop's
 * UPI ID with a Copy button, which apps can scan it, an 'Open UPI app' button on a phone, a 'TEST MODE' badge
 * when the server says so, and the 'I have paid' step (./payment-report-form.tsx). It polls the order every 3 s and
 * goes to /order-success once the order is paid.
 */
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, LoaderCircle, Smartphone } from 'lucide-react';
import { formatRupees } from '@shared/money';
import { Alert } from '@client/components/ui/alert';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { trackOrderQueryOptions } from '@client/lib/orders/order-query';
import { ORDERS_QUERY_KEY } from '@client/lib/query-keys';
import { orderPaymentState, successPath } from './order-payment-state';
import type { QrStep } from './payment-step';
import { OPEN_UPI_APP, QR_TITLE, SCAN_HINT } from './payment-texts';
import { PaymentReportForm } from './payment-report-form';
import { UpiIdCopy } from './upi-id-copy';

/** How often the QR screen asks whether the order is paid. */
export const QR_POLL_INTERVAL_MS = 3000;

/** A phone or tablet, where a `upi:` link opens the shopper's UPI app. */
function isHandheld(): boolean {
  return (
    /Android|iPhone|iPad|iPod|Mobile/i.test(navigator.userAgent) ||
    (typeof window.matchMedia === 'function' && window.matchMedia('(pointer: coarse)').matches)
  );
}

/** The QR image: the server's image, or the `qr` text drawn with the qrcode package (loaded on demand). */
function useQrImage(step: QrStep): { src: string | null; failed: boolean } {
  const [drawn, setDrawn] = useState<{ text: string; src: string | null } | null>(null);
  const text = step.qrText;
  useEffect(() => {
    if (!text) return;
    let live = true;
    import('qrcode')
      .then(({ toDataURL }) => toDataURL(text, { margin: 1, width: 280 }))
      .then((src) => live && setDrawn({ text, src }))
      .catch((error: unknown) => {
        console.error('Drawing the UPI QR code failed', error);
        if (live) setDrawn({ text, src: null });
      });
    return () => {
      live = false;
    };
  }, [text]);
  if (!text) return { src: step.qrImage, failed: !step.qrImage };
  if (drawn?.text !== text) return { src: null, failed: false };
  return { src: drawn.src ?? step.qrImage, failed: !drawn.src && !step.qrImage };
}

export type PaymentQrProps = {
  step: QrStep;
  /** The order being paid (the page's order id). */
  orderId: string;
  /** The order's total when the answer carries no amount. */
  fallbackAmount: number | null;
  /** Back to the payment form (another method). */
  onBack: () => void;
};

export function PaymentQr({ step, orderId, fallbackAmount, onBack }: PaymentQrProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [handheld] = useState(isHandheld);
  const image = useQrImage(step);
  const orderNumber = step.orderId ?? orderId;
  const amount = step.amount ?? fallbackAmount;

  const order = useQuery({
    ...trackOrderQueryOptions({ orderId, contactInfo: '' }),
    refetchInterval: (query) =>
      orderPaymentState(query.state.data?.status) === 'pending' ? QR_POLL_INTERVAL_MS : false,
  });
  const state = orderPaymentState(order.data?.status);

  useEffect(() => {
    if (state !== 'paid') return;
    void queryClient.invalidateQueries({ queryKey: ORDERS_QUERY_KEY });
    navigate(successPath(orderNumber), { replace: true });
  }, [state, orderNumber, navigate, queryClient]);

  return (
    <section
      aria-labelledby="payment-qr-title"
      className="mx-auto flex w-full max-w-md flex-col items-center gap-4 rounded-lg border border-stone-200 bg-white p-5 text-center shadow-sm sm:p-8"
    >
      {step.testMode && (
        <Badge variant="premium" className="tracking-widest">
          TEST MODE
        </Badge>
      )}
      <h1 id="payment-qr-title" className="font-serif text-xl font-bold text-stone-900 sm:text-2xl">
        {QR_TITLE}
      </h1>

      <dl className="flex w-full flex-col gap-1 rounded-md bg-brand-50 px-4 py-3">
        {amount !== null && (
          <div className="flex items-baseline justify-between gap-3">
            <dt className="text-sm text-stone-700">Amount</dt>
            <dd className="text-2xl font-bold text-brand-800" data-testid="qr-amount">
              {formatRupees(amount)}
            </dd>
          </div>
        )}
        <div className="flex items-baseline justify-between gap-3">
          <dt className="text-sm text-stone-700">Order number</dt>
          <dd className="font-mono font-semibold break-all text-stone-900" data-testid="qr-order-number">
            {orderNumber}
          </dd>
        </div>
        {step.upiId && <UpiIdCopy upiId={step.upiId} />}
      </dl>

      <div className="flex aspect-square w-full max-w-[280px] items-center justify-center rounded-md border border-stone-200 bg-white p-1">
        {image.src ? (
          <img
            src={image.src}
            alt={`UPI QR code for order ${orderNumber}`}
            width={280}
            height={280}
            className="size-full [image-rendering:pixelated]"
          />
        ) : image.failed ? (
          <Alert className="m-4 w-auto">The QR code could not be shown. Choose another way to pay.</Alert>
        ) : (
          <LoaderCircle aria-label="Preparing the QR code" className="size-8 animate-spin text-stone-400" />
        )}
      </div>

      <p className="text-sm text-stone-700">{SCAN_HINT}</p>
      {step.testMode && (
        <p className="rounded-md border border-yellow-300 bg-yellow-50 px-3 py-2 text-sm text-stone-800">
          This is a test payment: the QR code pays a demo UPI ID, so no real money moves.
        </p>
      )}

      {handheld && step.upiUri && (
        <Button asChild size="lg" className="w-full">
          <a href={step.upiUri}>
            <Smartphone aria-hidden="true" />
            {OPEN_UPI_APP}
          </a>
        </Button>
      )}

      <p role="status" aria-live="polite" className="flex items-center gap-2 text-sm text-stone-600">
        {state === 'cancelled' ? (
          <span className="text-red-700">This order was cancelled, so it can no longer be paid.</span>
        ) : (
          <>
            <LoaderCircle aria-hidden="true" className="size-4 shrink-0 animate-spin" />
            Waiting for your payment. This page moves on by itself once it is received.
          </>
        )}
      </p>

      {state === 'pending' && order.data && <PaymentReportForm orderId={orderNumber} />}

      <div className="flex w-full flex-col gap-2 border-t border-stone-200 pt-4 sm:flex-row sm:justify-center">
        <Button variant="outline" onClick={onBack}>
          <ArrowLeft aria-hidden="true" />
          Choose another way to pay
        </Button>
        <Button asChild variant="ghost">
          <Link to="/orders">View my orders</Link>
        </Button>
      </div>
    </section>
  );
}
