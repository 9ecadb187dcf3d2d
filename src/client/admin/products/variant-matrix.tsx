/**
 * The editor's options and variants (docs/admin.md "Product"): the Size values (listed smallest first) and the
 * Colour values in order, typed as comma lists, and the variants as a compact Size × Colour grid (one option
 * alone: a simple list) with each variant's stock and price. 'Generate variants' lists the combinations the
 * product does not sell yet, none ticked, and adds only those the owner ticks; an empty cell adds its own.
 * A new variant starts at stock 0 (tracked) and shows 'New' until edited or saved. Bulk actions set the stock
 * or the price of all or the selected variants. Nothing scrolls the page sideways.
 */
import { useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { AdminProductInput } from '@shared/admin/admin-product-editor-schemas';
import { fieldLabel } from '@shared/admin/change-text';
import { Button } from '@client/components/ui/button';
import { FormField } from '@client/components/ui/form-field';
import { FieldError, Input } from '@client/components/ui/input';
import { toast } from '@client/lib/notify';
import { VariantAddPanel } from './variant-add-panel';
import { VariantBulkActions } from './variant-bulk-actions';
import { VariantDetails } from './variant-details';
import { VariantGrid, VariantList, type RowActions } from './variant-grid';
import {
  comboKey,
  comboLabel,
  gridValues,
  inGridOrder,
  listOf,
  missingCombinations,
  newRow,
  rowOf,
  variantOf,
  type Combo,
  type Row,
} from './variant-rows';

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

const FIELD_NAMES = [
  'sku',
  'regularPrice',
  'discountedPrice',
  'stock',
  'size',
  'color',
  'id',
  'imgUrl',
] as const;

/** The "Options and variants" section of the product editor, bound to `form`'s `sizes`, `colors` and `variants`. */
export function VariantMatrix({ form }: { form: Form }) {
  const [rows, setRows] = useState<Row[]>(() => form.getValues('variants').map(rowOf));
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [openKey, setOpenKey] = useState<number | null>(null);
  const [missing, setMissing] = useState<Combo[] | null>(null);
  const unit = form.watch('unit');
  const sizes = form.watch('sizes');
  const colors = form.watch('colors');
  const productPrice = form.watch('regularPrice');
  const errors = form.formState.errors.variants;

  /** Shows `next` (in the grid's order) and hands its variants to the form (validated again once submitted). */
  const update = (next: Row[]) => {
    const ordered = inGridOrder(next, form.getValues('colors'));
    setRows(ordered);
    form.setValue('variants', ordered.map(variantOf), {
      shouldDirty: true,
      shouldValidate: form.formState.isSubmitted,
    });
  };
  const add = (combos: Combo[]) => {
    const productSku = form.getValues('sku') || 'SKU';
    const have = new Set(rows.map((row) => comboKey(row.size, row.color)));
    const fresh = combos.filter((combo) => !have.has(comboKey(combo.size, combo.color)));
    update([...rows, ...fresh.map((combo) => newRow(productSku, combo))]);
  };
  const actions: RowActions = {
    change: (key, changes) =>
      update(rows.map((row) => (row.key === key ? { ...row, ...changes, isNew: false } : row))),
    add: (combo) => add([combo]),
    toggle: (key) =>
      setSelected((current) => {
        const next = new Set(current);
        if (next.has(key)) next.delete(key);
        else next.add(key);
        return next;
      }),
    open: (key) => setOpenKey((current) => (current === key ? null : key)),
  };
  const remove = (keys: Set<number>) => {
    update(rows.filter((row) => !keys.has(row.key)));
    setSelected((current) => new Set([...current].filter((key) => !keys.has(key))));
    if (openKey !== null && keys.has(openKey)) setOpenKey(null);
  };

  const startGenerate = () => {
    if (sizes.length === 0 && colors.length === 0) {
      toast.error('List sizes or colours first');
      return;
    }
    setMissing(missingCombinations(sizes, colors, rows));
  };

  const axes = gridValues(sizes, colors, rows);
  const gridProps = {
    rows,
    selected,
    openKey,
    unit,
    productPrice,
    errorKeys: new Set(rows.filter((_, index) => errors?.[index]).map((row) => row.key)),
    actions,
  };
  const messages = rows.flatMap((row, index) => {
    const rowErrors = errors?.[index];
    if (!rowErrors) return [];
    const texts = [
      rowErrors.message,
      ...FIELD_NAMES.map((key) => fieldMessage(key, rowErrors[key]?.message)),
    ].filter(Boolean);
    return [`${comboLabel(row.size, row.color)}: ${texts.join('; ')}`];
  });
  const openRow = rows.find((row) => row.key === openKey);

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
      {missing ? (
        <VariantAddPanel
          missing={missing}
          unlisted={rows}
          sizes={sizes}
          colors={colors}
          onAdd={(combos) => {
            add(combos);
            setMissing(null);
            toast.success(
              `${combos.length} ${combos.length === 1 ? 'variant' : 'variants'} added at stock 0`,
            );
          }}
          onRemove={(removed) => {
            remove(new Set(removed.map((row) => row.key)));
            toast.success(`${removed.length} ${removed.length === 1 ? 'variant' : 'variants'} removed`);
          }}
          onClose={() => setMissing(null)}
        />
      ) : (
        <Button type="button" variant="secondary" onClick={startGenerate}>
          Generate variants
        </Button>
      )}
      <FieldError>{errors?.message}</FieldError>
      {rows.length > 0 && (
        <VariantBulkActions
          rows={rows}
          selected={selected}
          unit={unit}
          onSelect={setSelected}
          onChange={(keys, changes, message) => {
            update(rows.map((row) => (keys.has(row.key) ? { ...row, ...changes(row), isNew: false } : row)));
            toast.success(message);
          }}
        />
      )}
      {axes.sizes.length > 0 && axes.colors.length > 0 ? (
        <VariantGrid {...gridProps} sizes={axes.sizes} colors={axes.colors} />
      ) : rows.length > 0 ? (
        <VariantList {...gridProps} />
      ) : (
        <p className="text-sm text-stone-500">
          No variants: the product keeps one stock. List sizes and colours, then Generate.
        </p>
      )}
      {openRow && (
        <VariantDetails
          row={openRow}
          unit={unit}
          onChange={(changes) => actions.change(openRow.key, changes)}
          onRemove={() => {
            remove(new Set([openRow.key]));
            toast.success(`${comboLabel(openRow.size, openRow.color)} removed`);
          }}
          onClose={() => setOpenKey(null)}
        />
      )}
      {messages.length > 0 && (
        <ul aria-label="Problems with variants" className="flex flex-col gap-1 text-sm text-red-600">
          {messages.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
