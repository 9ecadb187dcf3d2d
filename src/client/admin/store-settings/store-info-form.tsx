/**
 * The store info section of `/admin/settings`: the shop's name, company, address, e-mail, phone, description
 * and WhatsApp number (an Indian mobile; when set, the storefront shows 'Ask on WhatsApp' on product pages and
 * 'Share order' after an order), and the shop's social accounts (Instagram, Facebook, YouTube, X, Pinterest:
 * `https://` links to the network's own site, listed under 'Follow Us' on the contact page; all empty: no
 * 'Follow Us'). The logo has a place of its own here; it is uploaded, not typed.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useForm, type Path } from 'react-hook-form';
import type { z } from 'zod';
import {
  storeInfoSettingsSchema,
  type StoreInfoSettings,
  type StoreSettings,
} from '@shared/store-settings/store-settings-schemas';
import { SUPPORT_HOURS_DEFAULT } from '@shared/store-settings/store-info-schema';
import { SOCIAL_NETWORK_NAMES, SOCIAL_NETWORKS } from '@shared/store-settings/social-links';
import { formatWhatsappNumber } from '@shared/store-settings/whatsapp';
import { Button } from '@client/components/ui/button';
import { FormField } from '@client/components/ui/form-field';
import { Input, Textarea } from '@client/components/ui/input';
import { errorText } from '@client/lib/error-text';
import { setFieldErrors } from '@client/lib/form-errors';
import { toast } from '@client/lib/notify';
import { LogoUpload } from './logo-upload';
import { storeSettingsQuery, useSaveSettings } from './store-settings-queries';

type Form = z.input<typeof storeInfoSettingsSchema>;

const FIELDS = [
  ['storeName', 'Store name', 'Shown in the header and the page title.'],
  ['companyName', 'Company name', 'Your legal name, used in the policies and the footer.'],
  ['companyAddress', 'Company address', 'Postal address with PIN code.'],
  ['companyEmail', 'Company e-mail', undefined],
  ['companyPhone', 'Company phone', 'e.g. +91 98290 41736'],
  [
    'supportHours',
    'Support hours',
    `When you answer the phone and e-mail; the contact page and the policies say it. Empty: '${SUPPORT_HOURS_DEFAULT}'.`,
  ],
] as const;

export function StoreInfoForm({ settings }: { settings: StoreSettings['storeInfo'] }) {
  const queryClient = useQueryClient();
  const form = useForm<Form, unknown, StoreInfoSettings>({
    resolver: zodResolver(storeInfoSettingsSchema),
    defaultValues: {
      storeName: settings.storeName ?? '',
      companyName: settings.companyName ?? '',
      companyAddress: settings.companyAddress ?? '',
      companyEmail: settings.companyEmail ?? '',
      companyPhone: settings.companyPhone ?? '',
      description: settings.description ?? '',
      whatsappNumber: settings.whatsappNumber ? formatWhatsappNumber(settings.whatsappNumber) : '',
      supportHours: settings.supportHours ?? '',
      socialLinks: Object.fromEntries(
        SOCIAL_NETWORKS.map((network) => [network, settings.socialLinks[network] ?? '']),
      ) as Form['socialLinks'],
    },
  });
  const save = useSaveSettings<StoreInfoSettings>('store-info', 'Store info saved', (error) => {
    const names = [
      ...Object.keys(storeInfoSettingsSchema.shape),
      ...SOCIAL_NETWORKS.map((network) => `socialLinks.${network}`),
    ] as Path<Form>[];
    if (setFieldErrors(error, form.setError, names).shown.length === 0) toast.error(errorText(error));
  });
  const errors = form.formState.errors;
  return (
    <form
      noValidate
      aria-labelledby="store-info-title"
      className="flex flex-col gap-3"
      onSubmit={form.handleSubmit((body) => save.mutate(body))}
    >
      <h2 id="store-info-title" className="font-semibold">
        Store info
      </h2>
      {FIELDS.map(([name, label, hint]) => (
        <FormField key={name} id={`settings-${name}`} label={label} hint={hint} error={errors[name]?.message}>
          {(control) => (
            <Input {...control} type={name === 'companyEmail' ? 'email' : 'text'} {...form.register(name)} />
          )}
        </FormField>
      ))}
      <FormField
        id="settings-description"
        label="Description"
        hint="One or two sentences about the shop."
        error={errors.description?.message}
      >
        {(control) => <Textarea {...control} rows={3} {...form.register('description')} />}
      </FormField>
      <FormField
        id="settings-whatsappNumber"
        label="WhatsApp number"
        hint="An Indian mobile number. Shoppers get 'Ask on WhatsApp' and 'Share order' links; leave empty for none."
        error={errors.whatsappNumber?.message}
      >
        {(control) => <Input {...control} type="tel" inputMode="tel" {...form.register('whatsappNumber')} />}
      </FormField>
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-1 text-sm font-semibold">Social accounts</legend>
        <p className="text-xs text-stone-500">
          Links to your pages, e.g. https://www.instagram.com/yourshop. Shown under 'Follow Us' on the contact
          page; leave empty for none.
        </p>
        {SOCIAL_NETWORKS.map((network) => (
          <FormField
            key={network}
            id={`settings-social-${network}`}
            label={SOCIAL_NETWORK_NAMES[network]}
            error={errors.socialLinks?.[network]?.message}
          >
            {(control) => (
              <Input {...control} type="url" inputMode="url" {...form.register(`socialLinks.${network}`)} />
            )}
          </FormField>
        ))}
      </fieldset>
      {/* The logo is sent on its own (an image upload), not with this form's fields. */}
      <LogoUpload
        currentUrl={settings.companyLogoUrl}
        onUploaded={() => void queryClient.invalidateQueries({ queryKey: storeSettingsQuery().queryKey })}
      />
      <Button type="submit" disabled={save.isPending}>
        Save store info
      </Button>
    </form>
  );
}
