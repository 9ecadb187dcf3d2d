/**
 * One line of the return request form (./return-request-page.tsx): its checkbox, the quantity (at most what is
 * left), the reason, and 'Refund' or 'Exchange for another size or colour' with the product's sizes and colours
 * at the same price (read from the catalogue; sold-out ones struck and disabled as on the product page).
 */
import { useWatch, type Control, type UseFormRegister } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import { formatRupees } from '@shared/money';
import type { Order } from '@shared/orders/order-schemas';
import { RETURN_REASONS } from '@shared/returns/return-rules';
import { FieldError, Label } from '@client/components/ui/input';
import { productQueryOptions } from '@client/lib/catalog/product-detail-query';
import { variantLabel } from '@client/lib/orders/line-text';
import { cn } from '@client/lib/utils';
import { exchangeChoices, type ReturnFormValues } from './return-request-form';

const selectClass = 'field';
type Item = Order['items'][number];

/** The exchange's size and colour buttons of one line (its product read from the catalogue). */
function ExchangeChoices({
  item,
  value,
  onChange,
  error,
}: {
  item: Item;
  value: string;
  onChange(id: string): void;
  error?: string | undefined;
}) {
  const product = useQuery({
    ...productQueryOptions(item.productId ?? ''),
    enabled: item.productId !== null,
  });
  const choices = product.data ? exchangeChoices(item, product.data.variants) : [];
  return (
    <div role="group" aria-label={`Size or colour instead of ${variantLabel(item.size, item.color)}`}>
      {product.isPending && item.productId !== null ? (
        <p className="text-sm text-stone-600">Loading sizes…</p>
      ) : choices.length === 0 ? (
        <p className="text-sm text-stone-600">No other size or colour is sold at this price.</p>
      ) : (
        <div className="flex flex-wrap gap-2">
          {choices.map((choice) => {
            const label = variantLabel(choice.size, choice.color);
            return (
              <button
                key={choice.id}
                type="button"
                aria-pressed={value === choice.id}
                aria-label={choice.available ? undefined : `${label}, sold out`}
                disabled={!choice.available}
                onClick={() => onChange(choice.id)}
                className={cn(
                  'min-h-10 min-w-12 rounded-md border px-3 text-sm font-medium',
                  !choice.available
                    ? 'cursor-not-allowed border-dashed border-stone-300 bg-stone-50 text-stone-400 line-through'
                    : value === choice.id
                      ? 'border-brand-700 bg-brand-700 text-white'
                      : 'border-stone-300 bg-white text-stone-800 hover:border-brand-600',
                )}
              >
                {label}
              </button>
            );
          })}
        </div>
      )}
      <FieldError className="mt-1">{error}</FieldError>
    </div>
  );
}

export function LineFields({
  item,
  index,
  control,
  register,
  errors,
  exchangesOffered,
  setExchange,
}: {
  item: Item;
  index: number;
  control: Control<ReturnFormValues>;
  register: UseFormRegister<ReturnFormValues>;
  errors: Record<string, string | undefined>;
  exchangesOffered: boolean;
  setExchange(id: string): void;
}) {
  const line = useWatch({ control, name: `lines.${index}` });
  const id = `return-line-${item.id}`;
  const left = item.returnableQuantity ?? 0;
  const variant = variantLabel(item.size, item.color);
  return (
    <li className="rounded-lg border border-stone-200 bg-white p-4" data-testid="return-line">
      <div className="flex items-start gap-3">
        <input
          id={`${id}-selected`}
          type="checkbox"
          className="mt-1 size-5 accent-brand-700"
          aria-invalid={errors.selected ? true : undefined}
          {...register(`lines.${index}.selected`)}
        />
        <Label htmlFor={`${id}-selected`} className="flex-1">
          <span className="block font-medium text-stone-900">{item.productTitle}</span>
          {variant && <span className="block text-sm font-normal text-stone-600">{variant}</span>}
          <span className="block text-sm font-normal text-stone-600">{formatRupees(item.price)} each</span>
        </Label>
      </div>
      <FieldError className="mt-1">{errors.selected}</FieldError>
      {line?.selected && (
        <div className="mt-3 grid gap-3 sm:grid-cols-2">
          <div className="flex flex-col gap-1">
            <Label htmlFor={`${id}-quantity`}>{item.unit === 'm' ? 'Metres' : 'Quantity'}</Label>
            {item.unit === 'm' ? (
              <input
                id={`${id}-quantity`}
                type="number"
                step="0.001"
                min="0"
                max={left}
                className={selectClass}
                {...register(`lines.${index}.quantity`)}
              />
            ) : (
              <select id={`${id}-quantity`} className={selectClass} {...register(`lines.${index}.quantity`)}>
                {Array.from({ length: left }, (_, n) => n + 1).map((n) => (
                  <option key={n} value={String(n)}>
                    {n}
                  </option>
                ))}
              </select>
            )}
            <FieldError>{errors.quantity}</FieldError>
          </div>
          <div className="flex flex-col gap-1">
            <Label htmlFor={`${id}-reason`}>Reason</Label>
            <select
              id={`${id}-reason`}
              className={selectClass}
              aria-invalid={errors.reason ? true : undefined}
              {...register(`lines.${index}.reason`)}
            >
              <option value="">Choose a reason</option>
              {Object.entries(RETURN_REASONS).map(([code, label]) => (
                <option key={code} value={code}>
                  {label}
                </option>
              ))}
            </select>
            <FieldError>{errors.reason}</FieldError>
          </div>
          <fieldset className="flex flex-col gap-2 sm:col-span-2">
            <legend className="field-label mb-1">What would you like?</legend>
            <label className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                value="refund"
                className="size-4 accent-brand-700"
                {...register(`lines.${index}.mode`)}
              />
              Refund
            </label>
            {exchangesOffered && item.variantId !== null && (
              <label className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  value="exchange"
                  className="size-4 accent-brand-700"
                  {...register(`lines.${index}.mode`)}
                />
                Exchange for another size or colour
              </label>
            )}
            {line.mode === 'exchange' && (
              <ExchangeChoices
                item={item}
                value={line.exchangeVariantId}
                onChange={setExchange}
                error={errors.exchangeVariantId}
              />
            )}
          </fieldset>
        </div>
      )}
    </li>
  );
}
