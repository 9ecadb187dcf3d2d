/**
 * The editor's options and variant matrix (docs/admin.md "Product"): the Size and Colour values in order
 * (typed as comma lists), 'Generate' making every Size × Colour combination (rows that exist are kept with
 * their SKU, price and stock; rows of values no longer listed go), and per row the SKU, its own price in
 * rupees (blank: the product's) and stock in the product's unit (blank: not tracked). Rows can be selected to
 * set the stock of many at once, and removed. Rows stack on a phone; nothing scrolls sideways.
 */
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useFieldArray, type UseFormReturn } from 'react-hook-form';
import type { AdminProductInput, AdminVariantInput } from '@shared/admin/admin-product-editor-schemas';
import { Button } from '@client/components/ui/button';
import { FormField } from '@client/components/ui/form-field';
import { Input } from '@client/components/ui/input';
import { toast } from '@client/lib/notify';
import { numberOrNull } from './product-form-values';

type Form = UseFormReturn<AdminProductInput>;

/** 'S, M , L' → ['S', 'M', 'L'] (blank entries dropped, order kept). */
const listOf = (text: string) =>
  text
    .split(',')
    .map((value) => value.trim())
    .filter(Boolean);

/** A new row's SKU: the product's, then the size and colour in capitals, other characters as dashes. */
export function variantSku(productSku: string, size: string | undefined, color: string | undefined): string {
  return [productSku, size, color]
    .filter(Boolean)
    .join('-')
    .toUpperCase()
    .replace(/[^A-Z0-9._-]+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 64);
}

const comboKey = (size: string | null | undefined, color: string | null | undefined) =>
  `${(size ?? '').toLowerCase()}\u0000${(color ?? '').toLowerCase()}`;

/**
 * Every combination of `sizes` × `colors` (sizes outer, both in order), taking the row of `current` with that
 * size and colour (letter case ignored) where there is one, else a new row.
 */
export function generateRows(
  sizes: string[],
  colors: string[],
  current: AdminVariantInput[],
  productSku: string,
): AdminVariantInput[] {
  const byCombo = new Map(current.map((row) => [comboKey(row.size, row.color), row]));
  const sizeList: (string | undefined)[] = sizes.length > 0 ? sizes : [undefined];
  const colorList: (string | undefined)[] = colors.length > 0 ? colors : [undefined];
  return sizeList.flatMap((size) =>
    colorList.map(
      (color) =>
        byCombo.get(comboKey(size, color)) ?? {
          sku: variantSku(productSku, size, color),
          size,
          color,
          stock: null,
          regularPrice: null,
        },
    ),
  );
}

function OptionField({ form, name, label }: { form: Form; name: 'sizes' | 'colors'; label: string }) {
  const [text, setText] = useState(() => form.getValues(name).join(', '));
  const errors = form.formState.errors[name];
  const messages = Array.isArray(errors)
    ? errors.flatMap((error, index) =>
        error?.message ? [`${form.getValues(name)[index]}: ${error.message}`] : [],
      )
    : errors?.message
      ? [errors.message]
      : [];
  return (
    <FormField
      id={`option-${name}`}
      label={label}
      hint="In order, separated by commas"
      error={messages.join('; ') || undefined}
    >
      {(control) => (
        <Input
          {...control}
          value={text}
          autoComplete="off"
          onChange={(event) => {
            setText(event.target.value);
            form.setValue(name, listOf(event.target.value), { shouldDirty: true });
          }}
        />
      )}
    </FormField>
  );
}

export function VariantMatrix({ form }: { form: Form }) {
  const { fields, replace, remove } = useFieldArray({
    control: form.control,
    name: 'variants',
    keyName: 'rowKey',
  });
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [bulkStock, setBulkStock] = useState('');
  const unit = form.watch('unit');
  const errors = form.formState.errors.variants;

  const generate = () => {
    const sizes = form.getValues('sizes');
    const colors = form.getValues('colors');
    if (sizes.length === 0 && colors.length === 0) {
      toast.error('List sizes or colours first');
      return;
    }
    const current = form.getValues('variants');
    const next = generateRows(sizes, colors, current, form.getValues('sku') || 'SKU');
    const kept = next.filter((row) => current.includes(row)).length;
    replace(next);
    setSelected(new Set());
    toast.success(
      `${next.length} variants: ${next.length - kept} new` +
        (current.length > kept ? `, ${current.length - kept} removed` : ''),
    );
  };
  const setStockOfSelected = () => {
    const stock = numberOrNull(bulkStock);
    fields.forEach((field, index) => {
      if (selected.has(field.rowKey)) {
        form.setValue(`variants.${index}.stock`, stock, {
          shouldDirty: true,
          shouldValidate: form.formState.isSubmitted,
        });
      }
    });
    toast.success(`Stock set for ${selected.size} variants`);
  };
  const toggle = (key: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });

  return (
    <section
      aria-labelledby="variants-title"
      className="flex flex-col gap-3 rounded-lg border border-stone-200 bg-white p-3"
    >
      <h2 id="variants-title" className="font-semibold">
        Options and variants
      </h2>
      <OptionField form={form} name="sizes" label="Sizes" />
      <OptionField form={form} name="colors" label="Colours" />
      <Button type="button" variant="secondary" onClick={generate}>
        Generate variants
      </Button>
      {errors?.message && (
        <p role="alert" className="text-sm text-red-600">
          {errors.message}
        </p>
      )}
      {fields.length > 0 && (
        <div className="flex flex-wrap items-end gap-2 rounded-md bg-stone-50 p-2 text-sm">
          <label className="flex items-center gap-2">
            <input
              type="checkbox"
              checked={selected.size === fields.length}
              onChange={(event) =>
                setSelected(event.target.checked ? new Set(fields.map((field) => field.rowKey)) : new Set())
              }
            />
            Select all ({selected.size}/{fields.length})
          </label>
          <div className="flex flex-1 items-center gap-2">
            <Input
              aria-label="Stock for the selected variants"
              inputMode="decimal"
              className="w-24"
              placeholder={unit === 'm' ? 'metres' : 'pieces'}
              value={bulkStock}
              onChange={(event) => setBulkStock(event.target.value)}
            />
            <Button
              type="button"
              size="sm"
              variant="outline"
              disabled={selected.size === 0}
              onClick={setStockOfSelected}
            >
              Set stock
            </Button>
          </div>
        </div>
      )}
      <ul aria-label="Variants" className="flex flex-col gap-2">
        {fields.map((field, index) => {
          const rowErrors = errors?.[index];
          const messages = rowErrors
            ? [
                rowErrors.message,
                ...(
                  [
                    'sku',
                    'regularPrice',
                    'discountedPrice',
                    'stock',
                    'size',
                    'color',
                    'id',
                    'imgUrl',
                  ] as const
                ).map((key) => (rowErrors[key]?.message ? `${key}: ${rowErrors[key]?.message}` : undefined)),
              ].filter(Boolean)
            : [];
          const label = [field.size, field.color].filter(Boolean).join(' / ') || 'Variant';
          return (
            <li
              key={field.rowKey}
              aria-label={label}
              className="grid grid-cols-[auto_1fr_auto] items-center gap-x-2 gap-y-1 rounded-md border border-stone-200 p-2 text-sm sm:grid-cols-[auto_8rem_1fr_6rem_6rem_auto]"
            >
              <input
                type="checkbox"
                aria-label={`Select ${label}`}
                checked={selected.has(field.rowKey)}
                onChange={() => toggle(field.rowKey)}
              />
              <span className="font-medium">{label}</span>
              <Button
                type="button"
                size="sm"
                variant="ghost"
                aria-label={`Remove ${label}`}
                className="sm:order-last"
                onClick={() => {
                  remove(index);
                  setSelected((current) => new Set([...current].filter((key) => key !== field.rowKey)));
                }}
              >
                <Trash2 aria-hidden="true" />
              </Button>
              <div className="col-span-3 grid grid-cols-[1fr_5.5rem_5rem] gap-2 sm:col-span-3 sm:grid-cols-[1fr_6rem_6rem]">
                <Input
                  aria-label={`SKU of ${label}`}
                  autoComplete="off"
                  className="font-mono"
                  {...form.register(`variants.${index}.sku`)}
                />
                <Input
                  aria-label={`Price of ${label} (₹)`}
                  placeholder="₹ product"
                  inputMode="decimal"
                  {...form.register(`variants.${index}.regularPrice`, { setValueAs: numberOrNull })}
                />
                <Input
                  aria-label={`Stock of ${label}`}
                  placeholder="untracked"
                  inputMode="decimal"
                  {...form.register(`variants.${index}.stock`, { setValueAs: numberOrNull })}
                />
              </div>
              {messages.length > 0 && (
                <p role="alert" className="col-span-3 text-xs text-red-600 sm:col-span-6">
                  {messages.join('; ')}
                </p>
              )}
            </li>
          );
        })}
      </ul>
      {fields.length === 0 && (
        <p className="text-sm text-stone-500">
          No variants: the product keeps one stock. List sizes and colours, then Generate.
        </p>
      )}
    </section>
  );
}
