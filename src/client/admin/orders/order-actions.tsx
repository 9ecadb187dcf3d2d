/**
 * The steps an order may take now (as the server lists them), each a small form through the state machine:
 * mark paid (UTR), ship (courier and tracking number), mark delivered, cancel (optional reason). A refused
 * step (409) shows the server's reason; a bad field shows under its input.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import {
  adminMarkPaidBodySchema,
  adminShipBodySchema,
  type AdminMarkPaidBody,
  type AdminOrderAction,
  type AdminOrderDetail,
  type AdminShipBody,
} from '@shared/admin/admin-order-schemas';
import { KNOWN_COURIERS } from '@shared/orders/couriers';
import { Button } from '@client/components/ui/button';
import { FormField } from '@client/components/ui/form-field';
import { Input } from '@client/components/ui/input';
import { errorText, namesFields } from '@client/lib/error-text';
import { setFieldErrors } from '@client/lib/form-errors';
import { toast } from '@client/lib/notify';
import { ADMIN_QUERY_KEY } from '../lib/admin-session';
import { adminOrderQuery, runOrderStep } from './order-queries';

const DONE: Record<AdminOrderAction, string> = {
  'mark-paid': 'Marked paid',
  ship: 'Shipped: the customer was e-mailed the tracking number',
  deliver: 'Marked delivered',
  cancel: 'Cancelled: the stock is back on sale',
};

function useStep(order: AdminOrderDetail, action: AdminOrderAction, onFields?: (error: unknown) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: object) => runOrderStep(order.orderNumber, action, body),
    onSuccess: (updated) => {
      client.setQueryData(adminOrderQuery(order.orderNumber).queryKey, updated);
      void client.invalidateQueries({ queryKey: [...ADMIN_QUERY_KEY, 'orders'] });
      toast.success(DONE[action]);
    },
    onError: (error) => {
      onFields?.(error);
      if (!namesFields(error)) toast.error(errorText(error));
    },
  });
}

function MarkPaidForm({ order }: { order: AdminOrderDetail }) {
  const form = useForm<AdminMarkPaidBody>({
    resolver: zodResolver(adminMarkPaidBodySchema),
    // The UTR the shopper gave with 'I have paid', to check against the bank app before marking paid.
    defaultValues: { utr: order.paymentReported?.utr ?? '' },
  });
  const step = useStep(order, 'mark-paid', (error) => setFieldErrors(error, form.setError, ['utr']));
  return (
    <form
      noValidate
      aria-label="Mark paid"
      className="flex flex-col gap-2"
      onSubmit={form.handleSubmit((body) => step.mutate(body))}
    >
      <FormField
        id="utr"
        label="UPI reference (UTR)"
        hint="From your bank app's payment entry"
        error={form.formState.errors.utr?.message}
      >
        {(control) => <Input {...control} inputMode="numeric" autoComplete="off" {...form.register('utr')} />}
      </FormField>
      <Button type="submit" disabled={step.isPending}>
        Mark paid
      </Button>
    </form>
  );
}

function ShipForm({ order }: { order: AdminOrderDetail }) {
  const form = useForm<AdminShipBody>({
    resolver: zodResolver(adminShipBodySchema),
    defaultValues: { courier: '', trackingNumber: '' },
  });
  const step = useStep(order, 'ship', (error) =>
    setFieldErrors(error, form.setError, ['courier', 'trackingNumber']),
  );
  const { errors } = form.formState;
  return (
    <form
      noValidate
      aria-label="Ship"
      className="flex flex-col gap-2"
      onSubmit={form.handleSubmit((body) => step.mutate(body))}
    >
      <FormField
        id="courier"
        label="Courier"
        hint="Pick a listed courier to give the shopper its tracking link, or type another courier's name."
        error={errors.courier?.message}
      >
        {(control) => <Input {...control} list="couriers" autoComplete="off" {...form.register('courier')} />}
      </FormField>
      <datalist id="couriers">
        {KNOWN_COURIERS.map(({ name }) => (
          <option key={name} value={name} />
        ))}
      </datalist>
      <FormField id="tracking" label="Tracking (AWB) number" error={errors.trackingNumber?.message}>
        {(control) => <Input {...control} autoComplete="off" {...form.register('trackingNumber')} />}
      </FormField>
      <Button type="submit" disabled={step.isPending}>
        Ship
      </Button>
    </form>
  );
}

function ConfirmStep({
  order,
  action,
  label,
}: {
  order: AdminOrderDetail;
  action: 'deliver' | 'cancel';
  label: string;
}) {
  const step = useStep(order, action);
  return (
    <Button
      variant={action === 'cancel' ? 'destructive' : 'default'}
      disabled={step.isPending}
      onClick={() => {
        if (
          action === 'deliver' ||
          window.confirm(`Cancel order ${order.orderNumber}? Its stock goes back on sale.`)
        ) {
          step.mutate({});
        }
      }}
    >
      {label}
    </Button>
  );
}

export function OrderActions({ order }: { order: AdminOrderDetail }) {
  if (order.actions.length === 0) return null;
  return (
    <section
      aria-label="Order steps"
      className="flex flex-col gap-3 rounded-lg border border-stone-200 bg-white p-3"
    >
      {order.actions.includes('mark-paid') && <MarkPaidForm order={order} />}
      {order.actions.includes('ship') && <ShipForm order={order} />}
      {order.actions.includes('deliver') && (
        <ConfirmStep order={order} action="deliver" label="Mark delivered" />
      )}
      {order.actions.includes('cancel') && <ConfirmStep order={order} action="cancel" label="Cancel order" />}
    </section>
  );
}
