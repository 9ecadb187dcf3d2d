/**
 * One return as the queue shows it (docs/admin.md "Returns"): its number and status, the order (a link to the
 * admin order page), the shopper, the items (product, size, quantity, reason, the size wanted in exchange,
 * what became of it), the shopper's note and photos (thumbnails opening the full image), the money involved
 * (refund amount after the pickup fee, the order's total, how it was paid, what was already refunded), the
 * pickup note, the rejection reason, the replacement's tracking, the history and the steps it may take now.
 * Shoppers' texts are shown as plain text only.
 */
import { Link } from 'react-router';
import { formatRupees } from '@shared/money';
import { RETURN_STATUS_LABELS } from '@shared/returns/return-rules';
import type { AdminReturn, ReturnStatus } from '@shared/returns/return-schemas';
import { cn } from '@client/lib/utils';
import { formatDateTime } from '../lib/format';
import { ReturnSteps } from './return-steps';

const STATUS_CLASS: Record<ReturnStatus, string> = {
  requested: 'bg-amber-100 text-amber-900',
  approved: 'bg-sky-100 text-sky-900',
  received: 'bg-violet-100 text-violet-900',
  closed: 'bg-emerald-100 text-emerald-900',
  rejected: 'bg-red-100 text-red-900',
};

const PAID_BY: Record<NonNullable<AdminReturn['paidBy']>, string> = {
  upi: 'UPI',
  gateway: 'Card / net banking',
  cod: 'Cash on delivery',
};

/** A history entry's words: the status reached, or 'Replacement shipped'. */
const historyLabel = (status: AdminReturn['history'][number]['status']) =>
  status === 'replacement-shipped' ? 'Replacement shipped' : RETURN_STATUS_LABELS[status];

const quantityText = (quantity: number, unit: 'piece' | 'm') =>
  unit === 'm' ? `${quantity} m` : `× ${quantity}`;

export function ReturnCard({ item }: { item: AdminReturn }) {
  return (
    <article
      aria-label={`Return ${item.number}`}
      className="flex flex-col gap-2 rounded-lg border border-stone-200 bg-white p-3 text-sm"
    >
      <header className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <Link to={`/returns/${item.id}`} className="font-mono font-semibold text-brand-700">
            {item.number}
          </Link>
          <p className="text-xs text-stone-600">
            Order{' '}
            <Link to={`/orders/${item.orderId}`} className="font-mono text-brand-700 underline">
              {item.orderId}
            </Link>{' '}
            · {formatDateTime(item.createdAt)}
          </p>
        </div>
        <span
          className={cn('shrink-0 rounded-full px-2.5 py-0.5 text-xs font-medium', STATUS_CLASS[item.status])}
        >
          {item.statusLabel}
        </span>
      </header>

      <p className="text-xs text-stone-700">
        {item.shopper.name} ·{' '}
        <a className="text-brand-700 underline" href={`tel:${item.shopper.phone.replace(/\s/g, '')}`}>
          {item.shopper.phone}
        </a>{' '}
        · {item.shopper.email}
      </p>

      <ul className="divide-y divide-stone-100 rounded-md border border-stone-100" aria-label="Items">
        {item.lines.map((line) => (
          <li key={line.id} className="flex justify-between gap-3 px-2 py-1.5">
            <div className="min-w-0">
              <p className="font-medium">{line.productTitle}</p>
              <p className="text-xs text-stone-600">
                {[line.size && `Size ${line.size}`, line.color].filter(Boolean).join(' · ')}
                {(line.size || line.color) && ' · '}
                {line.reasonLabel}
              </p>
              {line.exchange && (
                <p className="text-xs font-medium text-violet-800">
                  Exchange for{' '}
                  {[line.exchange.size && `size ${line.exchange.size}`, line.exchange.color]
                    .filter(Boolean)
                    .join(', ')}
                </p>
              )}
              {line.outcome && (
                <p className="text-xs text-stone-600">
                  {line.outcome === 'restocked' ? 'Restocked' : 'Written off'}
                </p>
              )}
            </div>
            <div className="shrink-0 text-right">
              <p>{quantityText(line.quantity, line.unit)}</p>
              {line.refundAmount > 0 && (
                <p className="text-xs text-stone-600">{formatRupees(line.refundAmount)}</p>
              )}
            </div>
          </li>
        ))}
      </ul>

      {item.note && <p className="rounded-md bg-stone-50 px-2 py-1.5 whitespace-pre-line">“{item.note}”</p>}

      {item.photos.length > 0 && (
        <ul className="flex gap-2" aria-label="Photos">
          {item.photos.map((url, index) => (
            <li key={url}>
              <a
                href={url}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={`Photo ${index + 1}, full size`}
              >
                <img
                  src={url}
                  alt=""
                  loading="lazy"
                  className="size-16 rounded-md border border-stone-200 object-cover"
                />
              </a>
            </li>
          ))}
        </ul>
      )}

      <dl className="grid grid-cols-2 gap-x-3 gap-y-0.5 text-xs">
        <dt className="text-stone-600">Refund</dt>
        <dd className="text-right font-semibold" data-testid="return-refund">
          {item.lines.every((line) => line.exchange !== null)
            ? 'None (exchange)'
            : formatRupees(item.refundAmount)}
        </dd>
        {item.pickupFee > 0 && (
          <>
            <dt className="text-stone-600">Pickup fee deducted</dt>
            <dd className="text-right">{formatRupees(item.pickupFee)}</dd>
          </>
        )}
        <dt className="text-stone-600">Order total</dt>
        <dd className="text-right">
          {formatRupees(item.orderTotal)}
          {item.paidBy && ` · ${PAID_BY[item.paidBy]}`}
        </dd>
        {item.refunded > 0 && (
          <>
            <dt className="text-stone-600">Already refunded</dt>
            <dd className="text-right">{formatRupees(item.refunded)}</dd>
          </>
        )}
      </dl>

      {item.pickupNote && <p className="text-xs">Pickup: {item.pickupNote}</p>}
      {item.rejectionReason && (
        <p className="rounded-md bg-red-50 px-2 py-1.5 text-xs">Rejected: {item.rejectionReason}</p>
      )}
      {item.replacement && (
        <p className="rounded-md bg-violet-50 px-2 py-1.5 text-xs" data-testid="replacement">
          Replacement shipped{item.replacement.courier && ` by ${item.replacement.courier}`}:{' '}
          {item.replacement.trackingUrl ? (
            <a
              className="font-mono text-brand-700 underline"
              href={item.replacement.trackingUrl}
              target="_blank"
              rel="noopener noreferrer"
            >
              {item.replacement.trackingNumber}
            </a>
          ) : (
            <span className="font-mono">{item.replacement.trackingNumber}</span>
          )}
        </p>
      )}

      <details className="text-xs">
        <summary className="cursor-pointer text-stone-600">History</summary>
        <ol className="mt-1 flex flex-col gap-0.5">
          {item.history.map((entry, index) => (
            <li key={index}>
              <span className="text-stone-500">{formatDateTime(entry.at)}</span> {historyLabel(entry.status)}
              {entry.note && <span className="block text-stone-600">{entry.note}</span>}
            </li>
          ))}
        </ol>
      </details>

      <ReturnSteps item={item} />
    </article>
  );
}
