/**
 * One variant's details under the grid (docs/admin.md "Product"), opened from its cell: its SKU, its sale
 * price when it has one (cleared here), whether its stock is tracked — 'Not tracked' is the owner's explicit
 * choice and sells without limit — and removing it.
 */
import { Trash2 } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { formatRupees } from '@shared/money';
import { Button } from '@client/components/ui/button';
import { Input } from '@client/components/ui/input';
import { comboLabel, type Row } from './variant-rows';

type Props = {
  row: Row;
  unit: 'piece' | 'm';
  onChange: (changes: Partial<Pick<Row, 'stock' | 'tracked' | 'variant'>>) => void;
  onRemove: () => void;
  onClose: () => void;
};

/**
 * The details of the variant of `row`: SKU, sale price, not tracked, remove. Opening them moves the focus
 * (and the page) to the SKU; 'Done' gives the focus back to the cell's details button.
 */
export function VariantDetails({ row, unit, onChange, onRemove, onClose }: Props) {
  const label = comboLabel(row.size, row.color);
  const sku = useRef<HTMLInputElement>(null);
  useEffect(() => sku.current?.focus(), [row.key]);
  const close = () => {
    onClose();
    document.querySelector<HTMLElement>(`[aria-label="${CSS.escape(`Details of ${label}`)}"]`)?.focus();
  };
  const sale = row.variant.discountedPrice;
  return (
    <div
      role="group"
      aria-labelledby={`details-${row.key}`}
      className="flex flex-col gap-2 rounded-md border border-brand-600 p-2 text-sm"
    >
      <h3 id={`details-${row.key}`} className="font-medium">
        {label}
      </h3>
      <label className="flex flex-col gap-0.5 text-xs text-stone-600">
        SKU
        <Input
          ref={sku}
          aria-label={`SKU of ${label}`}
          autoComplete="off"
          className="font-mono"
          value={row.variant.sku}
          onChange={(event) => onChange({ variant: { ...row.variant, sku: event.target.value } })}
        />
      </label>
      {sale != null && (
        <div className="flex items-center justify-between gap-2">
          <span>Sale price {formatRupees(sale)}</span>
          <Button
            type="button"
            size="sm"
            variant="outline"
            onClick={() => onChange({ variant: { ...row.variant, discountedPrice: null } })}
          >
            Clear sale price
          </Button>
        </div>
      )}
      <label className="flex items-center gap-2">
        <input
          type="checkbox"
          className="size-4"
          checked={!row.tracked}
          onChange={(event) =>
            onChange(event.target.checked ? { tracked: false, stock: '' } : { tracked: true, stock: '0' })
          }
        />
        Not tracked: sells without limit (no stock count in {unit === 'm' ? 'metres' : 'pieces'})
      </label>
      <div className="flex gap-2">
        <Button type="button" size="sm" variant="destructive" onClick={onRemove}>
          <Trash2 aria-hidden="true" />
          Remove {label}
        </Button>
        <Button type="button" size="sm" variant="ghost" className="ml-auto" onClick={close}>
          Done
        </Button>
      </div>
    </div>
  );
}
