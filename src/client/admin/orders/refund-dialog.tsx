/**
 * The owner's 'Refund' dialog on an order (docs/returns.md "Refunds"): amount (prefilled with what is left, or
 * the chosen return's refund), reason, how it is paid (through the gateway that took the payment, or by UPI,
 * bank transfer or cash outside the store, with its UTR or reference) and the return it settles. The request
 * carries an Idempotency-Key that stays the same while the form does, so a resend after a lost answer never
 * refunds twice. A refusal shows under its field or as the server's sentence.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { Dialog } from 'radix-ui';
import { useForm, useWatch } from 'react-hook-form';
import type { AdminRefunds } from '@shared/returns/admin-refund-schemas';
import { createRefundBodySchema, type CreateRefundBody } from '@shared/returns/return-schemas';
import { formatRupees } from '@shared/money';
import { Button } from '@client/components/ui/button';
import { FormField } from '@client/components/ui/form-field';
import { Input } from '@client/components/ui/input';
import { Alert } from '@client/components/ui/alert';
import { errorText, namesFields } from '@client/lib/error-text';
import { setFieldErrors } from '@client/lib/form-errors';
import { toast } from '@client/lib/notify';
import { ADMIN_QUERY_KEY } from '../lib/admin-session';
import { createRefund } from './refund-queries';

/** A fresh Idempotency-Key: a random UUID (`getRandomValues` also works on a plain-http LAN address). */
function newRefundKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');
}

/** The methods as the owner picks them. */
export const REFUND_METHOD_LABELS = {
  gateway: 'Gateway (card, net banking, wallet)',
  upi: 'UPI',
  bank: 'Bank transfer',
  cash: 'Cash',
} as const;

type RefundDialogProps = {
  orderNumber: string;
  refunds: AdminRefunds;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

export function RefundDialog({ orderNumber, refunds, open, onOpenChange }: RefundDialogProps) {
  const client = useQueryClient();
  const form = useForm<CreateRefundBody>({
    resolver: zodResolver(createRefundBodySchema),
    defaultValues: {
      amount: refunds.left,
      reason: '',
      method: refunds.gatewayRefund ? 'gateway' : 'upi',
      reference: '',
      returnId: undefined,
    },
  });
  const sent = useRef<{ body: string; key: string } | null>(null);
  const refund = useMutation({
    mutationFn: (body: CreateRefundBody) => {
      const json = JSON.stringify(body);
      if (sent.current?.body !== json) sent.current = { body: json, key: newRefundKey() };
      return createRefund(orderNumber, body, sent.current.key);
    },
    onSuccess: (done) => {
      void client.invalidateQueries({ queryKey: [...ADMIN_QUERY_KEY, 'order', orderNumber] });
      void client.invalidateQueries({ queryKey: [...ADMIN_QUERY_KEY, 'orders'] });
      const amount = formatRupees(done.amount);
      if (done.status === 'processed')
        toast.success(
          `Refund of ${amount} processed`,
          done.creditNote ? { description: `Credit note ${done.creditNote.number}` } : undefined,
        );
      else if (done.status === 'failed')
        toast.error(`Refund of ${amount} failed: ${done.failureReason ?? ''}`);
      else toast.info(`Refund of ${amount} is waiting for the gateway: ${done.failureReason ?? ''}`);
      sent.current = null;
      onOpenChange(false);
    },
    onError: (error) => {
      setFieldErrors(error, form.setError, ['amount', 'reason', 'method', 'reference', 'returnId']);
    },
  });
  const { errors } = form.formState;
  const method = useWatch({ control: form.control, name: 'method' });
  const chooseReturn = (returnId: string) => {
    const chosen = refunds.returns.find((entry) => entry.id === returnId);
    if (chosen && chosen.refundAmount > 0)
      form.setValue('amount', Math.min(chosen.refundAmount, refunds.left));
  };
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !refund.isPending && onOpenChange(next)}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <Dialog.Content className="dialog-below-toasts fixed left-1/2 z-50 flex max-h-[90dvh] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 flex-col gap-3 overflow-y-auto rounded-lg bg-white p-4 shadow-xl focus:outline-none">
          <Dialog.Title className="text-base font-semibold text-stone-900">
            Refund order {orderNumber}
          </Dialog.Title>
          <Dialog.Description className="text-sm text-stone-700">
            {formatRupees(refunds.left)} of {formatRupees(refunds.paid)} paid is left to refund.
          </Dialog.Description>
          <form
            noValidate
            aria-label="Refund"
            className="flex flex-col gap-2"
            onSubmit={form.handleSubmit((body) =>
              refund.mutate({ ...body, reference: body.reference || undefined }),
            )}
          >
            {refunds.returns.length > 0 && (
              <FormField id="refund-return" label="Return (optional)" error={errors.returnId?.message}>
                {(control) => (
                  <select
                    {...control}
                    className="field"
                    {...form.register('returnId', {
                      setValueAs: (value: string) => value || undefined,
                      onChange: (event: { target: { value: string } }) => chooseReturn(event.target.value),
                    })}
                  >
                    <option value="">Not for a return</option>
                    {refunds.returns.map((entry) => (
                      <option key={entry.id} value={entry.id}>
                        {entry.number} · {entry.statusLabel} · {formatRupees(entry.refundAmount)}
                      </option>
                    ))}
                  </select>
                )}
              </FormField>
            )}
            <FormField id="refund-amount" label="Amount (₹)" required error={errors.amount?.message}>
              {(control) => (
                <Input
                  {...control}
                  type="number"
                  inputMode="decimal"
                  step="0.01"
                  min="0.01"
                  {...form.register('amount', { valueAsNumber: true })}
                />
              )}
            </FormField>
            <FormField id="refund-reason" label="Reason" required error={errors.reason?.message}>
              {(control) => <Input {...control} autoComplete="off" {...form.register('reason')} />}
            </FormField>
            <FormField id="refund-method" label="How it is paid" error={errors.method?.message}>
              {(control) => (
                <select {...control} className="field" {...form.register('method')}>
                  {Object.entries(REFUND_METHOD_LABELS).map(([value, label]) => (
                    <option
                      key={value}
                      value={value}
                      disabled={value === 'gateway' && !refunds.gatewayRefund}
                    >
                      {label}
                    </option>
                  ))}
                </select>
              )}
            </FormField>
            {method !== 'gateway' && (
              <FormField
                id="refund-reference"
                label={method === 'cash' ? 'Reference (optional)' : 'UTR or reference'}
                hint="From your bank app's payment entry"
                error={errors.reference?.message}
              >
                {(control) => <Input {...control} autoComplete="off" {...form.register('reference')} />}
              </FormField>
            )}
            {refund.isError && !namesFields(refund.error) && <Alert>{errorText(refund.error)}</Alert>}
            <div className="flex flex-wrap justify-end gap-2 pt-1">
              <Dialog.Close asChild>
                <Button type="button" variant="outline" disabled={refund.isPending}>
                  Keep
                </Button>
              </Dialog.Close>
              <Button type="submit" disabled={refund.isPending} aria-busy={refund.isPending || undefined}>
                Refund
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
