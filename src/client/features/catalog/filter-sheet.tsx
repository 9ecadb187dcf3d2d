/**
 * The filters on phones and tablets (under 1024 px): a 'Filters' button (with the number chosen) opening a
 * bottom sheet. Choices apply at once, so the counts and the sheet's 'Show N products' button follow every
 * tick. The sheet (Radix Dialog) is its own chunk, loaded on the first press (or when the pointer comes
 * near), so the listing's first load does not carry it.
 */
import { lazy, Suspense, useRef, useState, type ReactNode } from 'react';
import { SlidersHorizontal } from 'lucide-react';
import { buttonVariants } from '@client/components/ui/button-variants';
import { cn } from '@client/lib/utils';

const loadDialog = () => import('./filter-sheet-dialog');
const FilterSheetDialog = lazy(async () => ({ default: (await loadDialog()).FilterSheetDialog }));

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
  // Mounted from the first press on, so closing keeps Radix's exit handling and reopening is instant.
  const [asked, setAsked] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        ref={button}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        className={cn(buttonVariants({ variant: 'outline' }), className)}
        onPointerEnter={() => void loadDialog()}
        onClick={() => {
          setAsked(true);
          setOpen(true);
        }}
      >
        <SlidersHorizontal aria-hidden="true" />
        Filters
        {chosenCount > 0 && (
          <span className="ml-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-brand-700 px-1 text-xs font-bold text-white">
            <span className="sr-only">, chosen: </span>
            {chosenCount}
          </span>
        )}
      </button>
      {asked && (
        <Suspense fallback={null}>
          <FilterSheetDialog
            open={open}
            onOpenChange={setOpen}
            returnFocusTo={button}
            showLabel={showProductsLabel(total)}
            onClearAll={onClearAll}
          >
            {children}
          </FilterSheetDialog>
        </Suspense>
      )}
    </>
  );
}
