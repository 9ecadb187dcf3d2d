/**
 * 'Apply coupon' of the cart and the checkout (docs/discounts.md): a code field checked with the shared schema
 * (react-hook-form), then the server's verdict from the checkout quote — the applied coupon with its
 * description and a Remove button, or the reason it cannot be used ('This code has expired'). Not a `<form>`
 * of its own: on the checkout it sits inside the order's form, so Enter and the button apply the code.
 */
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Tag, X } from 'lucide-react';
import { applyCouponFormSchema, type ApplyCouponForm } from '@shared/discounts/coupon-schemas';
import { Button } from '@client/components/ui/button';
import { FormField } from '@client/components/ui/form-field';
import { Input } from '@client/components/ui/input';

export const APPLY_COUPON_LABEL = 'Apply coupon';

export function CouponField({
  code,
  onChange,
  applied,
  error,
}: {
  /** The applied code ('' none). */
  code: string;
  onChange: (code: string) => void;
  /** The coupon the server applied, when it did. */
  applied: { code: string; description: string } | null;
  /** Why the server refused `code`, when it did. */
  error: string | null;
}) {
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<ApplyCouponForm>({ resolver: zodResolver(applyCouponFormSchema), defaultValues: { code } });
  const apply = handleSubmit((values) => onChange(values.code));

  if (applied) {
    return (
      <div className="flex items-start justify-between gap-3 rounded-md border border-green-200 bg-green-50 p-3 text-sm">
        <p className="flex items-start gap-2 text-green-800" data-testid="coupon-applied">
          <Tag aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>
            <strong>{applied.code}</strong> applied
            {applied.description ? <span className="block text-green-700">{applied.description}</span> : null}
          </span>
        </p>
        <Button
          type="button"
          variant="ghost"
          size="sm"
          onClick={() => {
            onChange('');
            reset({ code: '' });
          }}
        >
          <X aria-hidden="true" />
          Remove
        </Button>
      </div>
    );
  }
  const message = errors.code?.message ?? (code ? (error ?? undefined) : undefined);
  return (
    <FormField id="coupon-code" label="Coupon code" error={message}>
      {(control) => (
        <div className="flex gap-2">
          <Input
            {...control}
            autoComplete="off"
            autoCapitalize="characters"
            placeholder="e.g. FIRST10"
            className="uppercase"
            {...register('code')}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                void apply();
              }
            }}
          />
          <Button type="button" variant="outline" onClick={() => void apply()}>
            {APPLY_COUPON_LABEL}
          </Button>
        </div>
      )}
    </FormField>
  );
}
