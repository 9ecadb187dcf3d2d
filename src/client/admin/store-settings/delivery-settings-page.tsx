/**
 * `/admin/settings/delivery` (owner only, its own lazily loaded chunk): shipping charges — a flat charge, free
 * from a subtotal, zones by state or PIN prefix with their own charge and estimate, PIN codes not served —
 * and cash on delivery (on/off, fee, order-value cap, PIN prefixes). Saved whole with
 * `PUT /api/v1/admin/settings/delivery`, which writes the change to the audit log (docs/delivery.md).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useForm, useWatch, type Path } from 'react-hook-form';
import { deliverySettingsResponseSchema, type DeliverySettingsBody } from '@shared/delivery/delivery-schemas';
import { Alert } from '@client/components/ui/alert';
import { Button } from '@client/components/ui/button';
import { FormField } from '@client/components/ui/form-field';
import { Input } from '@client/components/ui/input';
import { apiRequest } from '@client/lib/api-client';
import { errorText } from '@client/lib/error-text';
import { setFieldErrors } from '@client/lib/form-errors';
import { toast } from '@client/lib/notify';
import { ADMIN_QUERY_KEY, useAdminSession } from '../lib/admin-session';
import {
  deliveryFormSchema,
  formFieldOf,
  toDeliveryForm,
  type DeliveryForm,
  type ZoneForm,
} from './delivery-settings-form';

const settingsQuery = () =>
  queryOptions({
    queryKey: [...ADMIN_QUERY_KEY, 'settings', 'delivery'],
    queryFn: () => apiRequest('/admin/settings/delivery', { schema: deliverySettingsResponseSchema }),
  });

const EMPTY_ZONE: ZoneForm = {
  name: '',
  states: '',
  pinPrefixes: '',
  charge: '0',
  minDays: '3',
  maxDays: '7',
};

export default function DeliverySettingsPage() {
  const { me } = useAdminSession();
  const settings = useQuery({ ...settingsQuery(), enabled: me?.role === 'owner' });
  if (me && me.role !== 'owner') {
    return <p className="text-stone-600">Only the shop owner changes delivery settings.</p>;
  }
  if (settings.isError) return <Alert>The delivery settings could not be loaded.</Alert>;
  if (!settings.data) return <p className="text-stone-600">Loading…</p>;
  return <DeliverySettingsForm settings={settings.data} />;
}

function DeliverySettingsForm({ settings }: { settings: DeliverySettingsBody }) {
  const client = useQueryClient();
  const form = useForm<DeliveryForm, unknown, DeliverySettingsBody>({
    resolver: zodResolver(deliveryFormSchema),
    defaultValues: toDeliveryForm(settings),
  });
  // The zones are edited as a plain array of the form (not useFieldArray: the admin's first load carries every
  // library function a lazy screen uses, and this screen needs only add and remove).
  const zones = useWatch({ control: form.control, name: 'zones' });
  const setZones = (next: ZoneForm[]) => form.setValue('zones', next, { shouldDirty: true });
  useEffect(() => form.reset(toDeliveryForm(settings)), [settings, form]);
  const save = useMutation({
    mutationFn: (body: DeliverySettingsBody) =>
      apiRequest('/admin/settings/delivery', { method: 'PUT', body, schema: deliverySettingsResponseSchema }),
    onSuccess: (saved) => {
      client.setQueryData(settingsQuery().queryKey, saved);
      toast.success('Delivery settings saved');
    },
    onError: (error) => {
      const { shown } = setFieldErrors(error, form.setError, (key) => formFieldOf(key) as Path<DeliveryForm>);
      if (shown.length === 0) toast.error(errorText(error));
    },
  });
  const { errors } = form.formState;
  const text = (name: Path<DeliveryForm>, label: string, hint?: string, error?: string) => (
    <FormField id={name} label={label} hint={hint} error={error}>
      {(control) => <Input {...control} autoComplete="off" {...form.register(name)} />}
    </FormField>
  );

  return (
    <form
      noValidate
      aria-labelledby="delivery-title"
      className="flex flex-col gap-4"
      onSubmit={form.handleSubmit((body) => save.mutate(body))}
    >
      <h1 id="delivery-title" className="text-lg font-semibold">
        Delivery and cash on delivery
      </h1>

      <fieldset className="flex flex-col gap-3 rounded-lg border border-stone-200 bg-white p-3">
        <legend className="px-1 text-sm font-semibold">Shipping</legend>
        {text('flatCharge', 'Shipping charge (₹)', '0 shows shipping as Free', errors.flatCharge?.message)}
        {text(
          'freeAbove',
          'Free shipping from (₹)',
          'Leave empty for no threshold',
          errors.freeAbove?.message,
        )}
        <div className="grid grid-cols-2 gap-3">
          {text('minDays', 'Delivery from (days)', undefined, errors.minDays?.message)}
          {text('maxDays', 'Delivery within (days)', undefined, errors.maxDays?.message)}
        </div>
        {text(
          'unservedPinPrefixes',
          'PIN codes not served',
          'Prefixes separated by commas, e.g. 744, 682559',
          errors.unservedPinPrefixes?.message,
        )}
      </fieldset>

      <fieldset className="flex flex-col gap-3 rounded-lg border border-stone-200 bg-white p-3">
        <legend className="px-1 text-sm font-semibold">Zones</legend>
        {zones.length === 0 && (
          <p className="text-sm text-stone-600">No zones: the shipping charge above applies everywhere.</p>
        )}
        {zones.map((_zone, index) => {
          const zoneErrors = errors.zones?.[index];
          return (
            <div key={index} className="flex flex-col gap-2 rounded-md border border-stone-100 p-2">
              {text(`zones.${index}.name`, 'Zone name', undefined, zoneErrors?.name?.message)}
              {text(
                `zones.${index}.states`,
                'States',
                'Separated by commas, e.g. Rajasthan, Gujarat',
                zoneErrors?.states?.message,
              )}
              {text(
                `zones.${index}.pinPrefixes`,
                'PIN prefixes',
                'Separated by commas; a PIN prefix wins over a state',
                zoneErrors?.pinPrefixes?.message,
              )}
              <div className="grid grid-cols-3 gap-2">
                {text(`zones.${index}.charge`, 'Charge (₹)', undefined, zoneErrors?.charge?.message)}
                {text(`zones.${index}.minDays`, 'From (days)', undefined, zoneErrors?.minDays?.message)}
                {text(`zones.${index}.maxDays`, 'Within (days)', undefined, zoneErrors?.maxDays?.message)}
              </div>
              <Button
                type="button"
                variant="outline"
                onClick={() => setZones(form.getValues('zones').filter((_kept, at) => at !== index))}
              >
                Remove zone
              </Button>
            </div>
          );
        })}
        <Button
          type="button"
          variant="outline"
          onClick={() => setZones([...form.getValues('zones'), { ...EMPTY_ZONE }])}
        >
          Add zone
        </Button>
      </fieldset>

      <fieldset className="flex flex-col gap-3 rounded-lg border border-stone-200 bg-white p-3">
        <legend className="px-1 text-sm font-semibold">Cash on delivery</legend>
        <FormField id="codEnabled" label="Offer cash on delivery" layout="checkbox">
          {(control) => (
            <input {...control} type="checkbox" className="size-4" {...form.register('codEnabled')} />
          )}
        </FormField>
        {text('codFee', 'Fee (₹)', 'Shown as its own line and taxed like shipping', errors.codFee?.message)}
        {text('codMaxOrderValue', 'Up to an order value of (₹)', undefined, errors.codMaxOrderValue?.message)}
        {text(
          'codPinPrefixes',
          'Only for PIN prefixes',
          'Separated by commas; empty: wherever you deliver',
          errors.codPinPrefixes?.message,
        )}
      </fieldset>

      <Button type="submit" disabled={save.isPending}>
        Save delivery settings
      </Button>
    </form>
  );
}
