/**
 * The product page's delivery check (docs/delivery.md): the shopper types a PIN code and reads 'Get it by Tue,
 * 3 Dec' (with the days the chosen add-ons add, and the shipping charge when there is one) and whether cash on delivery is available there, or 'We
 * do not deliver to this PIN code yet', as `GET /delivery/check` answers it; a PIN code of no state is refused
 * before asking ('Enter a valid PIN code'). The PIN code is remembered for the session (sessionStorage), so
 * the next product page checks it at once. One field checked with the shared schema's rule and message: a plain
 * controlled form, so the product page does not load the react-hook-form chunk (~15 KB gzipped) for it.
 */
import { useState, useSyncExternalStore, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert } from '@client/components/ui/alert';
import { Button } from '@client/components/ui/button';
import { FieldError, Input, Label } from '@client/components/ui/input';
import { deliveryCheckQueryOptions } from '@client/lib/delivery/delivery-check-query';
import { deliveryCheckText, deliveryCodText } from '@client/lib/delivery/delivery-check-text';

/** The sessionStorage key of the PIN code last checked. */
export const DELIVERY_PIN_KEY = 'resham.delivery-pin';

const subscribeToNothing = () => () => undefined;

function rememberedPin(): string {
  try {
    return sessionStorage.getItem(DELIVERY_PIN_KEY) ?? '';
  } catch {
    return '';
  }
}

/** `addOns`: the codes of the add-ons chosen for the line (their longest lead time is added). */
export function DeliveryPinCheck({ subtotal, addOns = [] }: { subtotal: number; addOns?: string[] }) {
  // The remembered PIN code is read after hydration: a server-rendered page knows none.
  const remembered = useSyncExternalStore(subscribeToNothing, rememberedPin, () => '');
  const [checkedNow, setChecked] = useState<string | null>(null);
  const [typedNow, setTyped] = useState<string | null>(null);
  const checked = checkedNow ?? remembered;
  const typed = typedNow ?? checked;
  const [error, setError] = useState<string | undefined>();
  const answer = useQuery(deliveryCheckQueryOptions(checked, subtotal, addOns));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // The PIN code's rule and message, the same as the server's query schema (loaded at the first check).
    const { deliveryCheckQuerySchema } = await import('@shared/delivery/delivery-schemas');
    const parsed = deliveryCheckQuerySchema.shape.postalCode.safeParse(typed);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    setChecked(parsed.data);
    try {
      sessionStorage.setItem(DELIVERY_PIN_KEY, parsed.data);
    } catch {
      // Storage refused (private mode): the check still works for this page.
    }
  };

  return (
    <section
      aria-labelledby="delivery-check"
      className="flex flex-col gap-2 rounded-md border border-stone-200 p-3"
    >
      <h2 id="delivery-check" className="text-sm font-semibold text-stone-900">
        Check delivery
      </h2>
      <form noValidate className="flex items-start gap-2" onSubmit={submit} aria-label="Check delivery">
        <div className="flex flex-1 flex-col gap-1">
          <Label htmlFor="delivery-pin" className="sr-only">
            PIN code
          </Label>
          <Input
            id="delivery-pin"
            inputMode="numeric"
            maxLength={6}
            autoComplete="postal-code"
            placeholder="PIN code"
            name="postalCode"
            value={typed}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'delivery-pin-error' : undefined}
            onChange={(event) => {
              setTyped(event.target.value);
              setError(undefined);
            }}
          />
          <FieldError id="delivery-pin-error">{error}</FieldError>
        </div>
        <Button type="submit" variant="outline">
          Check
        </Button>
      </form>
      {answer.data && (
        <div role="status" className="flex flex-col gap-0.5">
          <p
            data-testid="delivery-check-result"
            className={answer.data.served ? 'text-sm text-green-800' : 'text-sm text-red-700'}
          >
            {deliveryCheckText(answer.data)}
          </p>
          {deliveryCodText(answer.data) && (
            <p data-testid="delivery-check-cod" className="text-sm text-stone-700">
              {deliveryCodText(answer.data)}
            </p>
          )}
        </div>
      )}
      {answer.isError && <Alert role="status">The delivery check failed. Please try again.</Alert>}
    </section>
  );
}
