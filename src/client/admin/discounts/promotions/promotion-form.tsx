/**
 * The promotion form (create and edit): name, percent or rupees off, which products (all, categories by name,
 * products by SKU, comma-separated), start and end in India time, paused. Checked with the shared contract
 * (src/shared/discounts/promotion-schemas.ts) before sending; the server's field errors show under their fields.
 */
import { useMutation } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import {
  promotionInputSchema,
  type AdminPromotion,
  type PromotionValues,
} from '@shared/discounts/promotion-schemas';
import { Button } from '@client/components/ui/button';
import { FormField } from '@client/components/ui/form-field';
import { Input, inputClassName } from '@client/components/ui/input';
import { errorText } from '@client/lib/error-text';
import { setFieldErrors } from '@client/lib/form-errors';
import { toast } from '@client/lib/notify';
import { savePromotion } from './promotion-queries';

/** The form's text values; lists are comma-separated. */
type PromotionForm = {
  name: string;
  kind: 'percent' | 'fixed';
  value: string;
  scope: 'all' | 'categories' | 'products';
  categories: string;
  products: string;
  startsAt: string;
  endsAt: string;
  paused: boolean;
};

const FIELDS = ['name', 'kind', 'value', 'scope', 'categories', 'products', 'startsAt', 'endsAt'] as const;

const listOf = (text: string) =>
  text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);

function formOf(promotion: AdminPromotion | null): PromotionForm {
  return {
    name: promotion?.name ?? '',
    kind: promotion?.kind ?? 'percent',
    value: promotion ? String(promotion.value) : '',
    scope: promotion?.scope ?? 'categories',
    categories: promotion?.categories.join(', ') ?? '',
    products: promotion?.products.join(', ') ?? '',
    startsAt: promotion?.startsAt ?? '',
    endsAt: promotion?.endsAt ?? '',
    paused: promotion?.paused ?? false,
  };
}

/** Creates (`promotion` null) or edits a promotion; `onSaved` after the server accepted it. */
export function PromotionForm({
  promotion,
  onSaved,
  onCancel,
}: {
  promotion: AdminPromotion | null;
  onSaved: (saved: AdminPromotion) => void;
  onCancel: () => void;
}) {
  const form = useForm<PromotionForm>({ defaultValues: formOf(promotion) });
  const { errors } = form.formState;
  const save = useMutation({
    mutationFn: (body: PromotionValues) => savePromotion(promotion?.id ?? null, body),
    onSuccess: (saved) => {
      toast.success(`${saved.name} saved`);
      onSaved(saved);
    },
    onError: (error) => {
      if (setFieldErrors(error, form.setError, FIELDS).shown.length === 0) toast.error(errorText(error));
    },
  });
  const submit = form.handleSubmit((values) => {
    const parsed = promotionInputSchema.safeParse({
      ...values,
      value: values.value.trim() === '' ? Number.NaN : Number(values.value),
      categories: values.scope === 'categories' ? listOf(values.categories) : [],
      products: values.scope === 'products' ? listOf(values.products) : [],
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as (typeof FIELDS)[number];
        if (FIELDS.includes(field)) form.setError(field, { message: issue.message });
      }
      return;
    }
    save.mutate(parsed.data);
  });
  const scope = useWatch({ control: form.control, name: 'scope' });
  const kind = useWatch({ control: form.control, name: 'kind' });
  return (
    <form
      noValidate
      aria-label={promotion ? `Edit ${promotion.name}` : 'New promotion'}
      className="flex flex-col gap-2 rounded-lg border border-stone-200 bg-white p-3"
      onSubmit={submit}
    >
      <FormField id="promotion-name" label="Name" required error={errors.name?.message}>
        {(control) => <Input {...control} placeholder="Diwali sale" {...form.register('name')} />}
      </FormField>
      <div className="grid grid-cols-2 gap-2">
        <FormField id="promotion-kind" label="Takes off" error={errors.kind?.message}>
          {(control) => (
            <select {...control} className={inputClassName} {...form.register('kind')}>
              <option value="percent">Percent</option>
              <option value="fixed">Rupees</option>
            </select>
          )}
        </FormField>
        <FormField
          id="promotion-value"
          label={kind === 'percent' ? 'Percent off' : 'Rupees off each'}
          required
          error={errors.value?.message}
        >
          {(control) => <Input {...control} inputMode="decimal" {...form.register('value')} />}
        </FormField>
      </div>
      <FormField id="promotion-scope" label="Applies to" error={errors.scope?.message}>
        {(control) => (
          <select {...control} className={inputClassName} {...form.register('scope')}>
            <option value="all">All products</option>
            <option value="categories">Some categories</option>
            <option value="products">Some products</option>
          </select>
        )}
      </FormField>
      {scope === 'categories' && (
        <FormField
          id="promotion-categories"
          label="Categories"
          hint="Category names, separated by commas."
          error={errors.categories?.message}
        >
          {(control) => (
            <Input {...control} placeholder="Sarees, Lehengas" {...form.register('categories')} />
          )}
        </FormField>
      )}
      {scope === 'products' && (
        <FormField
          id="promotion-products"
          label="Products"
          hint="Product SKUs, separated by commas."
          error={errors.products?.message}
        >
          {(control) => <Input {...control} {...form.register('products')} />}
        </FormField>
      )}
      <div className="grid grid-cols-2 gap-2">
        <FormField
          id="promotion-starts"
          label="Starts (India time)"
          required
          error={errors.startsAt?.message}
        >
          {(control) => <Input {...control} type="datetime-local" {...form.register('startsAt')} />}
        </FormField>
        <FormField id="promotion-ends" label="Ends (India time)" required error={errors.endsAt?.message}>
          {(control) => <Input {...control} type="datetime-local" {...form.register('endsAt')} />}
        </FormField>
      </div>
      <FormField id="promotion-paused" label="Paused" layout="checkbox">
        {(control) => <input {...control} type="checkbox" {...form.register('paused')} />}
      </FormField>
      <div className="flex gap-2">
        <Button type="submit" disabled={save.isPending}>
          Save promotion
        </Button>
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
