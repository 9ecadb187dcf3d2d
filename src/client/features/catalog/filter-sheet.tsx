/**
 * The filters on phones and tablets: a 'Filters' button (with the number chosen) opening a bottom sheet
 * (Radix Dialog: focus kept inside, Esc and the backdrop close it). Choices apply at once, so the counts and
 * the 'Show N products' button follow every tick.
 */
import { useState, type ReactNode } from 'react';
import { Dialog } from 'radix-ui';
import { SlidersHorizontal, X } from 'lucide-react';
import { buttonVariants } from '@client/components/ui/button-variants';
import { cn } from '@client/lib/utils';

type FilterSheetProps = {
  /** Filters chosen (shown on the button). */
  chosenCount: number;
  /** Products the current choice gives (the close button reads 'Show N products'); null while loading. */
  total: number | null;
  /** 'Clear all' inside the sheet; omitted when nothing is chosen. */
  onClearAll?: () => void;
  children: ReactNode;
  className?: string;
};

/** 'Show 1 product', 'Show 12 products'. */
export function showProductsLabel(total: number | null): string {
  if (total === null) return 'Show products';
  return `Show ${total} ${total === 1 ? 'product' : 'products'}`;
}

export function FilterSheet({ chosenCount, total, onClearAll, children, className }: FilterSheetProps) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger className={cn(buttonVariants({ variant: 'outline' }), className)}>
        <SlidersHorizontal aria-hidden="true" />
        Filters
        {chosenCount > 0 && (
          <span className="ml-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-brand-700 px-1 text-xs font-bold text-white">
            <span className="sr-only">, chosen: </span>
            {chosenCount}
          </span>
        )}
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed inset-x-0 bottom-0 z-50 flex max-h-[85dvh] flex-col rounded-t-2xl bg-white pb-[env(safe-area-inset-bottom)] shadow-xl focus:outline-none"
        >
          <div className="flex items-center justify-between border-b border-stone-200 px-4 py-3">
            <Dialog.Title className="text-lg font-semibold text-stone-900">Filters</Dialog.Title>
            <Dialog.Close
              aria-label="Close filters"
              className={cn(buttonVariants({ variant: 'ghost', size: 'icon' }), '[&_svg]:size-5')}
            >
              <X aria-hidden="true" />
            </Dialog.Close>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-4 py-4">{children}</div>
          <div className="flex gap-3 border-t border-stone-200 px-4 py-3">
            {onClearAll && (
              <button
                type="button"
                className={cn(buttonVariants({ variant: 'outline' }), 'flex-1')}
                onClick={onClearAll}
              >
                Clear all
              </button>
            )}
            <Dialog.Close className={cn(buttonVariants(), 'flex-[2]')}>
              {showProductsLabel(total)}
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
