/**
 * The chosen filters as removable chips above the results, with 'Clear all' (which keeps the search text and
 * the order). Each chip names its group for screen readers: 'Remove filter Colour: Maroon'.
 */
import { X } from 'lucide-react';
import { clearFilters, listingChips } from '@client/lib/catalog/listing-changes';
import type { ListingState } from '@client/lib/catalog/listing-state';

type ActiveFilterChipsProps = { state: ListingState; onChange(next: ListingState): void };

export function ActiveFilterChips({ state, onChange }: ActiveFilterChipsProps) {
  const chips = listingChips(state);
  if (chips.length === 0) return null;
  return (
    <div className="mb-5 flex flex-wrap items-center gap-2">
      <ul aria-label="Chosen filters" className="flex flex-wrap items-center gap-2">
        {chips.map((chip) => (
          <li key={chip.key}>
            <button
              type="button"
              aria-label={`Remove filter ${chip.group}: ${chip.label}`}
              className="inline-flex h-8 items-center gap-1.5 rounded-full border border-brand-200 bg-brand-50 pr-2 pl-3 text-sm text-brand-900 hover:border-brand-600 hover:bg-brand-100"
              onClick={() => onChange(chip.without)}
            >
              {chip.label}
              <X aria-hidden="true" className="size-3.5" />
            </button>
          </li>
        ))}
      </ul>
      <button
        type="button"
        className="h-8 px-2 text-sm font-medium text-brand-700 underline-offset-4 hover:underline"
        onClick={() => onChange(clearFilters(state))}
      >
        Clear all
      </button>
    </div>
  );
}
