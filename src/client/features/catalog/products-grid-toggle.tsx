/**
 * The listing's grid toggle (docs/product.md §2 "Products page", §9): 3 columns (up to 4 on wide screens) or 2, default
 * 3; hidden under 768 px, where the grid always has 2 columns.
 */
import { Columns2, Columns3 } from 'lucide-react';
import { cn } from '@client/lib/utils';

export type GridColumns = 2 | 3;

/** Grid default: 3 columns (docs/product.md §9). */
export const DEFAULT_GRID_COLUMNS: GridColumns = 3;

/** Grid classes per choice: phones always get 2 columns. */
export const GRID_CLASSES: Record<GridColumns, string> = {
  3: 'grid-cols-2 md:grid-cols-3 xl:grid-cols-4',
  2: 'grid-cols-2',
};

const OPTIONS: { columns: GridColumns; label: string; Icon: typeof Columns3 }[] = [
  { columns: 3, label: '3 columns', Icon: Columns3 },
  { columns: 2, label: '2 columns', Icon: Columns2 },
];

export function ProductsGridToggle({
  value,
  onChange,
}: {
  value: GridColumns;
  onChange(columns: GridColumns): void;
}) {
  return (
    <div
      role="group"
      aria-label="Grid layout"
      className="hidden items-center gap-1 rounded-md border border-stone-200 bg-white p-0.5 md:flex"
    >
      {OPTIONS.map(({ columns, label, Icon }) => (
        <button
          key={columns}
          type="button"
          aria-label={label}
          aria-pressed={value === columns}
          title={label}
          onClick={() => onChange(columns)}
          className={cn(
            'inline-flex size-8 items-center justify-center rounded text-stone-500 transition-colors hover:bg-stone-100 hover:text-stone-900',
            value === columns && 'bg-brand-700 text-white hover:bg-brand-700 hover:text-white',
          )}
        >
          <Icon aria-hidden="true" className="size-4" />
        </button>
      ))}
    </div>
  );
}
