/**
 * 'Cancel order' on a Pending order of My Orders: the first press asks to confirm in place ('Yes, cancel order'
 * / 'Keep order'); confirming cancels it on the server, which releases its stock. A refusal (for example it was
 * paid meanwhile) shows the server's text and the list is read again.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { XCircle } from 'lucide-react';
import { Button } from '@client/components/ui/button';
import { ApiError } from '@client/lib/api-client';
import { errorText } from '@client/lib/error-text';
import { toast } from '@client/lib/notify';
import {
  CANCEL_FAILED,
  CANCEL_ORDER,
  CANCEL_ORDER_QUESTION,
  CONFIRM_CANCEL,
  KEEP_ORDER,
  ORDER_CANCELLED,
} from './cancel-order-texts';
import { useCancelOrderMutation } from './orders-api';

export function CancelOrderButton({ orderId }: { orderId: string }) {
  const [confirming, setConfirming] = useState(false);
  const cancel = useCancelOrderMutation();
  const questionId = useId();
  const keepRef = useRef<HTMLButtonElement>(null);

  // Move focus into the question so keyboard and screen-reader users land on the choice.
  useEffect(() => {
    if (confirming) keepRef.current?.focus();
  }, [confirming]);

  const confirm = async () => {
    try {
      await cancel.mutateAsync(orderId);
      toast.success(ORDER_CANCELLED, { description: `Order ${orderId} has been cancelled.` });
    } catch (error) {
      // docs/product.md §8: only a refusal of the order's state (409) is explained; any other failure is CANCEL_FAILED.
      toast.error(errorText(error instanceof ApiError && error.status === 409 ? error : null, CANCEL_FAILED));
      setConfirming(false);
    }
  };

  if (!confirming) {
    return (
      <Button
        variant="outline"
        className="text-red-700 hover:text-red-800"
        aria-label={`${CANCEL_ORDER} ${orderId}`}
        onClick={() => setConfirming(true)}
      >
        <XCircle aria-hidden="true" />
        {CANCEL_ORDER}
      </Button>
    );
  }

  const busy = cancel.isPending;
  return (
    <div
      role="group"
      aria-labelledby={questionId}
      className="flex w-full flex-wrap items-center justify-end gap-2 rounded-md bg-red-50 px-3 py-2"
    >
      <p id={questionId} className="mr-auto text-sm text-red-800">
        {CANCEL_ORDER_QUESTION}
      </p>
      <Button ref={keepRef} variant="outline" disabled={busy} onClick={() => setConfirming(false)}>
        {KEEP_ORDER}
      </Button>
      <Button
        variant="destructive"
        disabled={busy}
        aria-busy={busy || undefined}
        onClick={() => void confirm()}
      >
        {CONFIRM_CANCEL}
      </Button>
    </div>
  );
}
