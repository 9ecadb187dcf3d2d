/**
 * The admin order page's part for life after shipping (docs/admin.md "Returns"): the order's returns, each a
 * link to it in the returns queue with its status and refund; and for a Shipped order the 'Returned to origin'
 * step behind its confirmation (the courier brought the parcel back: the order is cancelled, stock returns, a
 * credit note is issued and a prepaid order is marked refund due).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import type { AdminOrderDetail } from '@shared/admin/admin-order-schemas';
import { formatRupees } from '@shared/money';
import { ORDER_STATUS } from '@shared/orders/order-status';
import { Button } from '@client/components/ui/button';
import { ConfirmDialog } from '@client/components/ui/confirm-dialog';
import { errorText } from '@client/lib/error-text';
import { toast } from '@client/lib/notify';
import { ADMIN_QUERY_KEY } from '../lib/admin-session';
import { adminOrderQuery } from '../orders/order-queries';
import { markReturnedToOrigin, orderReturnsQuery } from './return-queries';
import {
  KEEP_ORDER_SHIPPED,
  RETURNED_TO_ORIGIN,
  RTO_DONE,
  RTO_EFFECT,
  rtoQuestion,
} from './return-step-texts';

/** 'Returned to origin' behind 'Mark order RS-… returned to origin?', for a Shipped order only. */
export function RtoStep({ order }: { order: AdminOrderDetail }) {
  const [open, setOpen] = useState(false);
  const client = useQueryClient();
  const step = useMutation({
    mutationFn: () => markReturnedToOrigin(order.orderNumber),
    onSuccess: (updated) => {
      client.setQueryData(adminOrderQuery(order.orderNumber).queryKey, updated);
      void client.invalidateQueries({ queryKey: [...ADMIN_QUERY_KEY, 'orders'] });
      void client.invalidateQueries({ queryKey: [...ADMIN_QUERY_KEY, 'dashboard'] });
      toast.success(RTO_DONE);
      setOpen(false);
    },
    onError: (error) => toast.error(errorText(error)),
  });
  if (order.status !== ORDER_STATUS.shipped) return null;
  return (
    <>
      <Button variant="destructive" onClick={() => setOpen(true)}>
        {RETURNED_TO_ORIGIN}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={rtoQuestion(order.orderNumber)}
        description={RTO_EFFECT}
        keepLabel={KEEP_ORDER_SHIPPED}
        confirmLabel={RETURNED_TO_ORIGIN}
        busy={step.isPending}
        onConfirm={() => step.mutate()}
      />
    </>
  );
}

/** The returns of a Delivered order as links into the queue; nothing while it has none (or is not delivered). */
export function OrderReturns({ order }: { order: AdminOrderDetail }) {
  // Only a delivered order can be asked back.
  const returns = useQuery({
    ...orderReturnsQuery(order.orderNumber),
    staleTime: 0,
    enabled: order.status === ORDER_STATUS.delivered,
  });
  const rows = returns.data?.data ?? [];
  if (rows.length === 0) return null;
  return (
    <section aria-label="Returns" className="rounded-lg border border-stone-200 bg-white px-3 py-2 text-sm">
      <h2 className="mb-1 font-semibold">Returns</h2>
      <ul className="flex flex-col gap-1">
        {rows.map((item) => (
          <li key={item.id} className="flex justify-between gap-2">
            <Link to={`/returns/${item.id}`} className="font-mono text-brand-700">
              {item.number}
            </Link>
            <span className="text-right">
              {item.statusLabel}
              {item.refundAmount > 0 && ` · ${formatRupees(item.refundAmount)}`}
              {item.lines.some((line) => line.exchange) && ' · exchange'}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
