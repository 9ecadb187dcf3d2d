/**
 * The frame of every return step (./return-steps.tsx): its button and confirmation dialog (the admin order
 * page's ConfirmDialog, a plain primary confirm for a step forward, red for Reject), and the mutation that runs
 * it — the answer goes into the cache, the queue and the order page are read again, a toast says it is done; a
 * refused step shows the server's sentence, a bad field its message under the input.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import type { AdminReturn, AdminReturnStep } from '@shared/returns/return-schemas';
import { Button } from '@client/components/ui/button';
import { ConfirmDialog } from '@client/components/ui/confirm-dialog';
import { errorText, namesFields } from '@client/lib/error-text';
import { toast } from '@client/lib/notify';
import { ADMIN_QUERY_KEY } from '../lib/admin-session';
import { RETURNS_QUERY_KEY, returnQuery, runReturnStep } from './return-queries';
import { KEEP, STEP_DONE } from './return-step-texts';

/** The mutation of `step` on `item`: the cache takes the answer, the queue and the order are read again. */
export function useReturnStep(
  item: AdminReturn,
  step: AdminReturnStep,
  onFields?: (error: unknown) => void,
  onDone?: () => void,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: object) => runReturnStep(item.id, step, body),
    onSuccess: (updated) => {
      client.setQueryData(returnQuery(item.id).queryKey, updated);
      void client.invalidateQueries({ queryKey: RETURNS_QUERY_KEY });
      void client.invalidateQueries({ queryKey: [...ADMIN_QUERY_KEY, 'order', item.orderId] });
      toast.success(STEP_DONE[step]);
      onDone?.();
    },
    onError: (error) => {
      onFields?.(error);
      if (!namesFields(error)) toast.error(errorText(error));
    },
  });
}

/**
 * A step's dialog state: whether it is open, and the mutation of `step` on `item` that closes it when done.
 * `dialog` is spread into {@link StepDialog}; `onFields` puts a refused field's message under its input.
 */
export function useStepDialog(item: AdminReturn, step: AdminReturnStep, onFields?: (error: unknown) => void) {
  const [open, setOpen] = useState(false);
  const mutation = useReturnStep(item, step, onFields, () => setOpen(false));
  return { mutation, dialog: { open, setOpen, busy: mutation.isPending } };
}

/**
 * A step's button and its dialog. With `children` (the step's inputs) the dialog's content is a form named by
 * the step's `label`, which Enter submits like the confirm button: both call `confirm` (with the submit event
 * from the form, so react-hook-form's `handleSubmit` can stop the page from reloading).
 */
export function StepDialog(props: {
  label: string;
  title: string;
  description: string;
  busy: boolean;
  open: boolean;
  setOpen: (open: boolean) => void;
  confirm: (event?: FormEvent) => void;
  destructive?: boolean;
  formClassName?: string;
  children?: ReactNode;
}) {
  return (
    <>
      <Button variant={props.destructive ? 'destructive' : 'default'} onClick={() => props.setOpen(true)}>
        {props.label}
      </Button>
      <ConfirmDialog
        open={props.open}
        onOpenChange={props.setOpen}
        title={props.title}
        description={props.description}
        keepLabel={KEEP}
        confirmLabel={props.label}
        confirmVariant={props.destructive ? 'destructive' : 'default'}
        busy={props.busy}
        onConfirm={() => props.confirm()}
      >
        {props.children && (
          <form
            noValidate
            aria-label={props.label}
            className={props.formClassName}
            onSubmit={(event) => props.confirm(event)}
          >
            {props.children}
          </form>
        )}
      </ConfirmDialog>
    </>
  );
}
