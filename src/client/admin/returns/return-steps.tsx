/**
 * The steps a return may take now, each behind a confirmation dialog (the admin order page's ConfirmDialog):
 * Approve (with an optional pickup note) and Reject (with the reason the shopper reads, required) while
 * requested; Receive (Restock or Write off, per item) while approved; Ship replacement (courier and tracking
 * number, as the order's ship step) and Close while received — Close only once an exchange's replacement
 * shipped. A refused step (409) shows the server's sentence; a bad field shows under its input.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
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
import { StepDialog, useStepDialog } from './return-step-dialog';
import * as T from './return-step-texts';

/** The words of a step whose one input is a line of text (./return-step-texts.ts). */
interface NoteStepTexts {
  label: string;
  title: string;
  description: string;
  fieldLabel: string;
  placeholder: string;
}

/**
 * A step whose one input is a line of text for the shopper: Approve's pickup note (optional, left out of the
 * body when empty) and Reject's reason (required, a red button). `field` is the body's key, so a field the
 * server refuses (`fields[field]`) shows under the input.
 */
function NoteStep({
  item,
  step,
  field,
  schema,
  texts,
  required = false,
  destructive = false,
}: {
  item: AdminReturn;
  step: 'approve' | 'reject';
  field: 'pickupNote' | 'reason';
  schema: typeof approveReturnBodySchema | typeof rejectReturnBodySchema;
  texts: NoteStepTexts;
  required?: boolean;
  destructive?: boolean;
}) {
  const form = useForm<Partial<Record<typeof field, string>>>({
    resolver: zodResolver(schema),
    defaultValues: { [field]: '' },
  });
  const { mutation, dialog } = useStepDialog(item, step, (error) =>
    setFieldErrors(error, form.setError, [field]),
  );
  const confirm = form.handleSubmit((values) => {
    const note = values[field];
    mutation.mutate(note ? { [field]: note } : {});
  });
  return (
    <StepDialog
      label={texts.label}
      title={texts.title}
      description={texts.description}
      {...dialog}
      confirm={(event) => void confirm(event)}
      destructive={destructive}
    >
      <FormField
        id={`${field}-${item.id}`}
        label={texts.fieldLabel}
        required={required}
        error={form.formState.errors[field]?.message}
      >
        {(control) => (
          <Input {...control} autoComplete="off" placeholder={texts.placeholder} {...form.register(field)} />
        )}
      </FormField>
    </StepDialog>
  );
}

function ApproveStep({ item }: { item: AdminReturn }) {
  return (
    <NoteStep
      item={item}
      step="approve"
      field="pickupNote"
      schema={approveReturnBodySchema}
      texts={{
        label: T.APPROVE,
        title: T.approveQuestion(item.number),
        description: T.APPROVE_EFFECT,
        fieldLabel: T.PICKUP_NOTE_LABEL,
        placeholder: 'e.g. Pickup on Monday, 10 am–1 pm',
      }}
    />
  );
}

function RejectStep({ item }: { item: AdminReturn }) {
  return (
    <NoteStep
      item={item}
      step="reject"
      field="reason"
      schema={rejectReturnBodySchema}
      texts={{
        label: T.REJECT,
        title: T.rejectQuestion(item.number),
        description: T.REJECT_EFFECT,
        fieldLabel: T.REJECT_REASON_LABEL,
        placeholder: 'e.g. The tags were removed',
      }}
      required
      destructive
    />
  );
}

function ReceiveStep({ item }: { item: AdminReturn }) {
  const form = useForm<z.input<typeof receiveReturnBodySchema>>({
    resolver: zodResolver(receiveReturnBodySchema),
    defaultValues: { lines: item.lines.map((line) => ({ id: line.id, outcome: 'restocked' as const })) },
  });
  const { mutation, dialog } = useStepDialog(item, 'receive');
  const confirm = form.handleSubmit((body) => mutation.mutate(body));
  return (
    <StepDialog
      label={T.RECEIVE}
      title={T.receiveQuestion(item.number)}
      description={T.RECEIVE_EFFECT}
      {...dialog}
      confirm={(event) => void confirm(event)}
      formClassName="flex flex-col gap-2"
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
    </StepDialog>
  );
}

function ShipReplacementStep({ item }: { item: AdminReturn }) {
  const form = useForm<z.input<typeof shipReplacementBodySchema>>({
    resolver: zodResolver(shipReplacementBodySchema),
    defaultValues: { courier: '', trackingNumber: '' },
  });
  const { mutation, dialog } = useStepDialog(item, 'ship-replacement', (error) =>
    setFieldErrors(error, form.setError, ['courier', 'trackingNumber']),
  );
  const confirm = form.handleSubmit(({ courier, trackingNumber }) =>
    mutation.mutate(courier ? { courier, trackingNumber } : { trackingNumber }),
  );
  const { errors } = form.formState;
  return (
    <StepDialog
      label={T.SHIP_REPLACEMENT}
      title={T.shipReplacementQuestion(item.number)}
      description={T.SHIP_REPLACEMENT_EFFECT}
      {...dialog}
      confirm={(event) => void confirm(event)}
      formClassName="flex flex-col gap-2"
    >
      <FormField id={`courier-${item.id}`} label="Courier" error={errors.courier?.message}>
        {(control) => (
          <Input {...control} list={`couriers-${item.id}`} autoComplete="off" {...form.register('courier')} />
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
    </StepDialog>
  );
}

function CloseStep({ item }: { item: AdminReturn }) {
  const { mutation, dialog } = useStepDialog(item, 'close');
  return (
    <StepDialog
      label={T.CLOSE}
      title={T.closeQuestion(item.number)}
      description={T.CLOSE_EFFECT}
      {...dialog}
      confirm={() => mutation.mutate({})}
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
