/**
 * `/admin/settings/shipping` (owner only, its own lazily loaded chunk): the shop's Shiprocket account
 * (docs/shipping.md "Setting up Shiprocket") — the API user's e-mail and password, the pickup location's name,
 * the default parcel (cm, kg) and the tracking webhook's token, with the webhook URL to paste into
 * Shiprocket's panel. The password and the token are shown masked (`••••1234`) and kept when left empty.
 * Saved with `PUT /api/v1/admin/settings/shiprocket` (audited without the secrets).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import {
  shiprocketSettingsSchema,
  type ShiprocketSettingsInput,
  type ShiprocketSettingsResponse,
} from '@shared/couriers/shiprocket-schemas';
import { Alert } from '@client/components/ui/alert';
import { Button } from '@client/components/ui/button';
import { FormField } from '@client/components/ui/form-field';
import { Input } from '@client/components/ui/input';
import { errorText } from '@client/lib/error-text';
import { setFieldErrors } from '@client/lib/form-errors';
import { toast } from '@client/lib/notify';
import { useAdminSession } from '../lib/admin-session';
import { saveShiprocketSettings, shiprocketSettingsQuery } from '../orders/shiprocket-queries';

const FIELDS = [
  'email',
  'password',
  'pickupLocation',
  'lengthCm',
  'breadthCm',
  'heightCm',
  'weightKg',
  'webhookToken',
] as const;

export default function ShippingSettingsPage() {
  const { me } = useAdminSession();
  const settings = useQuery({ ...shiprocketSettingsQuery(), enabled: me?.role === 'owner' });
  if (me && me.role !== 'owner') {
    return <p className="text-stone-600">Only the shop owner changes shipping settings.</p>;
  }
  if (settings.isError) return <Alert>{errorText(settings.error)}</Alert>;
  if (!settings.data) return <p className="text-stone-600">Loading…</p>;
  return <ShiprocketForm settings={settings.data} />;
}

function ShiprocketForm({ settings }: { settings: ShiprocketSettingsResponse }) {
  const client = useQueryClient();
  const form = useForm<ShiprocketSettingsInput>({
    resolver: zodResolver(shiprocketSettingsSchema),
    defaultValues: {
      email: settings.email ?? '',
      password: '',
      pickupLocation: settings.pickupLocation,
      lengthCm: settings.lengthCm,
      breadthCm: settings.breadthCm,
      heightCm: settings.heightCm,
      weightKg: settings.weightKg,
      webhookToken: '',
    },
  });
  const save = useMutation({
    mutationFn: saveShiprocketSettings,
    onSuccess: (saved) => {
      client.setQueryData(shiprocketSettingsQuery().queryKey, saved);
      form.reset({ ...form.getValues(), password: '', webhookToken: '' });
      toast.success('Shiprocket settings saved');
    },
    onError: (error) => {
      const { shown } = setFieldErrors(error, form.setError, [...FIELDS]);
      if (shown.length === 0) toast.error(errorText(error));
    },
  });
  const { errors } = form.formState;
  const webhookUrl = `${window.location.origin}${settings.webhookPath}`;
  const number = { valueAsNumber: true } as const;

  return (
    <form
      noValidate
      aria-labelledby="shipping-title"
      className="flex flex-col gap-4"
      onSubmit={form.handleSubmit((body) => save.mutate(body))}
    >
      <h1 id="shipping-title" className="text-lg font-semibold">
        Shipping with Shiprocket
      </h1>
      <p className="text-sm text-stone-600">
        Shipping by hand (courier and tracking number typed in at the ship step) stays available. With a
        Shiprocket account, orders also offer 'Ship with Shiprocket', which books the courier, keeps the label
        and follows the parcel.
      </p>
      {settings.testMode && (
        <Alert>
          TEST MODE: no Shiprocket account is set, so 'Ship with Shiprocket' uses the built-in sandbox.
          Nothing is booked with a courier.
        </Alert>
      )}
      {!settings.available && <Alert>Shiprocket is off: add the API user's e-mail and password.</Alert>}

      <fieldset className="flex flex-col gap-3 rounded-lg border border-stone-200 bg-white p-3">
        <legend className="px-1 text-sm font-semibold">API user</legend>
        <FormField
          id="shiprocket-email"
          label="API user's e-mail"
          hint="Shiprocket → Settings → API → Create an API user. Leave empty to remove the account."
          error={errors.email?.message}
        >
          {(control) => <Input {...control} type="email" autoComplete="off" {...form.register('email')} />}
        </FormField>
        <FormField
          id="shiprocket-password"
          label="API user's password"
          hint={settings.password ? `Saved (${settings.password}); leave empty to keep it` : undefined}
          error={errors.password?.message}
        >
          {(control) => (
            <Input {...control} type="password" autoComplete="new-password" {...form.register('password')} />
          )}
        </FormField>
        <FormField
          id="shiprocket-pickup"
          label="Pickup location"
          hint="Its name exactly as in Shiprocket → Settings → Pickup addresses"
          error={errors.pickupLocation?.message}
        >
          {(control) => <Input {...control} autoComplete="off" {...form.register('pickupLocation')} />}
        </FormField>
      </fieldset>

      <fieldset className="flex flex-col gap-3 rounded-lg border border-stone-200 bg-white p-3">
        <legend className="px-1 text-sm font-semibold">Default parcel</legend>
        <div className="grid grid-cols-3 gap-2">
          <FormField id="shiprocket-length" label="Length (cm)" error={errors.lengthCm?.message}>
            {(control) => <Input {...control} inputMode="numeric" {...form.register('lengthCm', number)} />}
          </FormField>
          <FormField id="shiprocket-breadth" label="Breadth (cm)" error={errors.breadthCm?.message}>
            {(control) => <Input {...control} inputMode="numeric" {...form.register('breadthCm', number)} />}
          </FormField>
          <FormField id="shiprocket-height" label="Height (cm)" error={errors.heightCm?.message}>
            {(control) => <Input {...control} inputMode="numeric" {...form.register('heightCm', number)} />}
          </FormField>
        </div>
        <FormField id="shiprocket-weight" label="Weight (kg)" error={errors.weightKg?.message}>
          {(control) => <Input {...control} inputMode="decimal" {...form.register('weightKg', number)} />}
        </FormField>
      </fieldset>

      <fieldset className="flex flex-col gap-3 rounded-lg border border-stone-200 bg-white p-3">
        <legend className="px-1 text-sm font-semibold">Tracking webhook</legend>
        <p className="text-sm">
          In Shiprocket → Settings → API → Webhooks, set the URL{' '}
          <span className="font-mono break-all" data-testid="shiprocket-webhook-url">
            {webhookUrl}
          </span>{' '}
          and the token below.
        </p>
        <FormField
          id="shiprocket-webhook-token"
          label="Webhook token (x-api-key)"
          hint={
            settings.webhookToken
              ? `Saved (${settings.webhookToken}); leave empty to keep it`
              : '16 or more characters without spaces'
          }
          error={errors.webhookToken?.message}
        >
          {(control) => <Input {...control} autoComplete="off" {...form.register('webhookToken')} />}
        </FormField>
      </fieldset>

      <Button type="submit" className="self-start" disabled={save.isPending}>
        Save Shiprocket settings
      </Button>
    </form>
  );
}
