/**
 * The Returns section of `/admin/settings` (docs/returns.md "Settings"): the return window in days after
 * delivery (0: no returns), whether size and colour exchanges are offered, the return pickup fee deducted from
 * the refund, and the return address (empty: the company address). Saved whole with
 * `PUT /api/v1/admin/settings/returns`; the default Return and Refund policy texts follow at once.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type Path } from 'react-hook-form';
import type { ReturnSettings } from '@shared/returns/return-schemas';
import type { StoreSettings } from '@shared/store-settings/store-settings-schemas';
import { Button } from '@client/components/ui/button';
import { FormField } from '@client/components/ui/form-field';
import { Input, Textarea } from '@client/components/ui/input';
import { errorText } from '@client/lib/error-text';
import { setFieldErrors } from '@client/lib/form-errors';
import { toast } from '@client/lib/notify';
import { useSaveSettings } from './store-settings-queries';
import { returnFormSchema, toReturnForm, type ReturnForm } from './return-settings-values';

const FIELDS = new Set(['windowDays', 'exchanges', 'pickupFee', 'returnAddress']);

export function ReturnSettingsForm({ settings }: { settings: StoreSettings }) {
  const form = useForm<ReturnForm, unknown, ReturnSettings>({
    resolver: zodResolver(returnFormSchema),
    defaultValues: toReturnForm(settings.returns),
  });
  const save = useSaveSettings<ReturnSettings>('returns', 'Return settings saved', (error) => {
    const { shown } = setFieldErrors(error, form.setError, (key) =>
      FIELDS.has(key) ? (key as Path<ReturnForm>) : undefined,
    );
    if (shown.length === 0) toast.error(errorText(error));
  });
  const errors = form.formState.errors;
  return (
    <form
      noValidate
      aria-labelledby="returns-title"
      className="flex flex-col gap-3"
      onSubmit={form.handleSubmit((body) =>
        save.mutate(body, { onSuccess: (saved) => form.reset(toReturnForm(saved.returns)) }),
      )}
    >
      <h2 id="returns-title" className="font-semibold">
        Returns
      </h2>
      <FormField
        id="returns-windowDays"
        label="Return window (days)"
        hint="Days after delivery a shopper may ask for a return or an exchange. 0: no returns."
        error={errors.windowDays?.message}
      >
        {(control) => <Input {...control} inputMode="numeric" {...form.register('windowDays')} />}
      </FormField>
      <FormField id="returns-exchanges" label="Offer size and colour exchanges" layout="checkbox">
        {(control) => (
          <input {...control} type="checkbox" className="size-4" {...form.register('exchanges')} />
        )}
      </FormField>
      <FormField
        id="returns-pickupFee"
        label="Return pickup fee (₹)"
        hint="Deducted from the refund. 0: free pickup."
        error={errors.pickupFee?.message}
      >
        {(control) => <Input {...control} inputMode="decimal" {...form.register('pickupFee')} />}
      </FormField>
      <FormField
        id="returns-returnAddress"
        label="Return address"
        hint="Where returns are sent. Empty: the company address."
        error={errors.returnAddress?.message}
      >
        {(control) => <Textarea {...control} rows={2} {...form.register('returnAddress')} />}
      </FormField>
      <Button type="submit" disabled={save.isPending}>
        Save return settings
      </Button>
    </form>
  );
}
