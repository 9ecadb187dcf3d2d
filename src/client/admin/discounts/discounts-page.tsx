/**
 * `/admin/discounts`: the Discounts screen (docs/discounts.md "Owner"), a tabbed page — Coupons: the list with
 * each coupon's status now (scheduled, active, expired, paused) and uses, create, edit, pause / resume,
 * duplicate, and a coupon's orders with the discount given; Promotions (`/admin/discounts/promotions`): the
 * automatic promotions (./promotions/promotions-panel.tsx). Each tab has its own address, so a reload or a
 * shared link opens the same tab. Every change is audited by the server.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Coupon, CouponInput } from '@shared/discounts/coupon-schemas';
import { formatRupees } from '@shared/money';
import { Button } from '@client/components/ui/button';
import { errorText } from '@client/lib/error-text';
import { toast } from '@client/lib/notify';
import { AdminList } from '../lib/admin-list';
import { formatDate, formatDateTime } from '../lib/format';
import { CouponForm } from './coupon-form';
import { PromotionsPanel } from './promotions/promotions-panel';
import { COUPONS_QUERY_KEY, couponAction, couponsQuery, couponUsesQuery, saveCoupon } from './coupon-queries';

const STATUS_CLASS: Record<Coupon['status'], string> = {
  active: 'bg-green-100 text-green-800',
  scheduled: 'bg-blue-100 text-blue-800',
  expired: 'bg-stone-200 text-stone-700',
  paused: 'bg-amber-100 text-amber-800',
};

/** What a coupon takes off, in words: '20% off (up to ₹1,000)', '₹250 off', 'Free shipping'. */
export function couponOfferText(
  coupon: Pick<Coupon, 'kind' | 'value' | 'maxDiscount' | 'minSubtotal'>,
): string {
  const offer =
    coupon.kind === 'percent'
      ? `${coupon.value}% off${coupon.maxDiscount !== null ? ` (up to ${formatRupees(coupon.maxDiscount)})` : ''}`
      : coupon.kind === 'fixed'
        ? `${formatRupees(coupon.value)} off`
        : 'Free shipping';
  return coupon.minSubtotal !== null ? `${offer} on ${formatRupees(coupon.minSubtotal)} or more` : offer;
}

function CouponUses({ couponId }: { couponId: number }) {
  const uses = useQuery(couponUsesQuery(couponId));
  if (!uses.data) return <p className="text-sm text-stone-600">Loading uses…</p>;
  return (
    <div className="flex flex-col gap-1 text-sm">
      <p className="font-medium">Total discount given: {formatRupees(uses.data.totalDiscount)}</p>
      {uses.data.orders.length === 0 ? (
        <p className="text-stone-600">No orders yet.</p>
      ) : (
        <ul className="flex flex-col gap-1">
          {uses.data.orders.map((order) => (
            <li key={order.orderId} className="flex justify-between gap-2">
              <a
                className="text-brand-700 underline"
                href={`/admin/orders/${encodeURIComponent(order.orderId)}`}
              >
                {order.orderId}
              </a>
              <span className="text-stone-600">{formatDateTime(order.createdAt)}</span>
              <span>
                -{formatRupees(order.discount)}
                {order.released ? ' (given back)' : ''}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function CouponsTab() {
  const client = useQueryClient();
  const coupons = useQuery(couponsQuery());
  const [editing, setEditing] = useState<Coupon | 'new' | null>(null);
  const [showingUses, setShowingUses] = useState<number | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: COUPONS_QUERY_KEY });
  const act = useMutation({
    mutationFn: ({ id, action }: { id: number; action: 'pause' | 'resume' | 'duplicate' }) =>
      couponAction(id, action),
    onSuccess: (coupon, { action }) => {
      toast.success(
        action === 'duplicate' ? `Copied as ${coupon.code} (paused)` : `${coupon.code} is ${coupon.status}`,
      );
      void refresh();
    },
    onError: (error) => toast.error(errorText(error)),
  });
  const save = async (input: CouponInput) => {
    const saved = await saveCoupon(editing === 'new' || editing === null ? null : editing.id, input);
    toast.success(`Coupon ${saved.code} saved`);
    setEditing(null);
    await refresh();
  };
  return (
    <div className="flex flex-col gap-3">
      {editing ? (
        <CouponForm
          key={editing === 'new' ? 'new' : editing.id}
          coupon={editing === 'new' ? null : editing}
          onSave={save}
          onCancel={() => setEditing(null)}
        />
      ) : (
        <Button className="self-start" onClick={() => setEditing('new')}>
          New coupon
        </Button>
      )}
      <AdminList
        label="Coupons"
        rows={coupons.data}
        rowKey={(coupon) => coupon.id}
        empty="No coupons yet."
        error={coupons.error}
        rowClassName="flex flex-col gap-2 rounded-lg border border-stone-200 bg-white px-3 py-2 text-sm"
        renderRow={(coupon) => (
          <>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span className="font-semibold">{coupon.code}</span>
              <span className={`rounded px-2 py-0.5 text-xs font-medium ${STATUS_CLASS[coupon.status]}`}>
                {coupon.status}
              </span>
            </div>
            <p className="text-stone-700">
              {couponOfferText(coupon)} · {formatDate(coupon.startsAt)}
              {coupon.endsAt
                ? ` – ${formatDate(new Date(Date.parse(coupon.endsAt) - 1).toISOString())}`
                : ''}{' '}
              · {coupon.timesUsed}
              {coupon.usageLimit !== null ? ` of ${coupon.usageLimit}` : ''} used
            </p>
            <div className="flex flex-wrap gap-2">
              <Button size="sm" variant="outline" onClick={() => setEditing(coupon)}>
                Edit
              </Button>
              <Button
                size="sm"
                variant="outline"
                disabled={act.isPending}
                onClick={() => act.mutate({ id: coupon.id, action: coupon.paused ? 'resume' : 'pause' })}
              >
                {coupon.paused ? 'Resume' : 'Pause'}
              </Button>
              <Button
                size="sm"
                variant="outline"
                disabled={act.isPending}
                onClick={() => act.mutate({ id: coupon.id, action: 'duplicate' })}
              >
                Duplicate
              </Button>
              <Button
                size="sm"
                variant="ghost"
                aria-expanded={showingUses === coupon.id}
                onClick={() => setShowingUses(showingUses === coupon.id ? null : coupon.id)}
              >
                Uses
              </Button>
            </div>
            {showingUses === coupon.id && <CouponUses couponId={coupon.id} />}
          </>
        )}
      />
    </div>
  );
}

/** The tabs of the Discounts screen and their addresses (below the admin's base). */
const TABS = [
  { id: 'coupons', label: 'Coupons', to: '/discounts' },
  { id: 'promotions', label: 'Promotions', to: '/discounts/promotions' },
] as const;

export type DiscountsTab = (typeof TABS)[number]['id'];

/** The Discounts screen showing tab `tab` (its route decides it). */
export function DiscountsPage({ tab = 'coupons' }: { tab?: DiscountsTab }) {
  return (
    <section aria-labelledby="discounts-title" className="flex flex-col gap-3">
      <h1 id="discounts-title" className="text-lg font-semibold">
        Discounts
      </h1>
      <div role="tablist" aria-label="Discounts" className="flex gap-2 border-b border-stone-200">
        {TABS.map((entry) => (
          <Link
            key={entry.id}
            to={entry.to}
            role="tab"
            id={`discounts-tab-${entry.id}`}
            aria-selected={tab === entry.id}
            aria-controls={`discounts-panel-${entry.id}`}
            className={
              tab === entry.id
                ? 'border-b-2 border-brand-700 px-3 py-2 text-sm font-medium'
                : 'border-b-2 border-transparent px-3 py-2 text-sm text-stone-600 hover:text-stone-900'
            }
          >
            {entry.label}
          </Link>
        ))}
      </div>
      <div role="tabpanel" id={`discounts-panel-${tab}`} aria-labelledby={`discounts-tab-${tab}`}>
        {tab === 'coupons' ? <CouponsTab /> : <PromotionsPanel />}
      </div>
    </section>
  );
}

/** The Discounts screen open at its Promotions tab (`/admin/discounts/promotions`). */
export function DiscountsPromotionsPage() {
  return <DiscountsPage tab="promotions" />;
}
