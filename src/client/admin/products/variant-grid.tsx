/**
 * The variants on screen (docs/admin.md "Product"): a compact Size × Colour grid — a row per size (smallest
 * first), a column per colour, or the other way round when there are more colours than sizes — whose cells
 * hold a variant's stock and price (blank: the product's), an empty cell (with 'Add') for a combination the
 * product does not sell; or, for a product with one option (only sizes, or only colours as fabric by the
 * metre often has), a simple list. Every control is named for its variant ('Stock, M / Mustard'); a new
 * variant is highlighted and described as 'New'. Many columns scroll inside the grid, never the page.
 */
import { Ellipsis, Plus } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@client/lib/utils';
import { comboKey, comboLabel, type Combo, type Row } from './variant-rows';

/** What a cell can do to its row. */
export type RowActions = {
  change: (key: number, changes: Partial<Pick<Row, 'price' | 'stock' | 'tracked' | 'variant'>>) => void;
  add: (combo: Combo) => void;
  toggle: (key: number) => void;
  /** Opens (or closes) the variant's details: SKU, not tracked, removal. */
  open: (key: number) => void;
};

type ListProps = {
  rows: Row[];
  selected: Set<number>;
  openKey: number | null;
  unit: 'piece' | 'm';
  /** The product's price in rupees, shown in a blank price field. */
  productPrice: number | null | undefined;
  /** Rows the form refused (their cells are marked invalid). */
  errorKeys: Set<number>;
  actions: RowActions;
};

const priceHint = (productPrice: number | null | undefined) =>
  productPrice === null || productPrice === undefined || Number.isNaN(productPrice)
    ? ''
    : String(productPrice);

/** The 'New' badge of a variant added in this form (its stock input is described by it). */
function NewBadge({ row }: { row: Row }) {
  if (!row.isNew) return null;
  return (
    <span id={`new-${row.key}`} className="badge self-start bg-amber-200 px-1.5 text-[11px] text-amber-950">
      New
    </span>
  );
}

/** The stock and price inputs of one variant, described as 'New' / 'not tracked' when they are. */
function VariantInputs({ row, props }: { row: Row; props: ListProps }) {
  const label = comboLabel(row.size, row.color);
  const invalid = props.errorKeys.has(row.key);
  const describedBy = [row.isNew && `new-${row.key}`, !row.tracked && `untracked-${row.key}`]
    .filter(Boolean)
    .join(' ');
  return (
    <>
      {!row.tracked && (
        <span id={`untracked-${row.key}`} className="sr-only">
          Not tracked: sells without limit
        </span>
      )}
      <input
        aria-label={`Stock, ${label}`}
        aria-describedby={describedBy || undefined}
        aria-invalid={invalid || undefined}
        inputMode="decimal"
        autoComplete="off"
        className="field h-8 px-0.5 text-center"
        placeholder={row.tracked ? (props.unit === 'm' ? 'metres' : 'pieces') : '∞'}
        value={row.stock}
        onChange={(event) =>
          props.actions.change(row.key, {
            stock: event.target.value,
            tracked: row.tracked || event.target.value.trim() !== '',
          })
        }
      />
      <input
        aria-label={`Price, ${label}`}
        aria-invalid={invalid || undefined}
        inputMode="decimal"
        autoComplete="off"
        className="field h-8 px-0.5 text-center"
        placeholder={priceHint(props.productPrice)}
        value={row.price}
        onChange={(event) => props.actions.change(row.key, { price: event.target.value })}
      />
    </>
  );
}

/** The select checkbox and the details button of one variant, around `children` (if any). */
function VariantControls({ row, props, children }: { row: Row; props: ListProps; children?: ReactNode }) {
  const label = comboLabel(row.size, row.color);
  return (
    <>
      <input
        type="checkbox"
        aria-label={`Select ${label}`}
        className="size-4"
        checked={props.selected.has(row.key)}
        onChange={() => props.actions.toggle(row.key)}
      />
      {children}
      <button
        type="button"
        aria-label={`Details of ${label}`}
        aria-expanded={props.openKey === row.key}
        className="btn btn-ghost h-6 px-0.5"
        onClick={() => props.actions.open(row.key)}
      >
        <Ellipsis aria-hidden="true" />
      </button>
    </>
  );
}

const cellClass = (row: Row, props: ListProps) =>
  cn(
    'rounded-md border p-0.5',
    row.isNew ? 'border-amber-500 bg-amber-50' : 'border-stone-200',
    props.errorKeys.has(row.key) && 'border-red-500',
    props.openKey === row.key && 'outline-2 outline-brand-600',
  );

/**
 * The grid of a product with sizes and colours: `sizes` (smallest first) and `colors` (in order) as its
 * rows and columns — transposed when there are more colours than sizes — a cell per variant, an empty cell
 * with 'Add …' per combination not sold.
 */
export function VariantGrid(props: ListProps & { sizes: string[]; colors: string[] }) {
  const { sizes, colors } = props;
  const byCombo = new Map(props.rows.map((row) => [comboKey(row.size, row.color), row]));
  const bySize = colors.length <= sizes.length;
  const [lines, columns] = bySize ? [sizes, colors] : [colors, sizes];
  const combo = (line: string, column: string): Combo =>
    bySize ? { size: line, color: column } : { size: column, color: line };
  return (
    <div className="flex flex-col gap-1">
      <p className="text-xs text-stone-600">
        Each cell: stock ({props.unit === 'm' ? 'metres' : 'pieces'}), then price in ₹ (blank: the product's).
        {bySize ? ' Rows: sizes; columns: colours.' : ' Rows: colours; columns: sizes.'}
      </p>
      <div className="overflow-x-auto">
        <table
          aria-label="Variants"
          className="w-full table-fixed border-separate border-spacing-0.5 text-sm"
        >
          <colgroup>
            <col className="w-9" />
            {columns.map((column) => (
              <col key={column} className="w-14" />
            ))}
          </colgroup>
          <thead>
            <tr>
              <td />
              {columns.map((column) => (
                <th
                  key={column}
                  scope="col"
                  className="px-0.5 text-xs font-medium break-words text-stone-700"
                >
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {lines.map((line) => (
              <tr key={line}>
                <th scope="row" className="px-0.5 text-left text-xs font-medium break-words text-stone-700">
                  {line}
                </th>
                {columns.map((column) => {
                  const place = combo(line, column);
                  const row = byCombo.get(comboKey(place.size, place.color));
                  if (!row) {
                    return (
                      <td key={column} className="h-px p-0 align-top">
                        <button
                          type="button"
                          aria-label={`Add ${comboLabel(place.size, place.color)}`}
                          className="btn h-full min-h-24 w-full rounded-md border border-dashed border-stone-300 text-stone-500 hover:bg-stone-50"
                          onClick={() => props.actions.add(place)}
                        >
                          <Plus aria-hidden="true" />
                        </button>
                      </td>
                    );
                  }
                  return (
                    <td key={column} className="p-0 align-top">
                      <div className={cn('flex flex-col gap-0.5', cellClass(row, props))}>
                        <div className="flex items-center justify-between">
                          <VariantControls row={row} props={props} />
                        </div>
                        <NewBadge row={row} />
                        <VariantInputs row={row} props={props} />
                      </div>
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/** The list of a product with one option (only sizes, or only colours): a line per variant. */
export function VariantList(props: ListProps) {
  return (
    <div className="flex flex-col gap-1">
      <p className="text-xs text-stone-600">
        Per variant: stock ({props.unit === 'm' ? 'metres' : 'pieces'}), then price in ₹ (blank: the
        product's).
      </p>
      <ul aria-label="Variants" className="flex flex-col gap-1">
        {props.rows.map((row) => (
          <li
            key={row.key}
            className={cn(
              'grid grid-cols-[auto_1fr_4.5rem_5.5rem_auto] items-center gap-2',
              cellClass(row, props),
            )}
          >
            <VariantControls row={row} props={props}>
              <span className="flex min-w-0 flex-wrap items-center gap-1 font-medium break-words">
                {comboLabel(row.size, row.color)}
                <NewBadge row={row} />
              </span>
              <VariantInputs row={row} props={props} />
            </VariantControls>
          </li>
        ))}
      </ul>
    </div>
  );
}
