/**
 * The promotions panel of the admin's discounts (docs/discounts.md "Automatic promotions", "Owner"): the store's promotions
 * with their status (scheduled, active, expired, paused), what they take off and when (India time); new, edit,
 * pause or resume, duplicate. Owner and staff, as product editing.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  promotionOffText,
  type AdminPromotion,
  type PromotionStatus,
} from '@shared/discounts/promotion-schemas';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { errorText } from '@client/lib/error-text';
import { toast } from '@client/lib/notify';
import { AdminList } from '../../lib/admin-list';
import { PromotionForm } from './promotion-form';
import { promotionAction, promotionsQuery } from './promotion-queries';

const STATUS_BADGE: Record<
  PromotionStatus,
  { label: string; variant: 'green' | 'blue' | 'gray' | 'yellow' }
> = {
  active: { label: 'Active', variant: 'green' },
  scheduled: { label: 'Scheduled', variant: 'blue' },
  expired: { label: 'Expired', variant: 'gray' },
  paused: { label: 'Paused', variant: 'yellow' },
};

/** '2026-11-01T00:00' → '2026-11-01 00:00'. */
const shownTime = (local: string) => local.replace('T', ' ');

function appliesTo(promotion: AdminPromotion): string {
  if (promotion.scope === 'all') return 'all products';
  return promotion.scope === 'categories' ? promotion.categories.join(', ') : promotion.products.join(', ');
}

export function PromotionsPanel() {
  const client = useQueryClient();
  const promotions = useQuery(promotionsQuery());
  const [editing, setEditing] = useState<AdminPromotion | 'new' | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: promotionsQuery().queryKey });
  const act = useMutation({
    mutationFn: ({ id, action }: { id: number; action: 'pause' | 'resume' | 'duplicate' }) =>
      promotionAction(id, action),
    onSuccess: (promotion, { action }) => {
      toast.success(
        action === 'duplicate'
          ? `${promotion.name} created, paused`
          : `${promotion.name} ${action === 'pause' ? 'paused' : 'resumed'}`,
      );
      void refresh();
    },
    onError: (error) => toast.error(errorText(error)),
  });
  return (
    <section aria-labelledby="promotions-title" className="flex flex-col gap-3">
      <div className="flex items-center justify-between gap-2">
        <h1 id="promotions-title" className="text-lg font-semibold">
          Promotions
        </h1>
        {editing === null && <Button onClick={() => setEditing('new')}>New promotion</Button>}
      </div>
      <p className="text-sm text-stone-600">
        A promotion takes its discount off the regular price from its first minute to its end; a product on
        sale sells at whichever price is lower, never both.
      </p>
      {editing !== null && (
        <PromotionForm
          key={editing === 'new' ? 'new' : editing.id}
          promotion={editing === 'new' ? null : editing}
          onCancel={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void refresh();
          }}
        />
      )}
      <AdminList
        label="Promotions"
        rows={promotions.data?.promotions}
        rowKey={(promotion) => promotion.id}
        empty="No promotions yet."
        error={promotions.error}
        rowClassName="flex flex-col gap-1 rounded-lg border border-stone-200 bg-white px-3 py-2 text-sm"
        renderRow={(promotion) => {
          const badge = STATUS_BADGE[promotion.status];
          return (
            <>
              <span className="flex items-center justify-between gap-2">
                <span className="truncate font-medium">{promotion.name}</span>
                <Badge variant={badge.variant}>{badge.label}</Badge>
              </span>
              <span className="text-stone-700">
                {promotionOffText(promotion.kind, promotion.value)} · {appliesTo(promotion)}
              </span>
              <span className="text-xs text-stone-500">
                {shownTime(promotion.startsAt)} to {shownTime(promotion.endsAt)} (India time)
              </span>
              <span className="flex flex-wrap gap-2 pt-1">
                <Button variant="outline" size="sm" onClick={() => setEditing(promotion)}>
                  Edit
                </Button>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={act.isPending}
                  onClick={() =>
                    act.mutate({ id: promotion.id, action: promotion.paused ? 'resume' : 'pause' })
                  }
                >
                  {promotion.paused ? 'Resume' : 'Pause'}
                </Button>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={act.isPending}
                  onClick={() => act.mutate({ id: promotion.id, action: 'duplicate' })}
                >
                  Duplicate
                </Button>
              </span>
            </>
          );
        }}
      />
    </section>
  );
}
