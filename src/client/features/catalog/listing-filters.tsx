/**
 * The listing's filter groups, shown in the side panel on wide screens and in the bottom sheet on phones:
 * category, size (smallest first), colour and fabric with the number of products each value would give (the
 * server counts each facet with its own choice left out, so a shopper can widen it), and the price range.
 * Every change goes into the URL through `onChange`; chosen values stay listed, with their count, even when the
 * current results hold none of them, so they can be unticked here as well as from their chip.
 */
import { useId, useState } from 'react';
import type { FacetValue, ProductFacets } from '@shared/catalog/product-schema';
import { compareSizes } from '@shared/catalog/size-order';
import { Skeleton } from '@client/components/ui/skeleton';
import { toggleCategory, toggleFilterValue } from '@client/lib/catalog/listing-changes';
import type { ListingState, MultiValueFilter } from '@client/lib/catalog/listing-state';
import { cn } from '@client/lib/utils';
import { PriceRangeFilter } from './price-range-filter';

/** Values a facet shows before 'Show all'. */
export const FACET_VALUES_SHOWN = 8;

type FacetGroupProps = {
  title: string;
  values: FacetValue[];
  isChosen(value: string): boolean;
  chosen: string[];
  onToggle(value: string): void;
  /** The values' order when not the server's (sizes: their natural order, so a chosen one sits in place). */
  compare?: ((a: string, b: string) => number) | undefined;
};

/**
 * The values to list: the facet's own, then any chosen value the facet lacks (count 0), so a choice can
 * always be undone where it was made; with `compare`, all of them in its order.
 */
export function facetValuesWithChosen(
  values: FacetValue[],
  chosen: string[],
  compare?: (a: string, b: string) => number,
): FacetValue[] {
  const listed = new Set(values.map((item) => item.value.toLowerCase()));
  const missing = chosen
    .filter((value) => !listed.has(value.toLowerCase()))
    .map((value) => ({ value, count: 0 }));
  const all = [...values, ...missing];
  return compare ? all.sort((a, b) => compare(a.value, b.value)) : all;
}

function FacetGroup({ title, values, isChosen, chosen, onToggle, compare }: FacetGroupProps) {
  const [expanded, setExpanded] = useState(false);
  const listId = useId();
  const all = facetValuesWithChosen(values, chosen, compare);
  if (all.length === 0) return null;
  // Chosen values are never hidden behind 'Show all'.
  const shown = expanded
    ? all
    : all.filter((item, index) => index < FACET_VALUES_SHOWN || isChosen(item.value));
  return (
    <fieldset className="border-t border-stone-200 py-4 first:border-t-0 first:pt-0">
      <legend className="float-left mb-2 w-full text-sm font-semibold text-stone-900">{title}</legend>
      <ul id={listId} className="clear-both flex flex-col gap-1">
        {shown.map((item) => (
          <li key={item.value}>
            <label className="flex min-h-9 cursor-pointer items-center gap-2.5 rounded-md px-1 text-sm text-stone-700 hover:bg-brand-50">
              <input
                type="checkbox"
                className="size-4 shrink-0 accent-brand-700"
                checked={isChosen(item.value)}
                onChange={() => onToggle(item.value)}
              />
              <span className="min-w-0 flex-1 truncate">{item.value}</span>{' '}
              <span className="text-xs text-stone-500 tabular-nums">({item.count})</span>
            </label>
          </li>
        ))}
      </ul>
      {all.length > shown.length || expanded ? (
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={listId}
          className="mt-1 px-1 text-sm font-medium text-brand-700 hover:underline"
          onClick={() => setExpanded(!expanded)}
        >
          {expanded ? 'Show fewer' : `Show all ${all.length}`}
        </button>
      ) : null}
    </fieldset>
  );
}

const MULTI_FACETS: {
  filter: Exclude<MultiValueFilter, 'gender'>;
  title: string;
  compare?: (a: string, b: string) => number;
}[] = [
  { filter: 'size', title: 'Size', compare: compareSizes },
  { filter: 'color', title: 'Colour' },
  { filter: 'fabric', title: 'Fabric' },
];

type ListingFiltersProps = {
  state: ListingState;
  /** The facets of the current results; null until the first answer. */
  facets: ProductFacets | null;
  onChange(next: ListingState): void;
  className?: string;
};

export function ListingFilters({ state, facets, onChange, className }: ListingFiltersProps) {
  if (!facets) return <ListingFiltersSkeleton className={className} />;
  const same = (chosen: string[]) => (value: string) =>
    chosen.some((item) => item.toLowerCase() === value.toLowerCase());
  const category = state.category ? [state.category] : [];
  return (
    <div className={cn('flex flex-col', className)}>
      <FacetGroup
        title="Category"
        values={facets.category}
        chosen={category}
        isChosen={same(category)}
        onToggle={(value) => onChange(toggleCategory(state, value))}
      />
      {MULTI_FACETS.map(({ filter, title, compare }) => (
        <FacetGroup
          key={filter}
          title={title}
          values={facets[filter]}
          chosen={state[filter]}
          isChosen={same(state[filter])}
          onToggle={(value) => onChange(toggleFilterValue(state, filter, value))}
          compare={compare}
        />
      ))}
      <PriceRangeFilter state={state} span={facets.price} onChange={onChange} />
    </div>
  );
}

/** Placeholder groups of the panel's usual height while the first answer loads (no layout shift). */
function ListingFiltersSkeleton({ className }: { className?: string }) {
  return (
    <div aria-hidden="true" className={cn('flex flex-col gap-6', className)}>
      {[4, 6, 6, 4].map((rows, group) => (
        <div key={group} className="flex flex-col gap-3">
          <Skeleton className="h-4 w-1/3" />
          {Array.from({ length: rows }, (_, row) => (
            <Skeleton key={row} className="h-5 w-full" />
          ))}
        </div>
      ))}
    </div>
  );
}
