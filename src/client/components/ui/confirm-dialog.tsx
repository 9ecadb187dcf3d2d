/**
 * A confirmation before a step that cannot be undone (shadcn's AlertDialog on Radix): a modal with the
 * question as its title, what will happen as its description, optional extra content (e.g. a reason field),
 * and two choices — keep (closes, nothing happens; also Esc) and the destructive confirm. The caller owns
 * `open`, so the dialog stays up while the confirmed step runs (`busy`) and closes when it succeeds.
 */
import type { ReactNode } from 'react';
import { AlertDialog } from 'radix-ui';
import { Button } from './button';

export type ConfirmDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The question: 'Cancel order RS-7KQ29XD3?'. */
  title: string;
  /** What confirming does, in one or two sentences. */
  description: string;
  /** The choice that closes the dialog and changes nothing: 'Keep order'. */
  keepLabel: string;
  /** The destructive choice: 'Cancel order'. */
  confirmLabel: string;
  /** The confirm button's look: destructive (default), or the plain primary for a step that moves forward. */
  confirmVariant?: 'destructive' | 'default';
  onConfirm: () => void;
  /** The confirmed step is running: both choices are disabled. */
  busy?: boolean;
  /** Shown between the description and the choices. */
  children?: ReactNode;
};

export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  keepLabel,
  confirmLabel,
  onConfirm,
  busy = false,
  children,
  confirmVariant = 'destructive',
}: ConfirmDialogProps) {
  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <AlertDialog.Content className="dialog-below-toasts fixed left-1/2 z-50 overflow-y-auto flex w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 flex-col gap-3 rounded-lg bg-white p-4 shadow-xl focus:outline-none">
          <AlertDialog.Title className="text-base font-semibold text-stone-900">{title}</AlertDialog.Title>
          <AlertDialog.Description className="text-sm text-stone-700">{description}</AlertDialog.Description>
          {children}
          <div className="flex flex-wrap justify-end gap-2 pt-1">
            <AlertDialog.Cancel asChild>
              <Button variant="outline" disabled={busy}>
                {keepLabel}
              </Button>
            </AlertDialog.Cancel>
            <Button
              variant={confirmVariant}
              disabled={busy}
              aria-busy={busy || undefined}
              onClick={onConfirm}
            >
              {confirmLabel}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
