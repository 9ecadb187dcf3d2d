/**
 * 'Notify me' on the product page (docs/messages.md "Back-in-stock alerts"): for a sold-out product, or its
 * sold-out sizes, the shopper leaves an e-mail address or a WhatsApp number and hears once when it is back
 * (`POST /products/{id}/stock-alerts`); opened from an alert's unsubscribe link, 'Stop alerts'
 * (./stop-alerts.tsx). Loaded with React.lazy by the product page only when something is sold out or the link
 * asks, so neither the first load nor the product page's own chunk carries it.
 */
import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Bell } from 'lucide-react';
import { stockAlertCreatedSchema, stockAlertTexts } from '@shared/stock-alerts/stock-alert-schemas';
import { Button } from '@client/components/ui/button';
import { FieldError, Input, Label } from '@client/components/ui/input';
import { FormError } from '@client/components/ui/form-error';
import { ApiError, apiRequest } from '@client/lib/api-client';
import type { ProductDetailView } from '@client/lib/catalog/product-variants';
import { StopAlerts } from './stop-alerts';

/** The sold-out sizes of `product` as the form lists them ('L · White'). */
function soldOutSizes(product: ProductDetailView) {
  return product.variants
    .filter((variant) => !variant.available)
    .map((variant) => ({
      id: variant.id,
      label: [variant.size, variant.color].filter(Boolean).join(' · ') || variant.sku,
    }));
}

/**
 * The product page's alert panel: 'Stop alerts' when the page was opened from an alert's unsubscribe link
 * (`stopToken`), else 'Notify me' for what is sold out.
 */
export function NotifyMe(props: {
  product: ProductDetailView;
  variantId: string | null;
  stopToken: string | null;
}) {
  return props.stopToken ? <StopAlerts token={props.stopToken} /> : <NotifyMeForm {...props} />;
}

function NotifyMeForm({ product, variantId }: { product: ProductDetailView; variantId: string | null }) {
  const sizes = soldOutSizes(product);
  const [open, setOpen] = useState(false);
  const [size, setSize] = useState(variantId && sizes.some((s) => s.id === variantId) ? variantId : '');
  const [channel, setChannel] = useState<'email' | 'phone'>('email');
  const [contact, setContact] = useState('');
  const send = useMutation({
    mutationFn: () =>
      apiRequest(`/products/${encodeURIComponent(product.id)}/stock-alerts`, {
        method: 'POST',
        body: { ...(sizes.length > 0 ? { variantId: size || undefined } : {}), [channel]: contact },
        schema: stockAlertCreatedSchema,
      }),
  });
  const fields = send.error instanceof ApiError ? send.error.fields : {};
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send.mutate();
  };

  if (!open) {
    return (
      <Button variant="outline" className="w-full sm:w-auto" onClick={() => setOpen(true)}>
        <Bell aria-hidden="true" />
        {sizes.length > 0 && product.variants.some((variant) => variant.available)
          ? 'Size sold out? Notify me'
          : 'Notify me'}
      </Button>
    );
  }
  if (send.isSuccess) {
    return (
      <p role="status" className="rounded-lg bg-emerald-50 p-3 text-sm text-emerald-800">
        {send.data.message}
      </p>
    );
  }
  return (
    <form
      onSubmit={submit}
      aria-label="Notify me when it is back"
      className="flex flex-col gap-3 rounded-lg border border-stone-200 p-4"
      noValidate
    >
      <p className="text-sm font-semibold text-stone-900">Tell me when it is back in stock</p>
      {sizes.length > 0 && (
        <div className="flex flex-col gap-1">
          <Label htmlFor="notify-size">Size</Label>
          <select
            id="notify-size"
            className="field"
            value={size}
            onChange={(event) => setSize(event.target.value)}
          >
            <option value="">Choose a size</option>
            {sizes.map((option) => (
              <option key={option.id} value={option.id}>
                {option.label}
              </option>
            ))}
          </select>
          <FieldError>{fields.variantId}</FieldError>
        </div>
      )}
      <fieldset className="flex gap-4 text-sm">
        <legend className="sr-only">Send it by</legend>
        {(['email', 'phone'] as const).map((option) => (
          <label key={option} className="flex items-center gap-2">
            <input
              type="radio"
              name="notify-channel"
              checked={channel === option}
              onChange={() => setChannel(option)}
            />
            {option === 'email' ? 'E-mail' : 'WhatsApp'}
          </label>
        ))}
      </fieldset>
      <div className="flex flex-col gap-1">
        <Label htmlFor="notify-contact">{channel === 'email' ? 'E-mail address' : 'WhatsApp number'}</Label>
        <Input
          id="notify-contact"
          type={channel === 'email' ? 'email' : 'tel'}
          autoComplete={channel === 'email' ? 'email' : 'tel'}
          inputMode={channel === 'email' ? 'email' : 'tel'}
          value={contact}
          onChange={(event) => setContact(event.target.value)}
        />
        <FieldError>{fields.email ?? fields.phone}</FieldError>
      </div>
      <FormError error={send.error} fallback={stockAlertTexts.noContact} />
      <Button type="submit" disabled={send.isPending} className="sm:self-start">
        Notify me
      </Button>
    </form>
  );
}
