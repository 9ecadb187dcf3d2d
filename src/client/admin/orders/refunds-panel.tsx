/**
 * The 'Refunds' panel of an order in the admin (docs/returns.md "Refunds"): paid, refunded and left; each
 * refund with its amount, method, reference, status, the gateway's reason when it failed and its credit note
 * (a download); 'Retry' on a failed or unanswered gateway refund and 'Refund' (the dialog) for the owner.
 * Nothing shows for an order that was never paid and has no refunds.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FileText } from 'lucide-react';
import { formatRupees } from '@shared/money';
import type { Refund } from '@shared/returns/return-schemas';
import { Alert } from '@client/components/ui/alert';
import { Button } from '@client/components/ui/button';
import { errorText } from '@client/lib/error-text';
import { toast } from '@client/lib/notify';
import { cn } from '@client/lib/utils';
import { ADMIN_QUERY_KEY, useAdminSession } from '../lib/admin-session';
import { formatDateTime } from '../lib/format';
import { REFUND_METHOD_LABELS, RefundDialog } from './refund-dialog';
import { adminRefundsQuery, downloadCreditNote, retryRefund } from './refund-queries';

const STATUS = {
  processed: { label: 'Processed', className: 'bg-green-100 text-green-900' },
  pending: { label: 'Pending', className: 'bg-amber-100 text-amber-900' },
  failed: { label: 'Failed', className: 'bg-red-100 text-red-900' },
} as const;

function RefundRow({ orderNumber, refund, owner }: { orderNumber: string; refund: Refund; owner: boolean }) {
  const client = useQueryClient();
  const retry = useMutation({
    mutationFn: () => retryRefund(orderNumber, refund.id),
    onSuccess: (done) => {
      void client.invalidateQueries({ queryKey: [...ADMIN_QUERY_KEY, 'order', orderNumber] });
      if (done.status === 'processed') toast.success(`Refund of ${formatRupees(done.amount)} processed`);
      else toast.error(`Refund still ${done.status}: ${done.failureReason ?? ''}`);
    },
    onError: (error) => toast.error(errorText(error)),
  });
  const status = STATUS[refund.status];
  const note = refund.creditNote;
  return (
    <li className="flex flex-col gap-1 py-2" data-testid="refund">
      <div className="flex items-start justify-between gap-2">
        <span>
          <span className="font-semibold">{formatRupees(refund.amount)}</span> ·{' '}
          {REFUND_METHOD_LABELS[refund.method]}
          {refund.reference && <span className="ml-1 font-mono text-xs">{refund.reference}</span>}
          {refund.returnNumber && (
            <span className="block text-xs text-stone-500">For {refund.returnNumber}</span>
          )}
          <span className="block text-xs text-stone-500">
            {refund.reason} · {formatDateTime(refund.processedAt ?? refund.createdAt)}
          </span>
        </span>
        <span className={cn('shrink-0 rounded-full px-2 py-0.5 text-xs font-medium', status.className)}>
          {status.label}
        </span>
      </div>
      {refund.failureReason && <p className="text-xs text-red-800">{refund.failureReason}</p>}
      <div className="flex flex-wrap gap-2">
        {note && (
          <Button
            variant="outline"
            size="sm"
            onClick={() =>
              void downloadCreditNote(orderNumber, note.number).catch((e) => toast.error(errorText(e)))
            }
          >
            <FileText aria-hidden="true" />
            Credit note {note.number}
          </Button>
        )}
        {owner && refund.method === 'gateway' && refund.status !== 'processed' && (
          <Button variant="outline" size="sm" disabled={retry.isPending} onClick={() => retry.mutate()}>
            Retry
          </Button>
        )}
      </div>
    </li>
  );
}

export function RefundsPanel({ orderNumber }: { orderNumber: string }) {
  const { me } = useAdminSession();
  const owner = me?.role === 'owner';
  const query = useQuery(adminRefundsQuery(orderNumber));
  const [open, setOpen] = useState(false);
  if (query.isPending) return null;
  if (query.isError) return <Alert>{errorText(query.error)}</Alert>;
  const refunds = query.data;
  if (refunds.paid === 0 && refunds.refunds.length === 0) return null;
  return (
    <section aria-label="Refunds" className="rounded-lg border border-stone-200 bg-white px-3 py-2 text-sm">
      <div className="flex items-center justify-between gap-2">
        <h2 className="font-semibold">Refunds</h2>
        {owner && refunds.left > 0 && (
          <Button size="sm" onClick={() => setOpen(true)}>
            Refund
          </Button>
        )}
      </div>
      <dl className="mt-1 grid grid-cols-3 gap-2 text-center" data-testid="refund-amounts">
        <div>
          <dt className="text-xs text-stone-500">Paid</dt>
          <dd className="font-medium">{formatRupees(refunds.paid)}</dd>
        </div>
        <div>
          <dt className="text-xs text-stone-500">Refunded</dt>
          <dd className="font-medium">{formatRupees(refunds.refunded)}</dd>
        </div>
        <div>
          <dt className="text-xs text-stone-500">Left</dt>
          <dd className="font-medium">{formatRupees(refunds.left)}</dd>
        </div>
      </dl>
      {refunds.refunds.length > 0 && (
        <ul className="mt-1 divide-y divide-stone-100">
          {refunds.refunds.map((refund) => (
            <RefundRow key={refund.id} orderNumber={orderNumber} refund={refund} owner={owner} />
          ))}
        </ul>
      )}
      {open && (
        <RefundDialog orderNumber={orderNumber} refunds={refunds} open={open} onOpenChange={setOpen} />
      )}
    </section>
  );
}
