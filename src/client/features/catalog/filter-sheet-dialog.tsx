/**
 * The bottom sheet of the listing's filters (Radix Dialog: focus kept inside, Esc and the backdrop close it,
 * the page behind does not scroll). Its own chunk, loaded when a phone's shopper first asks for the filters:
 * wide screens, which show the side panel, never load it.
 */
import type { ReactNode, RefObject } from 'react';
import { Dialog } from 'radix-ui';
import { X } from 'lucide-react';
import { buttonVariants } from '@client/components/ui/button-variants';
import { cn } from '@client/lib/utils';

export type FilterSheetDialogProps = {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** Gets the focus back when the sheet closes (the 'Filters' button, outside this chunk). */
  returnFocusTo: RefObject<HTMLButtonElement | null>;
  /** The close button's text ('Show 11 products'). */
  showLabel: string;
  onClearAll?: () => void;
  children: ReactNode;
};

export function FilterSheetDialog({
  open,
  onOpenChange,
  returnFocusTo,
  showLabel,
  onClearAll,
  children,
}: FilterSheetDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <Dialog.Content
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocusTo.current?.focus();
          }}
          className="sheet-below-toasts fixed inset-x-0 bottom-0 z-50 flex flex-col rounded-t-2xl bg-white pb-[env(safe-area-inset-bottom)] shadow-xl focus:outline-none"
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
            <Dialog.Close className={cn(buttonVariants(), 'flex-[2]')}>{showLabel}</Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
