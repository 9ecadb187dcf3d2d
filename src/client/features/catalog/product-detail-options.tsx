/**
 * The product page's choices (spec §2 "Product detail", §5 "Cart and product"): size and colour buttons
 * (toggle buttons with `aria-pressed`, grouped under their heading) and the quantity stepper (minimum 1).
 */
import { useId } from 'react';
import { Minus, Plus } from 'lucide-react';
import { MIN_QUANTITY } from '@client/lib/cart/cart-reducer';
import { cn } from '@client/lib/utils';

type OptionGroupProps = {
  heading: string;
  options: readonly string[];
  selected: string | null;
  onSelect(option: string): void;
};

/** A row of option buttons; the chosen one is pressed. */
export function OptionGroup({ heading, options, selected, onSelect }: OptionGroupProps) {
  const headingId = useId();
  return (
    <div role="group" aria-labelledby={headingId} className="flex flex-col gap-2">
      <h2 id={headingId} className="text-sm font-semibold text-stone-900">
        {heading}
        {selected && <span className="font-normal text-stone-600">: {selected}</span>}
      </h2>
      <div className="flex flex-wrap gap-2">
        {options.map((option) => {
          const pressed = option === selected;
          return (
            <button
              key={option}
              type="button"
              aria-pressed={pressed}
              onClick={() => onSelect(option)}
              className={cn(
                'min-h-10 min-w-12 rounded-md border px-3 text-sm font-medium transition-colors',
                pressed
                  ? 'border-brand-700 bg-brand-700 text-white'
                  : 'border-stone-300 bg-white text-stone-800 hover:border-brand-600 hover:text-brand-700',
              )}
            >
              {option}
            </button>
          );
        })}
      </div>
    </div>
  );
}

/** The quantity stepper: minus is disabled at the minimum of 1 (spec §5, §9). */
export function QuantityStepper({ value, onChange }: { value: number; onChange(next: number): void }) {
  const labelId = useId();
  const stepClass =
    'inline-flex size-10 items-center justify-center text-stone-700 transition-colors hover:bg-stone-100 disabled:cursor-not-allowed disabled:opacity-40 [&_svg]:size-4';
  return (
    <div className="flex flex-col gap-2">
      <h2 id={labelId} className="text-sm font-semibold text-stone-900">
        Quantity
      </h2>
      <div
        role="group"
        aria-labelledby={labelId}
        className="inline-flex w-fit items-center rounded-md border border-stone-300"
      >
        <button
          type="button"
          className={cn(stepClass, 'rounded-l-md')}
          aria-label="Decrease quantity"
          disabled={value <= MIN_QUANTITY}
          onClick={() => onChange(Math.max(MIN_QUANTITY, value - 1))}
        >
          <Minus aria-hidden="true" />
        </button>
        <output
          aria-live="polite"
          aria-atomic="true"
          className="min-w-10 text-center text-base font-semibold tabular-nums"
        >
          {value}
        </output>
        <button
          type="button"
          className={cn(stepClass, 'rounded-r-md')}
          aria-label="Increase quantity"
          onClick={() => onChange(value + 1)}
        >
          <Plus aria-hidden="true" />
        </button>
      </div>
    </div>
  );
}
