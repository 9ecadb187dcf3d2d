/**
 * The GST section of `/admin/settings` (docs/gst.md): the legal name and address printed on invoices, the
 * store's state, its GSTIN (checked as typed: length, state code, check character — the catalogue file's
 * rules and messages), the invoice prefix and per-category default HSN code and GST rate.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { X } from 'lucide-react';
import { useState } from 'react';
import { useForm, type Path } from 'react-hook-form';
import type { z } from 'zod';
import {
  gstSettingsSchema,
  type GstSettings,
  type StoreSettings,
} from '@shared/store-settings/store-settings-schemas';
import { GST_RATES } from '@shared/gst/gst-rate';
import { INDIAN_STATE_NAMES } from '@shared/gst/indian-states';
import { Button } from '@client/components/ui/button';
import { FormField } from '@client/components/ui/form-field';
import { FieldError, Input, Textarea } from '@client/components/ui/input';
import { errorText } from '@client/lib/error-text';
import { setFieldErrors } from '@client/lib/form-errors';
import { toast } from '@client/lib/notify';
import { useSaveSettings } from './store-settings-queries';

type Form = z.input<typeof gstSettingsSchema>;

export function GstSettingsForm({ settings }: { settings: StoreSettings }) {
  const gst = settings.gst;
  const form = useForm<Form, unknown, GstSettings>({
    resolver: zodResolver(gstSettingsSchema),
    defaultValues: {
      legalName: gst.legalName ?? '',
      legalAddress: gst.legalAddress ?? '',
      state: gst.state ?? '',
      gstin: gst.gstin ?? '',
      invoicePrefix: gst.invoicePrefix,
      gstDefaults: gst.gstDefaults.map((entry) => ({
        category: entry.category,
        hsn: entry.hsn ?? '',
        gstRate: entry.gstRate,
      })),
    },
  });
  // The per-category rows are a plain list (react-hook-form's field array would join the admin's first load),
  // copied into the form's values when it is submitted, so the one schema checks them with the rest.
  const [rows, setRows] = useState<GstSettings['gstDefaults']>(
    () => form.getValues('gstDefaults') as GstSettings['gstDefaults'],
  );
  const setRow = (index: number, change: Partial<GstSettings['gstDefaults'][number]>) =>
    setRows(rows.map((row, at) => (at === index ? { ...row, ...change } : row)));
  const save = useSaveSettings<GstSettings>('gst', 'GST settings saved', (error) => {
    // The per-category rows' problems (`gstDefaults.2.hsn`) go under their row, the rest under their input.
    const { shown, rest } = setFieldErrors(error, form.setError, (key) =>
      /^(legalName|legalAddress|state|gstin|invoicePrefix|gstDefaults\.\d+\.(category|hsn|gstRate))$/.test(
        key,
      )
        ? (key as Path<Form>)
        : undefined,
    );
    if (shown.length === 0) toast.error(rest[0] ? `${rest[0][0]}: ${rest[0][1]}` : errorText(error));
  });
  const errors = form.formState.errors;
  const categories = [...settings.categories.map((category) => category.name), ...settings.otherCategories];
  return (
    <form
      noValidate
      aria-labelledby="gst-title"
      className="flex flex-col gap-3"
      onSubmit={(event) => {
        form.setValue('gstDefaults', rows);
        return form.handleSubmit((body) => save.mutate(body))(event);
      }}
    >
      <h2 id="gst-title" className="font-semibold">
        GST
      </h2>
      <FormField
        id="gst-legalName"
        label="Legal name"
        hint="On tax invoices; empty: the company name."
        error={errors.legalName?.message}
      >
        {(control) => <Input {...control} {...form.register('legalName')} />}
      </FormField>
      <FormField
        id="gst-legalAddress"
        label="Legal address"
        hint="On tax invoices, with PIN code; empty: the company address."
        error={errors.legalAddress?.message}
      >
        {(control) => <Textarea {...control} rows={2} {...form.register('legalAddress')} />}
      </FormField>
      <FormField id="gst-state" label="State" error={errors.state?.message}>
        {(control) => (
          <select {...control} className="field" {...form.register('state')}>
            <option value="">Not set</option>
            {INDIAN_STATE_NAMES.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField
        id="gst-gstin"
        label="GSTIN"
        hint="Empty: not registered under GST (bills of supply, no tax)."
        error={errors.gstin?.message}
      >
        {(control) => <Input {...control} autoCapitalize="characters" {...form.register('gstin')} />}
      </FormField>
      <FormField
        id="gst-invoicePrefix"
        label="Invoice prefix"
        hint="1 to 3 capitals or digits: RS → RS/26-27/000123."
        error={errors.invoicePrefix?.message}
      >
        {(control) => <Input {...control} autoCapitalize="characters" {...form.register('invoicePrefix')} />}
      </FormField>
      <fieldset className="flex flex-col gap-2">
        <legend className="text-sm font-medium">Defaults per category</legend>
        <datalist id="gst-categories">
          {categories.map((name) => (
            <option key={name} value={name} />
          ))}
        </datalist>
        {rows.map((row, index) => {
          const rowErrors = errors.gstDefaults?.[index];
          const problem =
            rowErrors?.category?.message ?? rowErrors?.hsn?.message ?? rowErrors?.gstRate?.message;
          return (
            <div key={index} className="flex flex-col gap-1">
              <div className="grid grid-cols-[1fr_5.5rem_4.5rem_auto] gap-1">
                <Input
                  aria-label="Category"
                  list="gst-categories"
                  value={row.category}
                  onChange={(event) => setRow(index, { category: event.target.value })}
                />
                <Input
                  aria-label="HSN"
                  inputMode="numeric"
                  placeholder="HSN"
                  value={row.hsn}
                  onChange={(event) => setRow(index, { hsn: event.target.value })}
                />
                <select
                  aria-label="GST rate"
                  className="field"
                  value={row.gstRate ?? ''}
                  onChange={(event) =>
                    setRow(index, { gstRate: event.target.value === '' ? null : Number(event.target.value) })
                  }
                >
                  <option value="">Rules</option>
                  {GST_RATES.map((rate) => (
                    <option key={rate} value={rate}>
                      {rate} %
                    </option>
                  ))}
                </select>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  aria-label="Remove"
                  onClick={() => setRows(rows.filter((_, at) => at !== index))}
                >
                  <X className="size-4" aria-hidden="true" />
                </Button>
              </div>
              <FieldError>{problem}</FieldError>
            </div>
          );
        })}
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={() => setRows([...rows, { category: '', hsn: '', gstRate: null }])}
        >
          Add a category default
        </Button>
      </fieldset>
      <Button type="submit" disabled={save.isPending}>
        Save GST settings
      </Button>
    </form>
  );
}
