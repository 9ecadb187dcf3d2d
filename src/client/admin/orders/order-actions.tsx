/**
 * The steps an order may take now (as the server lists them), each a small form through the state machine:
 * mark paid (UTR), ship (courier and tracking number), mark delivered, cancel — and, while the shopper's 'I
 * have paid' waits, reject that report (optional reason). Cancel and reject are normal-width destructive
 * buttons behind a confirmation dialog, shown only when the server offers the step. A refused step (409)
 * shows the server's reason; a bad field shows under its input.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  adminMarkPaidBodySchema,
  adminRejectReportBodySchema,
  adminShipBodySchema,
  type AdminMarkPaidBody,
  type AdminOrderAction,
  type AdminOrderDetail,
  type AdminRejectReportBody,
  type AdminShipBody,
} from '@shared/admin/admin-order-schemas';
import { KNOWN_COURIERS } from '@shared/orders/couriers';
import { Button } from '@client/components/ui/button';
import { ConfirmDialog } from '@client/components/ui/confirm-dialog';
import { FormField } from '@client/components/ui/form-field';
import { Input } from '@client/components/ui/input';
import { errorText, namesFields } from '@client/lib/error-text';
import { setFieldErrors } from '@client/lib/form-errors';
import { toast } from '@client/lib/notify';
import { ADMIN_QUERY_KEY } from '../lib/admin-session';
import { RtoStep } from '../returns/order-returns';
import { adminOrderQuery, runOrderStep } from './order-queries';
import {
  CANCEL_ORDER,
  cancelOrderEffect,
  cancelOrderQuestion,
  KEEP_ORDER,
  KEEP_REPORT,
  REJECT_REASON_LABEL,
  REJECT_REPORT,
  REJECT_REPORT_EFFECT,
  rejectReportQuestion,
  REPORT_REJECTED,
} from './order-step-texts';

const DONE: Record<AdminOrderAction, string> = {
  'mark-paid': 'Marked paid',
  ship: 'Shipped: the customer was e-mailed the tracking number',
  deliver: 'Marked delivered',
  cancel: 'Cancelled: the stock is back on sale',
  'reject-report': REPORT_REJECTED,
};

function useStep(
  order: AdminOrderDetail,
  action: AdminOrderAction,
  onFields?: (error: unknown) => void,
  onDone?: () => void,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: object) => runOrderStep(order.orderNumber, action, body),
    onSuccess: (updated) => {
      client.setQueryData(adminOrderQuery(order.orderNumber).queryKey, updated);
      void client.invalidateQueries({ queryKey: [...ADMIN_QUERY_KEY, 'orders'] });
      void client.invalidateQueries({ queryKey: [...ADMIN_QUERY_KEY, 'dashboard'] });
      toast.success(DONE[action]);
      onDone?.();
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

function DeliverStep({ order }: { order: AdminOrderDetail }) {
  const step = useStep(order, 'deliver');
  return (
    <Button disabled={step.isPending} onClick={() => step.mutate({})}>
      Mark delivered
    </Button>
  );
}

/** 'Cancel order' behind 'Cancel order RS-…?' with Keep order / Cancel order. */
function CancelStep({ order }: { order: AdminOrderDetail }) {
  const [open, setOpen] = useState(false);
  const step = useStep(order, 'cancel', undefined, () => setOpen(false));
  return (
    <>
      <Button variant="destructive" onClick={() => setOpen(true)}>
        {CANCEL_ORDER}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={cancelOrderQuestion(order.orderNumber)}
        description={cancelOrderEffect(order.status)}
        keepLabel={KEEP_ORDER}
        confirmLabel={CANCEL_ORDER}
        busy={step.isPending}
        onConfirm={() => step.mutate({})}
      />
    </>
  );
}

/** 'Reject report' behind its confirmation, with the reason the owner may give the shopper. */
function RejectReportStep({ order }: { order: AdminOrderDetail }) {
  const [open, setOpen] = useState(false);
  const form = useForm<AdminRejectReportBody>({
    resolver: zodResolver(adminRejectReportBodySchema),
    defaultValues: { reason: '' },
  });
  const step = useStep(
    order,
    'reject-report',
    (error) => setFieldErrors(error, form.setError, ['reason']),
    () => {
      setOpen(false);
      form.reset();
    },
  );
  const confirm = form.handleSubmit(({ reason }) => step.mutate(reason ? { reason } : {}));
  return (
    <>
      <Button variant="destructive" onClick={() => setOpen(true)}>
        {REJECT_REPORT}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={rejectReportQuestion(order.orderNumber)}
        description={REJECT_REPORT_EFFECT}
        keepLabel={KEEP_REPORT}
        confirmLabel={REJECT_REPORT}
        busy={step.isPending}
        onConfirm={() => void confirm()}
      >
        <form noValidate aria-label={REJECT_REPORT} onSubmit={(event) => void confirm(event)}>
          <FormField
            id="reject-reason"
            label={REJECT_REASON_LABEL}
            error={form.formState.errors.reason?.message}
          >
            {(control) => (
              <Input
                {...control}
                autoComplete="off"
                placeholder="e.g. No payment with this UTR reached our account"
                {...form.register('reason', { setValueAs: (value: string) => value.trim() || undefined })}
              />
            )}
          </FormField>
        </form>
      </ConfirmDialog>
    </>
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
      {order.actions.includes('deliver') && <DeliverStep order={order} />}
      {(order.actions.includes('reject-report') || order.actions.includes('cancel')) && (
        <div className="flex flex-wrap gap-2">
          {order.actions.includes('reject-report') && <RejectReportStep order={order} />}
          {order.actions.includes('cancel') && <CancelStep order={order} />}
          <RtoStep order={order} />
        </div>
      )}
    </section>
  );
}
