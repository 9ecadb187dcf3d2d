/**
 * The product page's delivery check (docs/delivery.md): the shopper types a PIN code and reads 'Delivery to
 * 302001 in 3–5 days' (with the shipping charge when there is one) or 'We do not deliver to this PIN code
 * yet', as `GET /delivery/check` answers it. The PIN code is remembered for the session (sessionStorage), so
 * the next product page checks it at once.
 */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { Truck } from 'lucide-react';
import type { z } from 'zod';
import { deliveryEstimateText, PIN_NOT_SERVED_MESSAGE } from '@shared/delivery/delivery-rules';
import { deliveryCheckQuerySchema } from '@shared/delivery/delivery-schemas';
import { formatRupees } from '@shared/money';
import { Button } from '@client/components/ui/button';
import { FormField } from '@client/components/ui/form-field';
import { Input } from '@client/components/ui/input';
import { deliveryCheckQueryOptions } from './delivery-api';

/** The sessionStorage key of the PIN code last checked. */
export const DELIVERY_PIN_KEY = 'resham.delivery-pin';

const pinFormSchema = deliveryCheckQuerySchema.pick({ postalCode: true });
type PinForm = z.infer<typeof pinFormSchema>;

function rememberedPin(): string {
  try {
    return sessionStorage.getItem(DELIVERY_PIN_KEY) ?? '';
  } catch {
    return '';
  }
}

/**
 * The line under the check: the estimate with ' · Shipping ₹99' or ' · Free shipping', or the not-served
 * message.
 */
export function deliveryCheckText(answer: {
  postalCode: string;
  served: boolean;
  shipping: number | null;
  minDays: number | null;
  maxDays: number | null;
}): string {
  if (!answer.served || answer.minDays === null || answer.maxDays === null) return PIN_NOT_SERVED_MESSAGE;
  const estimate = deliveryEstimateText(answer.postalCode, answer.minDays, answer.maxDays);
  if (answer.shipping === null) return estimate;
  return `${estimate} · ${answer.shipping === 0 ? 'Free shipping' : `Shipping ${formatRupees(answer.shipping)}`}`;
}

export function DeliveryPinCheck({ subtotal }: { subtotal: number }) {
  const [checked, setChecked] = useState(rememberedPin);
  const form = useForm<PinForm>({
    resolver: zodResolver(pinFormSchema),
    defaultValues: { postalCode: checked },
  });
  const answer = useQuery(deliveryCheckQueryOptions(checked, subtotal));
  const submit = form.handleSubmit(({ postalCode }) => {
    setChecked(postalCode);
    try {
      sessionStorage.setItem(DELIVERY_PIN_KEY, postalCode);
    } catch {
      // Storage refused (private mode): the check still works for this page.
    }
  });

  return (
    <section
      aria-labelledby="delivery-check"
      className="flex flex-col gap-2 rounded-md border border-stone-200 p-3"
    >
      <h2 id="delivery-check" className="flex items-center gap-2 text-sm font-semibold text-stone-900">
        <Truck aria-hidden="true" className="size-4" />
        Check delivery
      </h2>
      <form noValidate className="flex items-start gap-2" onSubmit={submit} aria-label="Check delivery">
        <FormField
          id="delivery-pin"
          label={<span className="sr-only">PIN code</span>}
          className="flex-1"
          error={form.formState.errors.postalCode?.message}
        >
          {(control) => (
            <Input
              {...control}
              inputMode="numeric"
              maxLength={6}
              autoComplete="postal-code"
              placeholder="PIN code"
              {...form.register('postalCode')}
            />
          )}
        </FormField>
        <Button type="submit" variant="outline">
          Check
        </Button>
      </form>
      {answer.data && (
        <p
          role="status"
          data-testid="delivery-check-result"
          className={answer.data.served ? 'text-sm text-green-800' : 'text-sm text-red-700'}
        >
          {deliveryCheckText(answer.data)}
        </p>
      )}
      {answer.isError && (
        <p role="status" className="text-sm text-red-700">
          The delivery check failed. Please try again.
        </p>
      )}
    </section>
  );
}
