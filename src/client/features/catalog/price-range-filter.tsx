/**
 * The listing's price range: lowest and highest price in **rupees** (the price the shopper pays), applied
 * together. Checked with the list query's own rules from the shared contract (a number from 0 with at most
 * 2 decimals, the minimum not above the maximum), so what the form accepts the server accepts too. The
 * placeholders show the span of the current results.
 */
import { useId, useState, type FormEvent } from 'react';
import { formatRupees } from '@shared/money';
import { buttonVariants } from '@client/components/ui/button-variants';
import { FieldError, inputClassName } from '@client/components/ui/input';
import { withPriceRange } from '@client/lib/catalog/listing-changes';
import type { ListingState } from '@client/lib/catalog/listing-state';
import { cn } from '@client/lib/utils';

type PriceErrors = { minPrice?: string; maxPrice?: string };

/**
 * Reads the two fields (rupees as typed; blank = open end) with the list query schema (loaded at the first
 * use: the listing's first load carries no zod).
 * @returns the prices, or the schema's message for each field it refuses.
 */
export async function readPriceRange(
  minText: string,
  maxText: string,
): Promise<{ ok: true; minPrice?: number; maxPrice?: number } | { ok: false; errors: PriceErrors }> {
  const { productListQuerySchema } = await import('@shared/catalog/product-schema');
  const parsed = productListQuerySchema.safeParse({ minPrice: minText.trim(), maxPrice: maxText.trim() });
  if (parsed.success) return { ok: true, minPrice: parsed.data.minPrice, maxPrice: parsed.data.maxPrice };
  const errors: PriceErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if ((field === 'minPrice' || field === 'maxPrice') && !errors[field]) errors[field] = issue.message;
  }
  return { ok: false, errors };
}

type PriceRangeFilterProps = {
  state: ListingState;
  /** Lowest and highest price among the current results, in rupees (null when there are none). */
  span: { min: number | null; max: number | null };
  onChange(next: ListingState): void;
};

export function PriceRangeFilter({ state, span, onChange }: PriceRangeFilterProps) {
  // The fields start from the URL again whenever it changes (Back, Forward, a removed chip).
  const key = `${state.minPrice ?? ''}-${state.maxPrice ?? ''}`;
  return <PriceRangeForm key={key} state={state} span={span} onChange={onChange} />;
}

function PriceRangeForm({ state, span, onChange }: PriceRangeFilterProps) {
  const id = useId();
  const [errors, setErrors] = useState<PriceErrors>({});

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const result = await readPriceRange(
      String(form.get('minPrice') ?? ''),
      String(form.get('maxPrice') ?? ''),
    );
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    onChange(withPriceRange(state, result.minPrice, result.maxPrice));
  };

  const field = (
    name: 'minPrice' | 'maxPrice',
    label: string,
    value?: number,
    placeholder?: number | null,
  ) => (
    <div className="flex min-w-0 flex-1 flex-col gap-1">
      <label htmlFor={`${id}-${name}`} className="text-xs font-medium text-stone-700">
        {label}
      </label>
      <input
        id={`${id}-${name}`}
        name={name}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        defaultValue={value ?? ''}
        placeholder={placeholder === null || placeholder === undefined ? undefined : String(placeholder)}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `${id}-${name}-error` : undefined}
        className={cn(inputClassName, 'h-9')}
      />
      <FieldError id={`${id}-${name}-error`} className="text-xs">
        {errors[name]}
      </FieldError>
    </div>
  );

  return (
    <form
      onSubmit={submit}
      className="border-t border-stone-200 py-4"
      aria-labelledby={`${id}-title`}
      noValidate
    >
      <h3 id={`${id}-title`} className="mb-1 text-sm font-semibold text-stone-900">
        Price
      </h3>
      {span.min !== null && span.max !== null && (
        <p className="mb-2 text-xs text-stone-500">
          {formatRupees(span.min)} – {formatRupees(span.max)} in these results
        </p>
      )}
      <div className="flex items-start gap-2">
        {field('minPrice', 'Min (₹)', state.minPrice, span.min)}
        {field('maxPrice', 'Max (₹)', state.maxPrice, span.max)}
      </div>
      <button type="submit" className={cn(buttonVariants({ variant: 'outline', size: 'sm' }), 'mt-3 w-full')}>
        Apply price
      </button>
    </form>
  );
}
