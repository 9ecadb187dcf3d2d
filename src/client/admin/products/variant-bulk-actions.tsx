/**
 * Changing many variants at once (docs/admin.md "Product"): select all (or tick cells), then set the stock
 * (pieces or metres; tracked) or the price in rupees of the selected variants — of all of them when none is
 * selected. Setting a price clears those variants' own sale prices, so no old sale price is left above or
 * near the new price.
 */
import { useState } from 'react';
import { Button } from '@client/components/ui/button';
import { Input } from '@client/components/ui/input';
import type { Row } from './variant-rows';

type Props = {
  rows: Row[];
  selected: Set<number>;
  unit: 'piece' | 'm';
  onSelect: (keys: Set<number>) => void;
  /** Applies `changes` to the rows of `keys` and confirms with `message`. */
  onChange: (keys: Set<number>, changes: (row: Row) => Partial<Row>, message: string) => void;
};

const variants = (count: number) => `${count} ${count === 1 ? 'variant' : 'variants'}`;

/** Select all, and set the stock or price of the selected (or all) variants. */
export function VariantBulkActions({ rows, selected, unit, onSelect, onChange }: Props) {
  const [stock, setStock] = useState('');
  const [price, setPrice] = useState('');
  const targets = selected.size > 0 ? rows.filter((row) => selected.has(row.key)) : rows;
  const keys = new Set(targets.map((row) => row.key));
  const scope = selected.size > 0 ? `${selected.size} selected` : `all ${rows.length}`;
  const onSale = targets.filter((row) => row.variant.discountedPrice != null).length;
  return (
    <div
      role="group"
      aria-label="Change many variants"
      className="flex flex-col gap-2 rounded-md bg-stone-50 p-2 text-sm"
    >
      <label className="flex items-center gap-2">
        <input
          type="checkbox"
          className="size-4"
          checked={selected.size === rows.length}
          onChange={(event) =>
            onSelect(event.target.checked ? new Set(rows.map((row) => row.key)) : new Set())
          }
        />
        Select all ({selected.size}/{rows.length})
      </label>
      <div className="grid grid-cols-[5.5rem_1fr] items-center gap-2">
        <Input
          aria-label={unit === 'm' ? 'Stock to set (metres)' : 'Stock to set (pieces)'}
          inputMode="decimal"
          autoComplete="off"
          className="h-9"
          placeholder={unit === 'm' ? 'metres' : 'pieces'}
          value={stock}
          onChange={(event) => setStock(event.target.value)}
        />
        <Button
          type="button"
          size="sm"
          variant="outline"
          disabled={stock.trim() === ''}
          onClick={() =>
            onChange(
              keys,
              () => ({ stock: stock.trim(), tracked: true }),
              `Stock set for ${variants(keys.size)}`,
            )
          }
        >
          Set stock for {scope}
        </Button>
        <Input
          aria-label="Price to set (₹)"
          inputMode="decimal"
          autoComplete="off"
          className="h-9"
          placeholder="₹"
          value={price}
          onChange={(event) => setPrice(event.target.value)}
        />
        <Button
          type="button"
          size="sm"
          variant="outline"
          disabled={price.trim() === ''}
          onClick={() =>
            onChange(
              keys,
              (row) => ({ price: price.trim(), variant: { ...row.variant, discountedPrice: null } }),
              `Price set for ${variants(keys.size)}` +
                (onSale > 0 ? `; sale price cleared on ${onSale}` : ''),
            )
          }
        >
          Set price for {scope}
        </Button>
      </div>
      {onSale > 0 && (
        <p className="text-xs text-stone-600">
          {onSale === 1 ? '1 of them has a sale price' : `${onSale} of them have a sale price`}; setting the
          price clears it.
        </p>
      )}
    </div>
  );
}
