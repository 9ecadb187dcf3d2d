/**
 * The editor's options and variant matrix (docs/admin.md "Product"): the Size values (listed smallest first)
 * and the Colour values in order, typed as comma lists, 'Generate' making every Size × Colour combination
 * (rows that exist are kept with their SKU, price and stock; rows of values no longer listed go), and per row
 * the SKU, its own price in rupees (blank: the product's) and stock in the product's unit (blank: not
 * tracked). Rows can be selected to set the stock of many at once, and removed. Rows stack on a phone; nothing
 * scrolls sideways.
 */
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { AdminProductInput } from '@shared/admin/admin-product-editor-schemas';
import { fieldLabel } from '@shared/admin/change-text';
import { Button } from '@client/components/ui/button';
import { FormField } from '@client/components/ui/form-field';
import { FieldError, Input } from '@client/components/ui/input';
import { toast } from '@client/lib/notify';
import { listOf, rowOf, variantOf, generateRows, variantSku, type Row } from './variant-rows';

type Form = UseFormReturn<AdminProductInput>;

/** A row field's message in words: 'Stock must be a whole number'; a whole sentence ('Sale price must …') as is. */
const fieldMessage = (key: string, message: string | undefined) =>
  message === undefined ? undefined : /^[A-Z]/.test(message) ? message : `${fieldLabel(key)} ${message}`;

type OptionFieldProps = { form: Form; name: 'sizes' | 'colors'; label: string; hint: string };

function OptionField({ form, name, label, hint }: OptionFieldProps) {
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
    <FormField id={`option-${name}`} label={label} hint={hint} error={messages.join('; ') || undefined}>
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
  const [rows, setRows] = useState<Row[]>(() => form.getValues('variants').map(rowOf));
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [bulkStock, setBulkStock] = useState('');
  const unit = form.watch('unit');
  const errors = form.formState.errors.variants;

  /** Shows `next` and hands its variants to the form (validated again once the form was submitted). */
  const update = (next: Row[]) => {
    setRows(next);
    form.setValue('variants', next.map(variantOf), {
      shouldDirty: true,
      shouldValidate: form.formState.isSubmitted,
    });
  };
  const change = (key: number, changes: Partial<Pick<Row, 'price' | 'stock'>> & { sku?: string }) =>
    update(
      rows.map((row) =>
        row.key !== key
          ? row
          : {
              ...row,
              ...changes,
              variant: changes.sku === undefined ? row.variant : { ...row.variant, sku: changes.sku },
            },
      ),
    );
  const generate = () => {
    const sizes = form.getValues('sizes');
    const colors = form.getValues('colors');
    if (sizes.length === 0 && colors.length === 0) {
      toast.error('List sizes or colours first');
      return;
    }
    const productSku = form.getValues('sku') || 'SKU';
    const next = generateRows(sizes, colors, rows, (size, color) =>
      rowOf({ sku: variantSku(productSku, size, color), size, color, stock: null, regularPrice: null }),
    );
    const kept = next.filter((row) => rows.includes(row)).length;
    update(next);
    setSelected(new Set());
    toast.success(
      `${next.length} variants: ${next.length - kept} new` +
        (rows.length > kept ? `, ${rows.length - kept} removed` : ''),
    );
  };
  const setStockOfSelected = () => {
    update(rows.map((row) => (selected.has(row.key) ? { ...row, stock: bulkStock.trim() } : row)));
    toast.success(`Stock set for ${selected.size} variants`);
  };
  const toggle = (key: number) =>
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
      <OptionField form={form} name="sizes" label="Sizes" hint="Separated by commas; listed smallest first" />
      <OptionField form={form} name="colors" label="Colours" hint="In order, separated by commas" />
      <Button type="button" variant="secondary" onClick={generate}>
        Generate variants
      </Button>
      <FieldError>{errors?.message}</FieldError>
      {rows.length > 0 && (
        <div className="flex flex-wrap items-end gap-2 rounded-md bg-stone-50 p-2 text-sm">
          <label className="flex items-center gap-2">
            <input
              type="checkbox"
              checked={rows.length > 0 && selected.size === rows.length}
              onChange={(event) =>
                setSelected(event.target.checked ? new Set(rows.map((row) => row.key)) : new Set())
              }
            />
            Select all ({selected.size}/{rows.length})
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
        {rows.map((row, index) => {
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
                ).map((key) => fieldMessage(key, rowErrors[key]?.message)),
              ].filter(Boolean)
            : [];
          const label = [row.size, row.color].filter(Boolean).join(' / ') || 'Variant';
          return (
            <li
              key={row.key}
              aria-label={label}
              className="grid grid-cols-[auto_1fr_auto] items-center gap-x-2 gap-y-1 rounded-md border border-stone-200 p-2 text-sm sm:grid-cols-[auto_8rem_1fr_6rem_6rem_auto]"
            >
              <input
                type="checkbox"
                aria-label={`Select ${label}`}
                checked={selected.has(row.key)}
                onChange={() => toggle(row.key)}
              />
              <span className="font-medium">{label}</span>
              <Button
                type="button"
                size="sm"
                variant="ghost"
                aria-label={`Remove ${label}`}
                className="sm:order-last"
                onClick={() => {
                  update(rows.filter((other) => other.key !== row.key));
                  setSelected((current) => new Set([...current].filter((key) => key !== row.key)));
                }}
              >
                <Trash2 aria-hidden="true" />
              </Button>
              <div className="col-span-3 grid grid-cols-2 gap-2 text-xs text-stone-500 sm:grid-cols-[1fr_7rem_7rem]">
                <label className="col-span-2 flex flex-col gap-0.5 sm:col-span-1">
                  SKU
                  <Input
                    aria-label={`SKU of ${label}`}
                    autoComplete="off"
                    className="font-mono"
                    value={row.variant.sku}
                    onChange={(event) => change(row.key, { sku: event.target.value })}
                  />
                </label>
                <label className="flex flex-col gap-0.5">
                  Price (₹)
                  <Input
                    aria-label={`Price of ${label} (₹)`}
                    placeholder="product's"
                    inputMode="decimal"
                    value={row.price}
                    onChange={(event) => change(row.key, { price: event.target.value })}
                  />
                </label>
                <label className="flex flex-col gap-0.5">
                  {unit === 'm' ? 'Stock (m)' : 'Stock'}
                  <Input
                    aria-label={`Stock of ${label}`}
                    placeholder="untracked"
                    inputMode="decimal"
                    value={row.stock}
                    onChange={(event) => change(row.key, { stock: event.target.value })}
                  />
                </label>
              </div>
              <FieldError className="col-span-3 text-xs sm:col-span-6">
                {messages.join('; ') || undefined}
              </FieldError>
            </li>
          );
        })}
      </ul>
      {rows.length === 0 && (
        <p className="text-sm text-stone-500">
          No variants: the product keeps one stock. List sizes and colours, then Generate.
        </p>
      )}
    </section>
  );
}
