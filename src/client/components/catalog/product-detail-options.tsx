/**
 * The product page's choices (docs/product.md §2 "Product detail", §5 "Cart and product"): size and colour buttons
 * (toggle buttons with `aria-pressed`, grouped under their heading) and the quantity stepper — whole pieces
 * from 1, or metres from the product's minimum in its steps ('Quantity in metres'). A size or colour that is
 * sold out, or not made in the chosen colour, is struck through and disabled, and its accessible name says so.
 */
import { useId } from 'react';
import { Minus, Plus } from 'lucide-react';
import {
  formatQuantityNumber,
  maxQuantity,
  stepQuantity,
  type QuantityRule,
} from '@shared/catalog/unit-of-measure';
import { cn } from '@client/lib/utils';
import type { OptionChoice } from '@client/lib/catalog/product-variants';

type OptionGroupProps = {
  heading: string;
  options: readonly OptionChoice[];
  selected: string | null;
  onSelect(option: string): void;
  /** What an 'unavailable' option's accessible name adds, e.g. 'not available in Maroon'. */
  unavailableText?: string;
};

/** The accessible name of an option that cannot be chosen ('XL, sold out'); undefined for the others. */
function unavailableName(choice: OptionChoice, unavailableText: string): string | undefined {
  if (choice.status === 'sold-out') return `${choice.value}, sold out`;
  if (choice.status === 'unavailable') return `${choice.value}, ${unavailableText}`;
  return undefined;
}

/** A row of option buttons; the chosen one is pressed, those that cannot be chosen are disabled. */
export function OptionGroup({
  heading,
  options,
  selected,
  onSelect,
  unavailableText = 'not available',
}: OptionGroupProps) {
  const headingId = useId();
  return (
    <div role="group" aria-labelledby={headingId} className="flex flex-col gap-2">
      <h2 id={headingId} className="text-sm font-semibold text-stone-900">
        {heading}
        {selected && <span className="font-normal text-stone-600">: {selected}</span>}
      </h2>
      <div className="flex flex-wrap gap-2">
        {options.map((choice) => {
          const pressed = choice.value === selected;
          const unavailable = choice.status !== 'available';
          return (
            <button
              key={choice.value}
              type="button"
              aria-label={unavailableName(choice, unavailableText)}
              aria-pressed={pressed}
              disabled={unavailable}
              onClick={() => onSelect(choice.value)}
              className={cn(
                'min-h-10 min-w-12 rounded-md border px-3 text-sm font-medium transition-colors',
                unavailable
                  ? 'cursor-not-allowed border-dashed border-stone-300 bg-stone-50 text-stone-400 line-through'
                  : pressed
                    ? 'border-brand-700 bg-brand-700 text-white'
                    : 'border-stone-300 bg-white text-stone-800 hover:border-brand-600 hover:text-brand-700',
              )}
            >
              {choice.value}
            </button>
          );
        })}
      </div>
    </div>
  );
}

/** The stepper's heading: 'Quantity', or 'Quantity in metres' for fabric sold by the metre. */
export function quantityHeading(rule: QuantityRule): string {
  return rule.unit === 'm' ? 'Quantity in metres' : 'Quantity';
}

/**
 * The quantity stepper (docs/product.md §5, §9): minus is disabled at the minimum (1 piece, or the fabric's minimum
 * length), plus at the most one line may hold (10 pieces, 100 m); each press moves one step (1, or 0.5 m).
 */
export function QuantityStepper({
  value,
  onChange,
  rule,
}: {
  value: number;
  onChange(next: number): void;
  rule: QuantityRule;
}) {
  const labelId = useId();
  const stepClass =
    'inline-flex size-10 items-center justify-center text-stone-700 transition-colors hover:bg-stone-100 disabled:cursor-not-allowed disabled:opacity-40 [&_svg]:size-4';
  return (
    <div className="flex flex-col gap-2">
      <h2 id={labelId} className="text-sm font-semibold text-stone-900">
        {quantityHeading(rule)}
      </h2>
      <div className="flex items-center gap-2">
        <div
          role="group"
          aria-labelledby={labelId}
          className="inline-flex w-fit items-center rounded-md border border-stone-300"
        >
          <button
            type="button"
            className={cn(stepClass, 'rounded-l-md')}
            aria-label="Decrease quantity"
            disabled={value <= rule.minQuantity}
            onClick={() => onChange(stepQuantity(rule, value, -1))}
          >
            <Minus aria-hidden="true" />
          </button>
          <output
            aria-live="polite"
            aria-atomic="true"
            className="min-w-12 text-center text-base font-semibold tabular-nums"
          >
            {formatQuantityNumber(value)}
          </output>
          <button
            type="button"
            className={cn(stepClass, 'rounded-r-md')}
            aria-label="Increase quantity"
            disabled={value >= maxQuantity(rule)}
            onClick={() => onChange(stepQuantity(rule, value, 1))}
          >
            <Plus aria-hidden="true" />
          </button>
        </div>
        {rule.unit === 'm' && (
          <span aria-hidden="true" className="text-sm text-stone-600">
            {value === 1 ? 'metre' : 'metres'}
          </span>
        )}
      </div>
    </div>
  );
}
