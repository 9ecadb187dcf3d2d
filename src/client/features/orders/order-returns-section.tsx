/**
 * An order's returns, refunds and credit notes on My Orders and Track Order (docs/returns.md): each return
 * with its number, status, lines (refund or the size wanted instead), photos, history with dates, the shop's pickup
 * note or rejection reason and the replacement's courier and tracking link; each refund ('Refund of ₹1,999
 * processed on 5 Dec', pending, failed); a download per credit note. Nothing when the order has none.
 */
import { useState } from 'react';
import { FileText } from 'lucide-react';
import { formatQuantity } from '@shared/catalog/unit-of-measure';
import { formatRupees } from '@shared/money';
import { RETURN_STATUS_LABELS, type ReturnStatus } from '@shared/returns/return-rules';
import type { OrderReturn } from '@shared/returns/return-schemas';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { ApiError } from '@client/lib/api-client';
import { downloadFile } from '@client/lib/download-file';
import { errorText } from '@client/lib/error-text';
import { toast } from '@client/lib/notify';
import { variantLabel } from '@client/lib/orders/line-text';
import { formatStepTime } from './order-timeline';
import { DOWNLOAD_FAILED } from './tax-document-buttons';
import type { OrderView } from './order-view';

/** The label of a history step. */
const stepLabel = (status: OrderReturn['history'][number]['status']) =>
  status === 'replacement-shipped' ? 'Replacement shipped' : RETURN_STATUS_LABELS[status as ReturnStatus];

const STATUS_COLOUR: Record<ReturnStatus, 'yellow' | 'blue' | 'purple' | 'green' | 'red'> = {
  requested: 'yellow',
  approved: 'blue',
  received: 'purple',
  closed: 'green',
  rejected: 'red',
};

/** What the shopper asked for a line: 'Exchange for L / White' or 'Refund ₹999.50'. */
function wantedText(line: OrderReturn['lines'][number]): string {
  if (line.exchange)
    return `Exchange for ${variantLabel(line.exchange.size, line.exchange.color) || 'another size'}`;
  return `Refund ${formatRupees(line.refundAmount)}`;
}

function ReturnCard({ request }: { request: OrderReturn }) {
  return (
    <li
      className="rounded-md border border-stone-200 p-3"
      data-testid="order-return"
      data-return-number={request.number}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 className="font-semibold text-stone-900">
          Return <span className="font-mono">{request.number}</span>
        </h4>
        <Badge variant={STATUS_COLOUR[request.status]} data-testid="return-status">
          {request.statusLabel}
        </Badge>
      </div>
      <ul className="mt-2 flex flex-col gap-1 text-stone-800">
        {request.lines.map((line) => (
          <li key={line.id}>
            {line.productTitle}
            {variantLabel(line.size, line.color) && ` (${variantLabel(line.size, line.color)})`} ×{' '}
            {formatQuantity(line.quantity, line.unit)} — {line.reasonLabel} — {wantedText(line)}
          </li>
        ))}
      </ul>
      {request.photos.length > 0 && (
        <div className="mt-2 flex gap-2">
          {request.photos.map((url, index) => (
            <img
              key={url}
              src={url}
              alt={`Photo ${index + 1} of return ${request.number}`}
              loading="lazy"
              width={64}
              height={64}
              className="size-16 rounded border border-stone-200 object-cover"
            />
          ))}
        </div>
      )}
      {request.pickupNote && <p className="mt-2 text-stone-700">Pickup: {request.pickupNote}</p>}
      {request.rejectionReason && (
        <p className="mt-2 text-red-700" data-testid="return-rejection">
          Rejected: {request.rejectionReason}
        </p>
      )}
      {request.replacement && (
        <p className="mt-2 text-stone-700" data-testid="return-replacement">
          Replacement shipped{request.replacement.courier ? ` with ${request.replacement.courier}` : ''},
          tracking <span className="font-mono">{request.replacement.trackingNumber}</span>
          {request.replacement.trackingUrl && (
            <>
              {' '}
              <a
                href={request.replacement.trackingUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="font-medium text-brand-700 underline underline-offset-2"
              >
                Track the replacement<span className="sr-only"> (opens in a new tab)</span>
              </a>
            </>
          )}
        </p>
      )}
      <ol className="mt-2 flex flex-col gap-1 border-l-2 border-brand-200 pl-3 text-stone-700">
        {request.history.map((step) => (
          <li key={`${step.status}-${step.at}`} className="flex flex-wrap justify-between gap-x-3">
            <span>
              {stepLabel(step.status)}
              {step.note && step.status !== 'requested' ? `: ${step.note}` : ''}
            </span>
            <time dateTime={step.at} className="tabular-nums">
              {formatStepTime(step.at)}
            </time>
          </li>
        ))}
      </ol>
    </li>
  );
}

/** A download button per credit note (`GET /orders/{id}/credit-notes/{number}`). */
function CreditNoteButtons({ order, contactInfo }: { order: OrderView; contactInfo: string }) {
  const [busy, setBusy] = useState<string | null>(null);
  const download = async (number: string) => {
    setBusy(number);
    try {
      await downloadFile(
        `/orders/${encodeURIComponent(order.id)}/credit-notes/${encodeURIComponent(number)}`,
        `Credit-Note-${number.replace(/\W+/g, '-')}.pdf`,
        { query: { contactInfo }, accept: 'application/pdf', serverName: true },
      );
    } catch (error) {
      toast.error(errorText(error instanceof ApiError && error.status !== 0 ? error : null, DOWNLOAD_FAILED));
    } finally {
      setBusy(null);
    }
  };
  return (
    <div className="flex flex-wrap gap-2">
      {order.afterDelivery.creditNotes.map((note) => (
        <Button
          key={note.number}
          variant="outline"
          size="sm"
          disabled={busy !== null}
          aria-busy={busy === note.number || undefined}
          onClick={() => void download(note.number)}
        >
          <FileText aria-hidden="true" />
          Credit note {note.number}
        </Button>
      ))}
    </div>
  );
}

export function OrderReturnsSection({ order, contactInfo = '' }: { order: OrderView; contactInfo?: string }) {
  const { returns, refunds, creditNotes, windowText } = order.afterDelivery;
  if (returns.length === 0 && refunds.length === 0 && creditNotes.length === 0 && !windowText) return null;
  return (
    <section
      aria-label={`Returns and refunds of order ${order.id}`}
      className="flex flex-col gap-3 border-t border-stone-200 px-4 py-3 text-sm sm:px-5"
    >
      <h3 className="font-semibold text-stone-900">Returns and refunds</h3>
      {windowText && <p className="text-stone-600">{windowText}</p>}
      {returns.length > 0 && (
        <ul className="flex flex-col gap-2">
          {returns.map((request) => (
            <ReturnCard key={request.id} request={request} />
          ))}
        </ul>
      )}
      {refunds.length > 0 && (
        <ul className="flex flex-col gap-1" data-testid="order-refunds">
          {refunds.map((refund) => (
            <li key={refund.id} className={refund.status === 'failed' ? 'text-red-700' : 'text-stone-800'}>
              {refund.text}
              {refund.status === 'failed' && refund.failureReason ? ` (${refund.failureReason})` : ''}
            </li>
          ))}
        </ul>
      )}
      {creditNotes.length > 0 && <CreditNoteButtons order={order} contactInfo={contactInfo} />}
    </section>
  );
}
