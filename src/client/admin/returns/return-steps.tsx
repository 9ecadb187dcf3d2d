/**
 * The steps a return may take now, each behind a confirmation dialog (the admin order page's ConfirmDialog):
 * Approve (with an optional pickup note) and Reject (with the reason the shopper reads, required) while
 * requested; Receive (Restock or Write off, per item) while approved; Ship replacement (courier and tracking
 * number, as the order's ship step) and Close while received — Close only once an exchange's replacement
 * shipped. A refused step (409) shows the server's sentence; a bad field shows under its input.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  approveReturnBodySchema,
  receiveReturnBodySchema,
  rejectReturnBodySchema,
  shipReplacementBodySchema,
  type AdminReturn,
} from '@shared/returns/return-schemas';
import { KNOWN_COURIERS } from '@shared/orders/couriers';
import { FormField } from '@client/components/ui/form-field';
import { Input } from '@client/components/ui/input';
import { setFieldErrors } from '@client/lib/form-errors';
import { StepDialog, useReturnStep } from './return-step-dialog';
import * as T from './return-step-texts';

function ApproveStep({ item }: { item: AdminReturn }) {
  const [open, setOpen] = useState(false);
  const form = useForm<z.input<typeof approveReturnBodySchema>>({
    resolver: zodResolver(approveReturnBodySchema),
    defaultValues: { pickupNote: '' },
  });
  const step = useReturnStep(
    item,
    'approve',
    (error) => setFieldErrors(error, form.setError, ['pickupNote']),
    () => setOpen(false),
  );
  const confirm = form.handleSubmit(({ pickupNote }) => step.mutate(pickupNote ? { pickupNote } : {}));
  return (
    <StepDialog
      label={T.APPROVE}
      title={T.approveQuestion(item.number)}
      description={T.APPROVE_EFFECT}
      busy={step.isPending}
      open={open}
      setOpen={setOpen}
      confirm={() => void confirm()}
    >
      <form noValidate aria-label={T.APPROVE} onSubmit={(event) => void confirm(event)}>
        <FormField
          id={`pickup-${item.id}`}
          label={T.PICKUP_NOTE_LABEL}
          error={form.formState.errors.pickupNote?.message}
        >
          {(control) => (
            <Input
              {...control}
              autoComplete="off"
              placeholder="e.g. Pickup on Monday, 10 am–1 pm"
              {...form.register('pickupNote')}
            />
          )}
        </FormField>
      </form>
    </StepDialog>
  );
}

function RejectStep({ item }: { item: AdminReturn }) {
  const [open, setOpen] = useState(false);
  const form = useForm<z.input<typeof rejectReturnBodySchema>>({
    resolver: zodResolver(rejectReturnBodySchema),
    defaultValues: { reason: '' },
  });
  const step = useReturnStep(
    item,
    'reject',
    (error) => setFieldErrors(error, form.setError, ['reason']),
    () => setOpen(false),
  );
  const confirm = form.handleSubmit((body) => step.mutate(body));
  return (
    <StepDialog
      label={T.REJECT}
      title={T.rejectQuestion(item.number)}
      description={T.REJECT_EFFECT}
      busy={step.isPending}
      open={open}
      setOpen={setOpen}
      confirm={() => void confirm()}
      destructive
    >
      <form noValidate aria-label={T.REJECT} onSubmit={(event) => void confirm(event)}>
        <FormField
          id={`reason-${item.id}`}
          label={T.REJECT_REASON_LABEL}
          required
          error={form.formState.errors.reason?.message}
        >
          {(control) => (
            <Input
              {...control}
              autoComplete="off"
              placeholder="e.g. The tags were removed"
              {...form.register('reason')}
            />
          )}
        </FormField>
      </form>
    </StepDialog>
  );
}

function ReceiveStep({ item }: { item: AdminReturn }) {
  const [open, setOpen] = useState(false);
  const form = useForm<z.input<typeof receiveReturnBodySchema>>({
    resolver: zodResolver(receiveReturnBodySchema),
    defaultValues: { lines: item.lines.map((line) => ({ id: line.id, outcome: 'restocked' as const })) },
  });
  const step = useReturnStep(item, 'receive', undefined, () => setOpen(false));
  const confirm = form.handleSubmit((body) => step.mutate(body));
  return (
    <StepDialog
      label={T.RECEIVE}
      title={T.receiveQuestion(item.number)}
      description={T.RECEIVE_EFFECT}
      busy={step.isPending}
      open={open}
      setOpen={setOpen}
      confirm={() => void confirm()}
    >
      <form
        noValidate
        aria-label={T.RECEIVE}
        className="flex flex-col gap-2"
        onSubmit={(event) => void confirm(event)}
      >
        {item.lines.map((line, index) => (
          <fieldset key={line.id} className="rounded-md border border-stone-200 px-3 py-2 text-sm">
            <legend className="px-1 font-medium">
              {line.productTitle}
              {line.size && ` · ${line.size}`} × {line.quantity}
            </legend>
            <div className="flex gap-4">
              {(
                [
                  ['restocked', T.RESTOCK],
                  ['written-off', T.WRITE_OFF],
                ] as const
              ).map(([outcome, label]) => (
                <label key={outcome} className="flex items-center gap-1.5">
                  <input type="radio" value={outcome} {...form.register(`lines.${index}.outcome`)} />
                  {label}
                </label>
              ))}
            </div>
          </fieldset>
        ))}
      </form>
    </StepDialog>
  );
}

function ShipReplacementStep({ item }: { item: AdminReturn }) {
  const [open, setOpen] = useState(false);
  const form = useForm<z.input<typeof shipReplacementBodySchema>>({
    resolver: zodResolver(shipReplacementBodySchema),
    defaultValues: { courier: '', trackingNumber: '' },
  });
  const step = useReturnStep(
    item,
    'ship-replacement',
    (error) => setFieldErrors(error, form.setError, ['courier', 'trackingNumber']),
    () => setOpen(false),
  );
  const confirm = form.handleSubmit(({ courier, trackingNumber }) =>
    step.mutate(courier ? { courier, trackingNumber } : { trackingNumber }),
  );
  const { errors } = form.formState;
  return (
    <StepDialog
      label={T.SHIP_REPLACEMENT}
      title={T.shipReplacementQuestion(item.number)}
      description={T.SHIP_REPLACEMENT_EFFECT}
      busy={step.isPending}
      open={open}
      setOpen={setOpen}
      confirm={() => void confirm()}
    >
      <form
        noValidate
        aria-label={T.SHIP_REPLACEMENT}
        className="flex flex-col gap-2"
        onSubmit={(event) => void confirm(event)}
      >
        <FormField id={`courier-${item.id}`} label="Courier" error={errors.courier?.message}>
          {(control) => (
            <Input
              {...control}
              list={`couriers-${item.id}`}
              autoComplete="off"
              {...form.register('courier')}
            />
          )}
        </FormField>
        <datalist id={`couriers-${item.id}`}>
          {KNOWN_COURIERS.map(({ name }) => (
            <option key={name} value={name} />
          ))}
        </datalist>
        <FormField
          id={`tracking-${item.id}`}
          label="Tracking (AWB) number"
          required
          error={errors.trackingNumber?.message}
        >
          {(control) => <Input {...control} autoComplete="off" {...form.register('trackingNumber')} />}
        </FormField>
      </form>
    </StepDialog>
  );
}

function CloseStep({ item }: { item: AdminReturn }) {
  const [open, setOpen] = useState(false);
  const step = useReturnStep(item, 'close', undefined, () => setOpen(false));
  return (
    <StepDialog
      label={T.CLOSE}
      title={T.closeQuestion(item.number)}
      description={T.CLOSE_EFFECT}
      busy={step.isPending}
      open={open}
      setOpen={setOpen}
      confirm={() => step.mutate({})}
    />
  );
}

/** The steps return `item` may take now (none once rejected or closed). */
export function ReturnSteps({ item }: { item: AdminReturn }) {
  const exchange = item.lines.some((line) => line.exchange !== null);
  const steps: ReactNode[] = [];
  if (item.status === 'requested')
    steps.push(<ApproveStep key="approve" item={item} />, <RejectStep key="reject" item={item} />);
  if (item.status === 'approved') steps.push(<ReceiveStep key="receive" item={item} />);
  if (item.status === 'received') {
    if (exchange && !item.replacement) steps.push(<ShipReplacementStep key="ship" item={item} />);
    else steps.push(<CloseStep key="close" item={item} />);
  }
  if (steps.length === 0) return null;
  return (
    <div className="flex flex-wrap gap-2" aria-label={`Steps of return ${item.number}`} role="group">
      {steps}
    </div>
  );
}
