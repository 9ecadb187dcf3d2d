/**
 * The coupon form of the Discounts screen (create and edit; docs/discounts.md): dates are days in India time
 * (a coupon starts at 00:00 IST of its first day and ends at 00:00 IST after its last day), amounts in rupees,
 * categories comma-separated. The server checks the whole form with the shared schema and names each bad
 * field, which shows under its input.
 */
import { useForm, useWatch } from 'react-hook-form';
import type { Coupon, CouponInput } from '@shared/discounts/coupon-schemas';
import { Button } from '@client/components/ui/button';
import { FormField } from '@client/components/ui/form-field';
import { Input } from '@client/components/ui/input';
import { setFieldErrors } from '@client/lib/form-errors';

type CouponFormValues = {
  code: string;
  description: string;
  kind: 'percent' | 'fixed' | 'free_shipping';
  value: string;
  minSubtotal: string;
  maxDiscount: string;
  startsAt: string;
  endsAt: string;
  usageLimit: string;
  perCustomerLimit: string;
  firstOrderOnly: boolean;
  scope: 'all' | 'categories' | 'products';
  categories: string;
  productIds: string;
  excludeSaleItems: boolean;
};

const DAY_MS = 86_400_000;
const IST_MS = 330 * 60_000;
/** A moment as its India day `YYYY-MM-DD`. */
const indiaDay = (iso: string) => new Date(Date.parse(iso) + IST_MS).toISOString().slice(0, 10);
/** 00:00 IST of `day`, as an ISO moment. */
const dayStart = (day: string) => `${day}T00:00:00+05:30`;
const numberOrNull = (text: string) => (text.trim() === '' ? null : Number(text));
const list = (text: string) =>
  text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);

function valuesOf(coupon: Coupon | null): CouponFormValues {
  return {
    code: coupon?.code ?? '',
    description: coupon?.description ?? '',
    kind: coupon?.kind ?? 'percent',
    value: coupon ? String(coupon.value) : '',
    minSubtotal: coupon?.minSubtotal?.toString() ?? '',
    maxDiscount: coupon?.maxDiscount?.toString() ?? '',
    startsAt: coupon ? indiaDay(coupon.startsAt) : indiaDay(new Date().toISOString()),
    // The last day the code works: the day before its end moment.
    endsAt: coupon?.endsAt ? indiaDay(new Date(Date.parse(coupon.endsAt) - DAY_MS).toISOString()) : '',
    usageLimit: coupon?.usageLimit?.toString() ?? '',
    perCustomerLimit: String(coupon?.perCustomerLimit ?? 1),
    firstOrderOnly: coupon?.firstOrderOnly ?? false,
    scope: coupon?.scope ?? 'all',
    categories: coupon?.categories.join(', ') ?? '',
    productIds: coupon?.productIds.join(', ') ?? '',
    excludeSaleItems: coupon?.excludeSaleItems ?? false,
  };
}

function inputOf(values: CouponFormValues): CouponInput {
  const end = values.endsAt ? new Date(Date.parse(dayStart(values.endsAt)) + DAY_MS).toISOString() : null;
  return {
    code: values.code,
    description: values.description,
    kind: values.kind,
    value: values.kind === 'free_shipping' ? 0 : Number(values.value),
    minSubtotal: numberOrNull(values.minSubtotal),
    maxDiscount: values.kind === 'percent' ? numberOrNull(values.maxDiscount) : null,
    startsAt: dayStart(values.startsAt),
    endsAt: end,
    usageLimit: numberOrNull(values.usageLimit),
    perCustomerLimit: Number(values.perCustomerLimit || 1),
    firstOrderOnly: values.firstOrderOnly,
    scope: values.scope,
    categories: values.scope === 'categories' ? list(values.categories) : [],
    productIds: values.scope === 'products' ? list(values.productIds) : [],
    excludeSaleItems: values.excludeSaleItems,
  };
}

const FIELDS = [
  'code',
  'description',
  'kind',
  'value',
  'minSubtotal',
  'maxDiscount',
  'startsAt',
  'endsAt',
  'usageLimit',
  'perCustomerLimit',
  'scope',
  'categories',
  'productIds',
] as const;

export function CouponForm({
  coupon,
  onSave,
  onCancel,
}: {
  /** The coupon edited, or null for a new one. */
  coupon: Coupon | null;
  onSave: (input: CouponInput) => Promise<unknown>;
  onCancel: () => void;
}) {
  const form = useForm<CouponFormValues>({ defaultValues: valuesOf(coupon) });
  const { register, formState } = form;
  const errors = formState.errors;
  const kind = useWatch({ control: form.control, name: 'kind' });
  const scope = useWatch({ control: form.control, name: 'scope' });
  const submit = form.handleSubmit(async (values) => {
    try {
      await onSave(inputOf(values));
    } catch (error) {
      setFieldErrors(error, form.setError, [...FIELDS]);
    }
  });
  return (
    <form
      noValidate
      aria-label={coupon ? `Edit ${coupon.code}` : 'New coupon'}
      className="flex flex-col gap-3 rounded-lg border border-stone-200 bg-white p-3"
      onSubmit={submit}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField
          id="coupon-code"
          label="Code"
          required
          error={errors.code?.message}
          hint="Letters, digits and '-'"
        >
          {(control) => <Input {...control} className="uppercase" {...register('code')} />}
        </FormField>
        <FormField id="coupon-description" label="Description" error={errors.description?.message}>
          {(control) => <Input {...control} {...register('description')} />}
        </FormField>
        <FormField id="coupon-kind" label="Kind" error={errors.kind?.message}>
          {(control) => (
            <select {...control} className="field" {...register('kind')}>
              <option value="percent">Percent off</option>
              <option value="fixed">Amount off (₹)</option>
              <option value="free_shipping">Free shipping</option>
            </select>
          )}
        </FormField>
        {kind !== 'free_shipping' && (
          <FormField
            id="coupon-value"
            label={kind === 'percent' ? 'Percent' : 'Amount (₹)'}
            required
            error={errors.value?.message}
          >
            {(control) => <Input {...control} inputMode="decimal" {...register('value')} />}
          </FormField>
        )}
        <FormField id="coupon-min" label="Minimum subtotal (₹)" error={errors.minSubtotal?.message}>
          {(control) => <Input {...control} inputMode="decimal" {...register('minSubtotal')} />}
        </FormField>
        {kind === 'percent' && (
          <FormField id="coupon-max" label="Maximum discount (₹)" error={errors.maxDiscount?.message}>
            {(control) => <Input {...control} inputMode="decimal" {...register('maxDiscount')} />}
          </FormField>
        )}
        <FormField
          id="coupon-starts"
          label="First day (India time)"
          required
          error={errors.startsAt?.message}
        >
          {(control) => <Input {...control} type="date" {...register('startsAt')} />}
        </FormField>
        <FormField id="coupon-ends" label="Last day (India time)" error={errors.endsAt?.message}>
          {(control) => <Input {...control} type="date" {...register('endsAt')} />}
        </FormField>
        <FormField
          id="coupon-limit"
          label="Uses in all"
          hint="Empty: no limit"
          error={errors.usageLimit?.message}
        >
          {(control) => <Input {...control} inputMode="numeric" {...register('usageLimit')} />}
        </FormField>
        <FormField
          id="coupon-per-customer"
          label="Uses per customer"
          error={errors.perCustomerLimit?.message}
        >
          {(control) => <Input {...control} inputMode="numeric" {...register('perCustomerLimit')} />}
        </FormField>
        <FormField id="coupon-scope" label="Applies to" error={errors.scope?.message}>
          {(control) => (
            <select {...control} className="field" {...register('scope')}>
              <option value="all">All products</option>
              <option value="categories">Some categories</option>
              <option value="products">Some products</option>
            </select>
          )}
        </FormField>
        {scope === 'categories' && (
          <FormField
            id="coupon-categories"
            label="Categories"
            hint="Comma-separated"
            error={errors.categories?.message}
          >
            {(control) => <Input {...control} {...register('categories')} />}
          </FormField>
        )}
        {scope === 'products' && (
          <FormField
            id="coupon-products"
            label="Product ids"
            hint="Comma-separated"
            error={errors.productIds?.message}
          >
            {(control) => <Input {...control} {...register('productIds')} />}
          </FormField>
        )}
      </div>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" {...register('firstOrderOnly')} /> First order only
      </label>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" {...register('excludeSaleItems')} /> Not for items already on sale
      </label>
      <div className="flex gap-2">
        <Button type="submit" disabled={formState.isSubmitting}>
          {coupon ? 'Save coupon' : 'Create coupon'}
        </Button>
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
