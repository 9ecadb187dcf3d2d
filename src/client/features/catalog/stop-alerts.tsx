/**
 * 'Stop alerts' on the product page (docs/messages.md "Back-in-stock alerts"): a back-in-stock alert's
 * unsubscribe link opens the product with `?stop-alert={token}`; one tap on the button ends the alert (a
 * button, not the opening itself, so a mail program that opens the link to check it stops nothing) and shows
 * the server's answer. Part of the lazy 'Notify me' chunk.
 */
import { useMutation } from '@tanstack/react-query';
import { stockAlertTexts, stockAlertUnsubscribedSchema } from '@shared/stock-alerts/stock-alert-schemas';
import { Button } from '@client/components/ui/button';
import { FormError } from '@client/components/ui/form-error';
import { apiRequest } from '@client/lib/api-client';

export function StopAlerts({ token }: { token: string }) {
  const stop = useMutation({
    mutationFn: () =>
      apiRequest('/stock-alerts/unsubscribe', {
        method: 'POST',
        body: { token },
        schema: stockAlertUnsubscribedSchema,
      }),
  });
  if (stop.isSuccess) {
    return (
      <p role="status" className="rounded-lg bg-stone-100 p-3 text-sm text-stone-800">
        {stop.data.message}
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-3 rounded-lg border border-stone-200 p-4">
      <p className="text-sm text-stone-700">Stop the back-in-stock alerts for this product?</p>
      <FormError error={stop.error} fallback={stockAlertTexts.linkInvalid} />
      <Button
        type="button"
        variant="outline"
        className="sm:self-start"
        disabled={stop.isPending}
        onClick={() => stop.mutate()}
      >
        Stop alerts
      </Button>
    </div>
  );
}
